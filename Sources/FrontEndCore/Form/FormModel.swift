import RxWidgetsClient
import RxWidgetsCommandLine

/// A form screen's state: the daemon's (`daemon`) and this front end's own —
/// the focus, the edit buffer and what was sent and not yet heard back.
/// `update` changes it and returns the calls to make; `view` draws it.
package struct FormModel {
    /// What a successful Submit does.
    package enum Purpose: Equatable {
        /// `form`: print the values (`name=value` lines) and exit.
        case submit
        /// `form --json`: print the values as one JSON object and exit.
        case submitJSON
        /// `attach`: keep going; `Esc` quits and prints nothing.
        case attach
        /// `input`: print this field's value alone; Enter in it submits.
        case submitValue(String)

        /// What a Submit's `values` print, in the layout's order; nil for `attach`, which goes on.
        package func output(of values: [String: DBusValue], layout: [RemoteForm.Field]) -> String? {
            switch self {
            case .submit: return SubmittedValues.output(of: values, layout: layout, as: .lines)
            case .submitJSON: return SubmittedValues.output(of: values, layout: layout, as: .json)
            case .attach: return nil
            case .submitValue(let name): return SubmittedValues.output(of: values, layout: layout, as: .value(name))
            }
        }
    }

    /// The text being typed into the focused text or date field, until the daemon has it.
    package struct EditBuffer: Equatable {
        package var field: String
        package var text: String
        package var cursor: Int
    }

    /// How often typed text is sent at most (nanoseconds): a text field's
    /// `SetValue` is throttled to this, and sent once more when it is left.
    package static let textInterval: Int64 = 50_000_000
    package static let spinnerFrames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    package let purpose: Purpose
    package let header: String?
    /// Whether the form's outputs are drawn (`--outputs`): they are for
    /// programs, not the person filling the form in.
    package let showsOutputs: Bool
    package var daemon: FormSnapshot
    /// The focused field's name; nil is the Submit button.
    package var focus: String?
    /// Each field's own state (whether it was left, a refused input, its component's part), by name.
    package var fields = FieldStates()
    package var editing: EditBuffer?
    /// The text the daemon was last sent for the field being edited.
    package var lastSent: String?
    /// Texts sent and not yet heard back (`ValueChanged`) or answered.
    package var inFlight: [(field: String, text: String)] = []
    /// Whether text sends are held (a send went out less than `textInterval` ago).
    package var throttling = false
    /// Whether text was typed while held.
    package var unsent = false
    /// Calls made and not yet answered: the inputs after them wait.
    package var callsInFlight = 0
    /// The fields of the calls in flight, once per call.
    package var fieldsInFlight: [String] = []
    /// A Submit is on its way: every input waits for its answer (the
    /// screen ends with it, or goes on after a refusal).
    package var isSubmitting = false
    package var status: (text: String, tone: Tone)?
    /// The browser open on a file field (a screen that draws its own); nil when none is.
    package var browsing: Browsing?
    package var spinnerFrame = 0

    /// A screen on `daemon`'s form, focused on its first field a person can edit.
    package init(daemon: FormSnapshot, purpose: Purpose, header: String?, showsOutputs: Bool) {
        self.daemon = daemon
        self.purpose = purpose
        self.header = header
        self.showsOutputs = showsOutputs
        focus = daemon.layout.first { daemon.isFocusable($0) }?.name
    }

    /// The focused field; nil on Submit (Next on a page before the last). A field its conditions hid or
    /// disabled meanwhile hands the focus to the next one that can take it.
    package var focusedField: RemoteForm.Field? {
        guard let focus, let index = daemon.layout.firstIndex(where: { $0.name == focus }) else { return nil }
        return daemon.layout[index...].first { daemon.isFocusable($0) }
    }

    /// The component that draws and edits `field`.
    package static func component(of field: RemoteForm.Field) -> any FieldComponent.Type {
        switch field.kind {
        case .text: return TextFieldComponent.self
        case .date: return DateFieldComponent.self
        case .switch: return SwitchFieldComponent.self
        case .slider: return SliderFieldComponent.self
        case .stepper: return StepperFieldComponent.self
        case .choice: return ChoiceFieldComponent.self
        case .file: return FileFieldComponent.self
        case .array: return ArrayFieldComponent.self
        }
    }
}
