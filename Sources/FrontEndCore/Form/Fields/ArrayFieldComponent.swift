import Localization
import RxWidgetsClient
import RxWidgetsCommandLine

/// An array field: its own row and each item's add an item (`+`), and
/// each item's row removes it (`-`) or moves it (Alt+↑/↓, which also work from any of the
/// item's fields). Each item's fields are fields of their own kinds below
/// its row.
package enum ArrayFieldComponent: FieldComponent {
    package static func keys(for field: RemoteForm.Field) -> String {
        // TRANSLATORS: a help line's fragment: a key as printed on the keyboard (kept as it is), then what it does to a list's items.
        field.item.isEmpty ? [tr("+ add"), tr("- remove"), tr("alt+↑/↓ move")].joined(separator: " · ") : tr("+ add")
    }

    package static func update(_ field: RemoteForm.Field, _ key: Key, _ model: inout FormModel) -> [FormCommand]? {
        let row = model.daemon.itemRows[field.name]
        switch key {
        case .character("-"), .delete:
            guard let row else { return nil }
            // The focus stays where the item was: on the one after it, else the one before, else the array.
            model.focus = row.count > 1 ? "\(row.array)[\(min(row.index, row.count - 2))]" : row.array
            model.forgetItems(of: row.array)
            return [.call(.removeItem(field: row.array, index: row.index))]
        case .character("+"):
            // On the array's row or an item's, + adds an item after the others and goes to it.
            let array = row?.array ?? field.name
            let count = model.daemon.values[array]?.arrayElements?.count ?? 0
            let layout = model.daemon.layout.first { $0.name == array }
            if let most = layout?.maximum.flatMap({ try? UInt32(dbusValue: $0) }), count >= Int(most) {
                // TRANSLATORS: {0} is a list field's label, {1} the most items it holds.
                model.status = (tr(one: "{0} holds at most {1} item", other: "{0} holds at most {1} items", count: Int(most), layout?.label ?? array, most), .error)
                return []
            }
            model.focus = "\(array)[\(count)]"
            return [.call(.addItem(array))]
        default:
            return nil
        }
    }

    /// Alt+↑/↓ anywhere in an item: the item moves one place, the focus with it.
    package static func move(_ key: Key, in model: inout FormModel) -> [FormCommand]? {
        guard key == .altUp || key == .altDown, let focus = model.focus, let row = model.daemon.item(of: focus) else { return nil }
        let target = row.index + (key == .altUp ? -1 : 1)
        guard (0..<row.count).contains(target) else { return [] }
        // What was typed in the item goes first; the focus follows the item, on its row.
        let commands = model.finishEditing()
        model.focus = "\(row.array)[\(target)]"
        model.forgetItems(of: row.array)
        return commands + [.call(.moveItem(field: row.array, from: row.index, to: target))]
    }
}
