import FrontEndCore
import RxWidgetsClient
import RxWidgetsCommandLine

/// How a file field is drawn on the terminal: the names chosen (the
/// browser opens over the form).
extension FileFieldComponent: FieldView {
    static func view(_ field: RemoteForm.Field, in model: FormModel, focused: Bool, border: Style) -> Line {
        let value = model.daemon.values[field.name]
        let chosen = !paths(in: value).isEmpty
        var line = Line(field.chooser.mode == .folder ? "▸ " : "≡ ", focused ? .accent : border)
        line.append(summary(of: value, for: field), chosen ? (focused ? .accent : .plain) : .dim)
        return line
    }
}
