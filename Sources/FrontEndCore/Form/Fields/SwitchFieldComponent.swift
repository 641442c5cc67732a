import Localization
import RxWidgetsClient
import RxWidgetsCommandLine

/// A switch: `[x] on` / `[ ] off`; Space toggles it.
package enum SwitchFieldComponent: FieldComponent {
    package static func keys(for field: RemoteForm.Field) -> String {
        // TRANSLATORS: a help line's fragment: the space bar (kept as "space"), then what it does: turn a switch on or off.
        tr("space toggle")
    }

    package static func update(_ field: RemoteForm.Field, _ key: Key, _ model: inout FormModel) -> [FormCommand]? {
        guard key == .character(" ") else { return nil }
        return [.call(.setValue(field: field.name, value: .boolean(model.daemon.values[field.name] != .boolean(true)), .plain))]
    }
}
