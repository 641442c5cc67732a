import FrontEndCore
import Localization
import RxWidgetsClient
import RxWidgetsCommandLine

/// How an array field is drawn on the terminal: its row says how many
/// items it holds and within what counts; each item's row is a rule its
/// fields hang under.
extension ArrayFieldComponent: FieldView {
    static func view(_ field: RemoteForm.Field, in model: FormModel, focused: Bool, border: Style) -> Line {
        if model.daemon.itemRows[field.name] != nil {
            return Line(focused ? "── " + [tr("+ add"), tr("- remove"), tr("alt+↑/↓ move")].joined(separator: " · ") : "──", focused ? .accent : .dim)
        }
        let count = model.daemon.values[field.name]?.arrayElements?.count ?? 0
        let bounds = [field.minimum, field.maximum].map { $0.flatMap { try? UInt32(dbusValue: $0) } }
        // TRANSLATORS: how many items a list field holds.
        var counts = tr(one: "{0} item", other: "{0} items", count: count, count)
        if let most = bounds[1] {
            if let least = bounds[0], least > 0 {
                // TRANSLATORS: after how many items a list holds: the fewest and the most it takes, as "(1–5)".
                counts += " " + tr("({0}–{1})", least, most)
            } else {
                // TRANSLATORS: after how many items a list holds: the most it takes, as "(up to 5)".
                counts += " " + tr("(up to {0})", most)
            }
        }
        var line = Line(counts, .plain)
        line.append(focused && bounds[1].map({ count < Int($0) }) ?? true ? "  " + tr("+ add") : "", .accent)
        return line
    }
}
