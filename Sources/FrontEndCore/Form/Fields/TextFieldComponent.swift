import Localization
import RxWidgetsClient
import RxWidgetsCommandLine

/// A text field: `[text ]` (bullets when secret, the placeholder while
/// empty); typing edits the buffer, which is sent throttled. A `multiline`
/// one takes Enter as a new line, draws its lines under one another (at most
/// `shownLines`) and is left with Tab or Ctrl-D.
package enum TextFieldComponent: FieldComponent {
    package struct State: FieldComponentState {
        /// A secret field's text as this front end last had it (the daemon
        /// never broadcasts a secret, API rule 13); nil for a field not secret
        /// or not edited yet, "" while the owner's value is being read.
        package var secret: String?

        package init() {}
    }

    package static let isTyped = true

    package static func keys(for field: RemoteForm.Field) -> String {
        // TRANSLATORS: a help line's fragment: a key as printed on the keyboard (kept as it is), then what it does: start a new line; finish the text.
        isMultiline(field) ? tr("enter new line") + " · " + tr("ctrl-d done") : ""
    }

    package static func isMultiline(_ field: RemoteForm.Field) -> Bool {
        field.multiline
    }

    /// `character` typed, unless the field holds its `maxLength` already
    /// (`--char-limit`): the key is taken and nothing is typed.
    private static func typing(_ character: Character, into field: RemoteForm.Field, _ model: inout FormModel) -> [FormCommand] {
        if let limit = field.maxLength, (model.editing?.text.count ?? 0) >= limit {
            return []
        }
        return model.edit { $0.text.append(character) }
    }

    package static func isLocalEdit(_ key: Key, in field: RemoteForm.Field) -> Bool {
        switch key {
        case .character, .backspace, .clearLine: return true
        case .enter: return isMultiline(field)
        default: return false
        }
    }

    package static func update(_ field: RemoteForm.Field, _ key: Key, _ model: inout FormModel) -> [FormCommand]? {
        switch key {
        case .enter where isMultiline(field): return typing("\n", into: field, &model)
        case .character(let character): return typing(character, into: field, &model)
        case .backspace: return model.edit { if !$0.text.isEmpty { $0.text.removeLast() } }
        case .clearLine: return model.edit { $0.text = "" }
        default: return nil
        }
    }
}
