import CGtk
import RxWidgetsClient

/// A slider: a `GtkScale` over the field's `min`…`max` (0…1 when not
/// given) moving by its `step`; a move is `SetValue` of the number.
final class SliderControl: FieldControl {
    let widget: Widget
    private var isApplying = false

    init(_ field: RemoteForm.Field, actions: FieldActions) {
        let minimum = FieldControls.number(field.minimum) ?? 0
        let maximum = max(FieldControls.number(field.maximum) ?? 1, minimum)
        let step = field.step.flatMap { $0 > 0 ? $0 : nil } ?? (maximum - minimum) / 100
        widget = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, minimum, maximum == minimum ? minimum + 1 : maximum, step > 0 ? step : 0.01)!
        gtk_scale_set_draw_value(widget.c(), 1)
        gtk_widget_set_hexpand(widget, 1)
        Signals.on(widget.raw, "value-changed") { [weak self] in
            guard let self, !isApplying else { return }
            actions.setValue(.double(gtk_range_get_value(widget.c())))
        }
    }

    func show(_ value: DBusValue?, field: RemoteForm.Field, buttons: [(name: String, field: String, value: String)]) {
        guard let number = FieldControls.number(value), number.isFinite, number != gtk_range_get_value(widget.c()) else { return }
        isApplying = true
        defer { isApplying = false }
        gtk_range_set_value(widget.c(), number)
    }
}
