import CGtk
import RxWidgetsClient

/// A switch: a `GtkSwitch`; turning it is `SetValue` of true or false.
final class SwitchControl: FieldControl {
    let widget: Widget
    let container: Widget
    private var isApplying = false

    init(actions: FieldActions) {
        widget = gtk_switch_new()!
        gtk_widget_set_halign(widget, GTK_ALIGN_START)
        container = widget
        Signals.onNotify(widget.raw, "active") { [weak self] in
            guard let self, !isApplying else { return }
            actions.setValue(.boolean(gtk_switch_get_active(widget.c()) != 0))
        }
    }

    func show(_ value: DBusValue?, field: RemoteForm.Field, buttons: [(name: String, field: String, value: String)]) {
        let on = value == .boolean(true)
        guard (gtk_switch_get_active(widget.c()) != 0) != on else { return }
        isApplying = true
        defer { isApplying = false }
        gtk_switch_set_active(widget.c(), on ? 1 : 0)
    }
}
