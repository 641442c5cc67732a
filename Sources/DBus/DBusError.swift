/// A D-Bus error: a name such as `org.freedesktop.DBus.Error.InvalidArgs`
/// and a message. Handlers throw it to answer a call with an error.
public struct DBusError: Swift.Error, Equatable, Sendable, CustomStringConvertible {
    /// The error name.
    public let name: String
    /// The human-readable message.
    public let message: String

    /// An error; a name that breaks the error-name rules becomes `…Error.Failed`.
    public init(name: String, message: String) {
        self.name = DBusNames.isValidErrorName(name) ? name : DBusError.Name.failed
        self.message = message
    }

    /// `name: message`.
    public var description: String {
        "\(name): \(message)"
    }

    /// The standard error names.
    public enum Name {
        /// A generic failure.
        public static let failed = "org.freedesktop.DBus.Error.Failed"
        /// Wrong arguments.
        public static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"
        /// No such method.
        public static let unknownMethod = "org.freedesktop.DBus.Error.UnknownMethod"
        /// No such object.
        public static let unknownObject = "org.freedesktop.DBus.Error.UnknownObject"
        /// No such interface.
        public static let unknownInterface = "org.freedesktop.DBus.Error.UnknownInterface"
        /// No such property.
        public static let unknownProperty = "org.freedesktop.DBus.Error.UnknownProperty"
        /// A read-only property.
        public static let propertyReadOnly = "org.freedesktop.DBus.Error.PropertyReadOnly"
        /// Not permitted.
        public static let accessDenied = "org.freedesktop.DBus.Error.AccessDenied"
        /// Not supported.
        public static let notSupported = "org.freedesktop.DBus.Error.NotSupported"
        /// A limit was reached.
        public static let limitsExceeded = "org.freedesktop.DBus.Error.LimitsExceeded"
        /// No reply came.
        public static let noReply = "org.freedesktop.DBus.Error.NoReply"
        /// The connection is closed.
        public static let disconnected = "org.freedesktop.DBus.Error.Disconnected"
    }

    /// `InvalidArgs` with this message.
    public static func invalidArgs(_ message: String) -> DBusError {
        DBusError(name: Name.invalidArgs, message: message)
    }

    /// `Failed` with this message.
    public static func failed(_ message: String) -> DBusError {
        DBusError(name: Name.failed, message: message)
    }
}

/// An error that knows its D-Bus form; others become `…Error.Failed`.
public protocol DBusErrorConvertible: Swift.Error {
    /// The D-Bus error to answer with.
    var dbusError: DBusError { get }
}

extension DBusError {
    /// The D-Bus form of any error thrown by a handler.
    public static func from(_ error: Swift.Error) -> DBusError {
        switch error {
        case let error as DBusError: return error
        case let error as DBusErrorConvertible: return error.dbusError
        case let error as SignatureError: return .invalidArgs(error.description)
        default: return .failed("\(error)")
        }
    }
}
