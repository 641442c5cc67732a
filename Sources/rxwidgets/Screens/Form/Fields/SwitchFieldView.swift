import FrontEndCore
import Localization
import RxWidgetsClient
import RxWidgetsCommandLine

/// How a switch field is drawn on the terminal.
extension SwitchFieldComponent: FieldView {
    static func view(_ field: RemoteForm.Field, in model: FormModel, focused: Bool, border: Style) -> Line {
        // TRANSLATORS: a switch's state, after its box ("[x] on", "[ ] off").
        Line(model.daemon.values[field.name] == .boolean(true) ? "[x] " + tr("on") : "[ ] " + tr("off"), focused ? .accent : .plain)
    }
}
