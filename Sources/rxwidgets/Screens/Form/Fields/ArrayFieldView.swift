import FrontEndCore
import RxWidgetsClient
import RxWidgetsCommandLine

/// How an array field is drawn on the terminal: its row says how many
/// items it holds and within what counts; each item's row is a rule its
/// fields hang under.
extension ArrayFieldComponent: FieldView {
    static func view(_ field: RemoteForm.Field, in model: FormModel, focused: Bool, border: Style) -> Line {
        if model.daemon.itemRows[field.name] != nil {
            return Line(focused ? "── + add · - remove · alt+↑/↓ move" : "──", focused ? .accent : .dim)
        }
        let count = model.daemon.values[field.name]?.arrayElements?.count ?? 0
        let bounds = [field.minimum, field.maximum].map { $0.flatMap { try? UInt32(dbusValue: $0) } }
        var counts = count == 1 ? "1 item" : "\(count) items"
        if let most = bounds[1] {
            counts += " (\(bounds[0].map { $0 > 0 ? "\($0)–" : "up to " } ?? "up to ")\(most))"
        }
        var line = Line(counts, .plain)
        line.append(focused && bounds[1].map({ count < Int($0) }) ?? true ? "  + add" : "", .accent)
        return line
    }
}
