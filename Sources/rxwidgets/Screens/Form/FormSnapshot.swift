import RxWidgetsClient
import RxWidgetsCommandLine

/// What the daemon says of a form, read at once: everything a front end
/// draws but its own editing. Validity, options and field states are only
/// ever the daemon's.
struct FormSnapshot {
    /// The fields in the spec's order, with their current attributes.
    var layout: [RemoteForm.Field] = []
    var buttons: [(name: String, field: String, value: String)] = []
    var values: [String: DBusValue] = [:]
    var validity: [String: RemoteForm.Validity] = [:]
    var states: [String: RemoteForm.FieldState] = [:]
    var outputs: [String: DBusValue] = [:]
    var submitEnabled = false

    /// The form as its client holds it now.
    init(_ form: RemoteForm) {
        layout = form.layout
        buttons = form.buttons
        values = form.values
        validity = form.validity
        states = form.fieldStates
        outputs = form.outputs
        submitEnabled = form.submitEnabled
    }

    /// A form of these parts, for tests.
    init(layout: [RemoteForm.Field], buttons: [(name: String, field: String, value: String)] = [], values: [String: DBusValue] = [:],
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
    func isFocusable(_ field: RemoteForm.Field) -> Bool {
        states[field.name].map { $0.visible && $0.enabled } ?? true
    }

    /// Whether some field waits for its remote check.
    var hasPending: Bool {
        validity.values.contains { $0.reason == .pending }
    }
}
