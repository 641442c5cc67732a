import CGtk
import FrontEndCore
import RxWidgetsClient

/// An array field's row — how many items it holds and an Add button — or
/// one item's row: its name with Remove, Up and Down buttons. The item's
/// fields are rows of their own below it.
final class ArrayControl: FieldControl {
    let widget: Widget
    let container: Widget
    private let count: Widget?
    private let add: Widget?
    private let up: Widget?
    private let down: Widget?

    init(_ field: RemoteForm.Field, item: ItemRow?, actions: FieldActions) {
        if let item {
            let remove = gtk_button_new_with_label("Remove")!
            let up = gtk_button_new_with_label("Up")!
            let down = gtk_button_new_with_label("Down")!
            Signals.on(remove.raw, "clicked") { actions.editItems(.removeItem(field: item.array, index: item.index)) }
            Signals.on(up.raw, "clicked") { actions.editItems(.moveItem(field: item.array, from: item.index, to: item.index - 1)) }
            Signals.on(down.raw, "clicked") { actions.editItems(.moveItem(field: item.array, from: item.index, to: item.index + 1)) }
            gtk_widget_set_sensitive(up, item.index > 0 ? 1 : 0)
            gtk_widget_set_sensitive(down, item.index < item.count - 1 ? 1 : 0)
            for (button, verb) in [(remove, "Remove"), (up, "Move up"), (down, "Move down")] {
                button.describe(label: "\(verb) \(field.label)")
            }
            // The box is what the form names and focuses: each button keeps its own name.
            container = makeBox(horizontal: true, spacing: 6, [remove, up, down])
            widget = container
            add = nil
            count = nil
            self.up = up
            self.down = down
        } else {
            let add = gtk_button_new_with_label("Add")!
            Signals.on(add.raw, "clicked") { actions.editItems(.addItem(field.name)) }
            add.describe(label: "Add to \(field.label)")
            let count = makeLabel("", wraps: false)
            gtk_widget_add_css_class(count, "dim-label")
            container = makeBox(horizontal: true, spacing: 12, [add, count])
            widget = container
            self.add = add
            self.count = count
            up = nil
            down = nil
        }
        gtk_widget_set_halign(container, GTK_ALIGN_START)
    }

    func show(_ value: DBusValue?, field: RemoteForm.Field, buttons: [(name: String, field: String, value: String)]) {
        guard let count else { return }
        let items = value?.arrayElements?.count ?? 0
        let most = field.maximum.flatMap { try? UInt32(dbusValue: $0) }.map(Int.init)
        gtk_label_set_text(count.c(), (items == 1 ? "1 item" : "\(items) items") + (most.map { " · at most \($0)" } ?? ""))
        if let add {
            gtk_widget_set_sensitive(add, most.map { items < $0 } ?? true ? 1 : 0)
        }
    }
}
