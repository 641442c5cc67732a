import DBus
import FoundationEssentials

/// `org.rxwidgets.Widgets1.Progress`, declared once: the daemon serves it, RxWidgetsClient calls it.
@dynamicMemberLookup
public struct ProgressContract: InterfaceMembers {
    public static let shared = ProgressContract()
    public static let name = "org.rxwidgets.Widgets1.Progress"

    public let setValue = MethodContract("SetValue", in: Parameters(("value", Double.self)),
        "How far the work is: 0 to Maximum (a larger value is Maximum); a negative value means unknown (front ends pulse, Value becomes -1). NaN and infinities are InvalidArgs; NotSupported once the progress ended.")
    public let setText = MethodContract("SetText", in: Parameters(("text", String.self)),
        "The line shown with the bar (the string limit).")
    public let pulse = MethodContract("Pulse",
        "The work goes on, how far unknown: Value becomes -1.")
    public let setSteps = MethodContract("SetSteps", in: Parameters(("titles", [String].self)),
        "Replaces the steps, each pending (at most the component limit; titles within the string limit).")
    public let setStepStatus = MethodContract("SetStepStatus", in: Parameters(("index", Int32.self), ("status", String.self)),
        "Sets step index's status: pending, running, done, failed or skipped. OutOfRange for an index of no step.")
    public let finish = MethodContract("Finish", in: Parameters(("state", String.self)),
        "The work ended: state done (Value becomes Maximum unless unknown) or failed; State changes, then Finished. NotSupported once it ended.")
    public let cancel = MethodContract("Cancel",
        "A person's Cancel: only while Cancellable and running (else NotSupported); State becomes cancelled, then Cancelled.")

    public let cancelled = TypedSignal("Cancelled",
        documentation: "A person cancelled the work, after State changed: the process doing it should stop.")
    public let finished = TypedSignal("Finished", ("state", String.self),
        documentation: "The work ended done or failed, after State changed.")

    public let value = PropertyContract("Value", Double.self,
        "How far the work is, 0 to Maximum; -1 while unknown.")
    public let maximum = PropertyContract("Maximum", Double.self,
        "What Value counts up to (option maximum; default 100).")
    public let text = PropertyContract("Text", String.self,
        "The line shown with the bar.")
    public let cancellable = PropertyContract("Cancellable", Bool.self, emitsChanged: .const,
        "Whether a person may cancel (option cancellable; default true).")
    public let state = PropertyContract("State", String.self,
        "running, done, failed or cancelled.")
    public let steps = PropertyContract("Steps", [DBusStruct<String, String>].self,
        "Each step's title and status.")
    public let widget = WidgetMembers(of: .progress)

    public static let documentation = "A progress any process can drive and any front end can show and cancel. Changes reach the bus coalesced: at most one PropertiesChanged per progress per 16 ms, carrying the latest values (Revision counts every change, so it may grow by more than one between two), and always before a signal; a call's reply may come before its change is announced."
    public static let interface = contract
}
