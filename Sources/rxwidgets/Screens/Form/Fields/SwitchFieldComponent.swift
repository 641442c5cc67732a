import RxWidgetsClient
import RxWidgetsCommandLine

/// A switch: `[x] on` / `[ ] off`; Space toggles it.
enum SwitchFieldComponent: FieldComponent {
    static func keys(for field: RemoteForm.Field) -> String { "space toggle" }

    static func view(_ field: RemoteForm.Field, in model: FormModel, focused: Bool, border: Style) -> Line {
        Line(model.daemon.values[field.name] == .boolean(true) ? "[x] on" : "[ ] off", focused ? .accent : .plain)
    }

    static func update(_ field: RemoteForm.Field, _ key: Key, _ model: inout FormModel) -> [FormCommand]? {
        guard key == .character(" ") else { return nil }
        return [.call(.setValue(field: field.name, value: .boolean(model.daemon.values[field.name] != .boolean(true)), .plain))]
    }
}
