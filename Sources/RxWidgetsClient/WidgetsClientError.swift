import DBus

/// Why a call of the client library failed: the D-Bus error name and
/// message the daemon (or the bus) answered with, or the client's own.
public struct WidgetsClientError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The D-Bus error name, e.g. `org.rxwidgets.Widgets1.Error.OutOfRange`.
    public let name: String
    /// What went wrong.
    public let message: String

    /// An error named `name`.
    public init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    /// The error any call of the library (or the bus beneath it) failed with.
    public init(_ error: Error) {
        let dbusError = DBusError.from(error)
        self.init(name: dbusError.name, message: dbusError.message)
    }

    /// `name: message`.
    public var description: String {
        "\(name): \(message)"
    }

    /// No bus address is known: neither `DBUS_STARTER_ADDRESS` nor `DBUS_SESSION_BUS_ADDRESS` is set.
    public static let noBusName = "org.rxwidgets.Widgets1.Client.NoBus"
    /// The daemon left the bus while the widget was observed.
    public static let daemonGoneName = "org.rxwidgets.Widgets1.Client.DaemonGone"
    /// The widget was destroyed (by its owner, or its transient creator left)
    /// while it was observed.
    public static let widgetDestroyedName = "org.rxwidgets.Widgets1.Client.WidgetDestroyed"
    /// An argument the client was given is not what the API takes.
    public static let invalidArgsName = DBusError.Name.invalidArgs
    /// The caller may not change the widget (another uid owns it).
    public static let accessDeniedName = DBusError.Name.accessDenied
    /// No widget at the path.
    public static let unknownObjectName = DBusError.Name.unknownObject
    /// The daemon's answer did not have the shape the API documents.
    public static let unexpectedReplyName = "org.rxwidgets.Widgets1.Client.UnexpectedReply"

    static func unexpectedReply(_ member: String, _ values: [DBusValue]) -> WidgetsClientError {
        WidgetsClientError(name: unexpectedReplyName, message: "\(member) answered \(values.map(\.type.signature).joined()), not what the API documents")
    }
}
