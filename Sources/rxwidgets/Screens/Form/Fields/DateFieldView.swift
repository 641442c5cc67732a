import FrontEndCore
import RxWidgetsClient
import RxWidgetsCommandLine

/// How a date field is drawn on the terminal.
extension DateFieldComponent: FieldView {
    static func view(_ field: RemoteForm.Field, in model: FormModel, focused: Bool, border: Style) -> Line {
        let editing = model.editing?.field == field.name ? model.editing : nil
        let text = editing?.text ?? model.daemon.values[field.name]?.stringValue ?? ""
        var line = Line("[", border)
        for (offset, character) in text.enumerated() {
            line.append(String(character), focused && offset == editing?.cursor ? .cursor : .plain)
        }
        line.append("]", border)
        return line
    }
}
