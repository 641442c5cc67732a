import CGtk
import FrontEndCore
import Localization
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
            let remove = gtk_button_new_with_label(tr("Remove"))!
            // TRANSLATORS: a button that moves an item of a list one place up.
            let up = gtk_button_new_with_label(tr("Up"))!
            // TRANSLATORS: a button that moves an item of a list one place down.
            let down = gtk_button_new_with_label(tr("Down"))!
            Signals.on(remove.raw, "clicked") { actions.editItems(.removeItem(field: item.array, index: item.index)) }
            Signals.on(up.raw, "clicked") { actions.editItems(.moveItem(field: item.array, from: item.index, to: item.index - 1)) }
            Signals.on(down.raw, "clicked") { actions.editItems(.moveItem(field: item.array, from: item.index, to: item.index + 1)) }
            gtk_widget_set_sensitive(up, item.index > 0 ? 1 : 0)
            gtk_widget_set_sensitive(down, item.index < item.count - 1 ? 1 : 0)
            // Screen readers' names of the buttons.
            // TRANSLATORS: {0} is the label of the item the button removes or moves, as "Address 2".
            remove.describe(label: tr("Remove {0}", field.label))
            // TRANSLATORS: {0} is the label of the item the button moves, as "Address 2".
            up.describe(label: tr("Move up {0}", field.label))
            // TRANSLATORS: {0} is the label of the item the button moves, as "Address 2".
            down.describe(label: tr("Move down {0}", field.label))
            // The box is what the form names and focuses: each button keeps its own name.
            container = makeBox(horizontal: true, spacing: 6, [remove, up, down])
            widget = container
            add = nil
            count = nil
            self.up = up
            self.down = down
        } else {
            // TRANSLATORS: a button that adds an item to a list of them.
            let add = gtk_button_new_with_label(tr("Add"))!
            Signals.on(add.raw, "clicked") { actions.editItems(.addItem(field.name)) }
            // TRANSLATORS: a screen reader's name of the Add button; {0} is the label of the list, as "Address".
            add.describe(label: tr("Add to {0}", field.label))
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
        let said = most.map {
            // TRANSLATORS: {0} is how many items a list holds, {1} the most it may hold.
            tr(one: "{0} item · at most {1}", other: "{0} items · at most {1}", count: items, items, $0)
        } ?? tr(one: "{0} item", other: "{0} items", count: items, items)
        gtk_label_set_text(count.c(), said)
        if let add {
            gtk_widget_set_sensitive(add, most.map { items < $0 } ?? true ? 1 : 0)
        }
    }
}
