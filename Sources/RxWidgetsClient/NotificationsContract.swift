import DBus

/// `org.freedesktop.Notifications`, the Desktop Notifications Specification
/// (1.2), as far as rxwidgets speaks it, declared once: the desktop's
/// notification server serves it, `rxwidgets-gtk agent` calls it through
/// these members, and the tests serve it in the server's place with the same
/// ones — so neither side spells a member's name or shape again.
@dynamicMemberLookup
public struct NotificationsContract: InterfaceMembers {
    public static let shared = NotificationsContract()
    public static let name = "org.freedesktop.Notifications"
    /// The well-known name the server owns.
    public static let busName = "org.freedesktop.Notifications"
    /// The object it serves the interface at.
    public static let path = ObjectPath("/org/freedesktop/Notifications")!

    public let getCapabilities = MethodContract("GetCapabilities", in: NoArguments(), out: Parameters(("capabilities", [String].self)),
        "What the server can show: actions (buttons and a default action), body-markup (the body is markup, so its text must be escaped), and others.")
    public let notify = MethodContract("Notify",
        in: Parameters(("app_name", String.self), ("replaces_id", UInt32.self), ("app_icon", String.self), ("summary", String.self), ("body", String.self),
                       ("actions", [String].self), ("hints", VariantDictionary.self), ("expire_timeout", Int32.self)),
        out: Parameters(("id", UInt32.self)),
        "Shows a notification (or replaces replaces_id); actions are pairs of a key and its label, default the key of a click on the notification itself; expire_timeout in milliseconds, -1 the server's choice, 0 never. Returns its id, never 0.")
    public let closeNotification = MethodContract("CloseNotification", in: Parameters(("id", UInt32.self)),
        "Takes the notification away; NotificationClosed follows.")

    public let notificationClosed = TypedSignal("NotificationClosed", ("id", UInt32.self), ("reason", UInt32.self),
        documentation: "The notification is gone: 1 expired, 2 dismissed by the person, 3 CloseNotification, 4 otherwise.")
    public let actionInvoked = TypedSignal("ActionInvoked", ("id", UInt32.self), ("action_key", String.self),
        documentation: "The person chose the action action_key of the notification.")
    public let activationToken = TypedSignal("ActivationToken", ("id", UInt32.self), ("activation_token", String.self),
        documentation: "Sent just before ActionInvoked: the token that lets the window the action opens take the focus (XDG activation, startup notification).")

    public static let documentation = "The desktop's notifications (the Desktop Notifications Specification), served at /org/freedesktop/Notifications by the owner of org.freedesktop.Notifications."
}
