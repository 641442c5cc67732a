import DBus
import FoundationEssentials

/// `org.rxwidgets.Widgets1.Prompt`, declared once: every widget created with
/// the option `prompt` serves it beside its own interface.
@dynamicMemberLookup
public struct PromptContract: InterfaceMembers {
    public static let shared = PromptContract()
    public static let name = "org.rxwidgets.Widgets1.Prompt"

    public let finish = MethodContract("Finish",
        "The person is done: the widget's current state becomes the answer (picker: as, the selected title of each component; table: a(ii), the selected index paths; form: a{sv} as Submit gives, ValidationFailed while invalid; progress: its State). State becomes answered, then Finished. AlreadyFinished, naming the state and who finished it, when the prompt is not waiting. The owner uid, for_uid or 0.")
    public let cancel = MethodContract("Cancel",
        "The person declined: State becomes cancelled (the answer is the empty string), then Finished. AlreadyFinished when the prompt is not waiting. The owner uid, for_uid or 0.")
    public let setDeadline = MethodContract("SetDeadline", in: Parameters(("deadline", UInt64.self)),
        "Moves the deadline (milliseconds since the Unix epoch, CLOCK_REALTIME; 0 removes it; a time already past finishes the prompt timedOut at once). AlreadyFinished when the prompt is not waiting. The owner uid or 0.")

    public let finished = TypedSignal("Finished", ("state", String.self), ("answer", Variant.self),
        documentation: "The prompt was finished (answered, cancelled or timedOut), after the PropertiesChanged of State, Answer and AnsweredBy.")

    public let title = PropertyContract("Title", String.self, emitsChanged: .const,
        "The question's title (prompt option title).")
    public let message = PropertyContract("Message", String.self, emitsChanged: .const,
        "The question's text (prompt option message).")
    public let state = PropertyContract("State", String.self,
        "waiting, answered, cancelled or timedOut.")
    public let deadline = PropertyContract("Deadline", UInt64.self,
        "When the prompt times out, in milliseconds since the Unix epoch; 0 for never.")
    public let defaultAnswer = PropertyContract("Default", Variant.self, emitsChanged: .const,
        "The answer a deadline gives (prompt option default); the empty string when none was given (the widget's state is then the answer).")
    public let answer = PropertyContract("Answer", Variant.self,
        "The answer once finished (the empty string until then, and for cancelled); a secret field's value is the empty string to every uid but the owner's and 0 (API rule 13).")
    public let answeredBy = PropertyContract("AnsweredBy", DBusStruct<UInt32, String>.self,
        "The uid and process name of the connection that finished the prompt; (0, \"\") until finished, and for a deadline.")
    public let asker = PropertyContract("Asker", DBusStruct<UInt32, UInt32, String>.self, emitsChanged: .const,
        "The creator's uid, process id (0 when the bus did not say) and command line.")

    public static let documentation = "A question that waits for an answer, served by a widget created with the option prompt: any front end of an allowed uid (the owner, for_uid, 0) may finish it; the first Finish or Cancel wins. Kept across restarts unless transient."
    public static let interface = contract
}

/// A prompt's `State`.
public enum PromptState: String, CaseIterable, Sendable {
    case waiting, answered, cancelled, timedOut
}

/// The keys of a `CreateX` call's `prompt` option, an `a{sv}`.
public enum PromptOption: String, CreateOption {
    case title, message, deadline, timeout, `default`, forUID = "for_uid"

    public var type: DBusType {
        switch self {
        case .title, .message: return .string
        case .deadline: return .uint64
        case .timeout, .forUID: return .uint32
        case .default: return .variant
        }
    }
}
