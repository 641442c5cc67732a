import RxWidgetsClient
import RxWidgetsCommandLine

/// What the daemon says of a form, read at once: everything a front end
/// draws but its own editing. Validity, options and field states are only
/// ever the daemon's.
package struct FormSnapshot {
    /// The fields in the spec's order, with their current attributes.
    package var layout: [RemoteForm.Field] = []
    package var buttons: [(name: String, field: String, value: String)] = []
    package var values: [String: DBusValue] = [:]
    package var validity: [String: RemoteForm.Validity] = [:]
    package var states: [String: RemoteForm.FieldState] = [:]
    package var outputs: [String: DBusValue] = [:]
    package var submitEnabled = false

    /// The form as its client holds it now.
    package init(_ form: RemoteForm) {
        layout = form.layout
        buttons = form.buttons
        values = form.values
        validity = form.validity
        states = form.fieldStates
        outputs = form.outputs
        submitEnabled = form.submitEnabled
    }

    /// A form of these parts, for tests.
    package init(layout: [RemoteForm.Field], buttons: [(name: String, field: String, value: String)] = [], values: [String: DBusValue] = [:],
         validity: [String: RemoteForm.Validity] = [:], states: [String: RemoteForm.FieldState] = [:],
         outputs: [String: DBusValue] = [:], submitEnabled: Bool = false) {
        self.layout = layout
        self.buttons = buttons
        self.values = values
        self.validity = validity
        self.states = states
        self.outputs = outputs
        self.submitEnabled = submitEnabled
    }

    /// Whether a person can move to the field: shown and enabled.
    package func isFocusable(_ field: RemoteForm.Field) -> Bool {
        states[field.name].map { $0.visible && $0.enabled } ?? true
    }

    /// Whether some field waits for its remote check.
    package var hasPending: Bool {
        validity.values.contains { $0.reason == .pending }
    }
}
