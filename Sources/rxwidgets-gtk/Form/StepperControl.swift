import CGtk
import RxWidgetsClient

/// A stepper: a `GtkSpinButton`; its arrows are `Increment` and
/// `Decrement` (the daemon's steps and bounds decide), a number typed in is
/// `SetValue`.
final class StepperControl: FieldControl {
    let widget: Widget
    private var isApplying = false
    private var shown: Double = 0
    private let step: Double

    init(_ field: RemoteForm.Field, actions: FieldActions) {
        let minimum = FieldControls.number(field.minimum) ?? -1e9
        let maximum = max(FieldControls.number(field.maximum) ?? 1e9, minimum)
        step = field.step.flatMap { $0 > 0 ? $0 : nil } ?? 1
        widget = gtk_spin_button_new_with_range(minimum, maximum == minimum ? minimum + step : maximum, step)!
        gtk_widget_set_halign(widget, GTK_ALIGN_START)
        Signals.on(widget.raw, "value-changed") { [weak self] in
            guard let self, !isApplying else { return }
            let value = gtk_spin_button_get_value(widget.c())
            // An arrow moves by one step from what the daemon holds.
            if abs(value - (shown + step)) < step * 1e-9 {
                actions.step(true)
            } else if abs(value - (shown - step)) < step * 1e-9 {
                actions.step(false)
            } else {
                actions.setValue(.double(value))
            }
        }
    }

    func show(_ value: DBusValue?, field: RemoteForm.Field, buttons: [(name: String, field: String, value: String)]) {
        guard let number = FieldControls.number(value), number.isFinite else { return }
        shown = number
        guard number != gtk_spin_button_get_value(widget.c()) else { return }
        isApplying = true
        defer { isApplying = false }
        gtk_spin_button_set_value(widget.c(), number)
    }
}
