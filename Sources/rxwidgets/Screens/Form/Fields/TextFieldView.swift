import FrontEndCore
import Localization
import RxWidgetsClient
import RxWidgetsCommandLine

/// How a text field is drawn on the terminal.
extension TextFieldComponent: FieldView {
    static let shownLines = 6

    /// The text as drawn: the edit buffer, a secret's own copy, or the daemon's value.
    private static func text(_ field: RemoteForm.Field, in model: FormModel) -> String {
        let isSecret = field.secret
        let text = model.editing?.field == field.name ? model.editing?.text ?? "" : (isSecret ? model.fields[TextFieldComponent.self, name: field.name].secret : nil) ?? model.daemon.values[field.name]?.stringValue ?? ""
        return isSecret ? String(repeating: "•", count: text.count) : text
    }

    static func continuation(_ field: RemoteForm.Field, in model: FormModel, focused: Bool) -> [Line] {
        guard isMultiline(field) else { return [] }
        let lines = text(field, in: model).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var drawn = lines.dropFirst().prefix(shownLines - 1).enumerated().map { index, text -> Line in
            let isLast = index == lines.count - 2
            var line = Line(" " + TextWidth.fit(text, 29))
            if focused && isLast { line.append(" ", .cursor) }
            return line
        }
        if lines.count > shownLines {
            // TRANSLATORS: under a text's first lines: how many more lines it holds.
            drawn.append(Line(" … " + tr(one: "{0} more line", other: "{0} more lines", count: lines.count - shownLines, lines.count - shownLines), .dim))
        }
        return drawn
    }

    static func view(_ field: RemoteForm.Field, in model: FormModel, focused: Bool, border: Style) -> Line {
        var shown = text(field, in: model)
        let severalLines = isMultiline(field) && shown.contains("\n")
        if isMultiline(field) {
            shown = String(shown.prefix { $0 != "\n" })
        }
        var line = Line("[", border)
        if shown.isEmpty, let placeholder = field.placeholder {
            // While empty, focused or not, as the spec's docs say.
            if focused { line.append(" ", .cursor) }
            line.append(TextWidth.pad(placeholder, focused ? 29 : 30), .dim)
        } else {
            let fitted = TextWidth.fit(shown, 29)
            line.append(fitted)
            // The cursor is at the end of the text: on its last line.
            let cursorHere = focused && !severalLines
            line.append(cursorHere ? " " : "", .cursor)
            line.append(String(repeating: " ", count: max(0, 30 - TextWidth.columns(fitted) - (cursorHere ? 1 : 0))))
        }
        line.append("]", border)
        return line
    }
}
