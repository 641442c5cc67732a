import RxWidgetsClient

/// A text field: `[text ]` (bullets when secret, the placeholder while
/// empty); typing edits the buffer, which is sent throttled.
enum TextFieldComponent: FieldComponent {
    static let isTyped = true

    static func view(_ field: RemoteForm.Field, in model: FormModel, focused: Bool, border: Style) -> Line {
        let isSecret = field.attributes["secret"] == .boolean(true)
        let text = model.editing?.field == field.name ? model.editing?.text ?? "" : (isSecret ? model.secrets[field.name] : nil) ?? model.daemon.values[field.name]?.stringValue ?? ""
        let shown = isSecret ? String(repeating: "•", count: text.count) : text
        var line = Line("[", border)
        if shown.isEmpty, let placeholder = field.attributes["placeholder"]?.stringValue {
            // While empty, focused or not, as the spec's docs say.
            if focused { line.append(" ", .cursor) }
            line.append(TextWidth.pad(placeholder, focused ? 29 : 30), .dim)
        } else {
            let fitted = TextWidth.fit(shown, 29)
            line.append(fitted)
            line.append(focused ? " " : "", .cursor)
            line.append(String(repeating: " ", count: max(0, 30 - TextWidth.columns(fitted) - (focused ? 1 : 0))))
        }
        line.append("]", border)
        return line
    }

    static func update(_ field: RemoteForm.Field, _ key: Key, _ model: inout FormModel) -> [FormCommand]? {
        switch key {
        case .character(let character): return model.edit { $0.text.append(character) }
        case .backspace: return model.edit { if !$0.text.isEmpty { $0.text.removeLast() } }
        case .clearLine: return model.edit { $0.text = "" }
        default: return nil
        }
    }
}
