import FrontEndCore
import RxWidgetsClient
import RxWidgetsCommandLine

/// How a switch field is drawn on the terminal.
extension SwitchFieldComponent: FieldView {
    static func view(_ field: RemoteForm.Field, in model: FormModel, focused: Bool, border: Style) -> Line {
        Line(model.daemon.values[field.name] == .boolean(true) ? "[x] on" : "[ ] off", focused ? .accent : .plain)
    }
}
