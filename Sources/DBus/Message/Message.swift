import CDBus
import Glibc

/// A D-Bus message: a method call, a reply, an error or a signal.
///
/// Every constructor checks names and paths first, so libdbus never sees an
/// argument it would abort on.
public final class Message {

    /// The kinds of message.
    public enum Kind: Int32, Sendable {
        /// A method call.
        case methodCall = 1
        /// A method's reply.
        case methodReturn = 2
        /// An error reply.
        case error = 3
        /// A signal.
        case signal = 4
    }

    let raw: OpaquePointer
    /// An upper bound of the bytes appended to the body, kept for a message
    /// built here from an empty body (nil for one received or read back),
    /// so that measuring it before sending needs no walk through its body.
    var appendedBytes: Int?

    /// A message received (`Message+Received`): the whole message as it
    /// came, its body read from here; `raw` holds its header.
    let wire: [UInt8]?
    /// The body of a message built here, as the values appended, written by
    /// the project's writer (`WireBody`, after `WireHeader`) when the
    /// message is sent, marshalled or read; `raw` holds its header alone.
    /// Nil for a received message, and for one whose body libdbus holds (a
    /// body with descriptors, which libdbus alone attaches: `bodyInLibdbus`).
    var builtBody: [DBusValue]? {
        didSet { writtenBodyCache = nil }
    }
    /// `builtBody` as written (`writtenBody()`), kept until it changes: a
    /// large body is measured by writing it, then sent as written.
    var writtenBodyCache: WireBody?
    /// The Unix descriptors a bulk message came with, in the order its `h`
    /// indices name them: the message's own, closed with it. Reading its
    /// arguments hands out a duplicate of each, as libdbus does.
    let wireDescriptors: [Int32]

    init(taking raw: OpaquePointer, appendedBytes: Int? = nil) {
        self.raw = raw
        self.appendedBytes = appendedBytes
        wire = nil
        wireDescriptors = []
    }

    /// A message built here, its header made by libdbus, its body to come.
    init(building raw: OpaquePointer, body: [DBusValue] = [], appendedBytes: Int = 0) {
        self.raw = raw
        self.appendedBytes = appendedBytes
        builtBody = body
        wire = nil
        wireDescriptors = []
    }

    init(retaining raw: OpaquePointer) {
        self.raw = dbus_message_ref(raw)
        wire = nil
        wireDescriptors = []
    }

    /// A bulk message received: `header` is libdbus's message of its header
    /// alone (`Message.header(of:)`), `wire` the whole message, and
    /// `descriptors` those it came with, which the message now owns.
    init(header: OpaquePointer, wire: [UInt8], signature: String, descriptors: [Int32] = []) {
        raw = header
        self.wire = wire
        wireDescriptors = descriptors
        cachedSignature = signature
    }

    deinit {
        dbus_message_unref(raw)
        wireDescriptors.forEach { _ = Glibc.close($0) }
    }

    /// A method call; throws `InvalidArgs` for an invalid name or path.
    public static func methodCall(destination: String?, path: String, interface: String?, member: String) throws -> Message {
        if let destination, !DBusNames.isValidBusName(destination) {
            throw DBusError.invalidArgs("'\(destination)' is not a valid bus name")
        }
        try checkPath(path)
        if let interface { try checkInterface(interface) }
        try checkMember(member)
        guard let raw = dbus_message_new_method_call(destination, path, interface, member) else { throw outOfMemory }
        return Message(building: raw)
    }

    /// A signal; throws `InvalidArgs` for an invalid name or path.
    public static func signal(path: String, interface: String, member: String) throws -> Message {
        try checkPath(path)
        try checkInterface(interface)
        try checkMember(member)
        guard let raw = dbus_message_new_signal(path, interface, member) else { throw outOfMemory }
        return Message(taking: raw, appendedBytes: 0)
    }

    /// The reply to this call.
    public func makeReturn() throws -> Message {
        guard let reply = dbus_message_new_method_return(raw) else { throw Message.outOfMemory }
        return Message(building: reply)
    }

    /// An error reply to this call; a message with NUL characters has them removed.
    public func makeError(_ error: DBusError) throws -> Message {
        let text = error.message.replacingNULs()
        guard let reply = dbus_message_new_error(raw, error.name, nil) else { throw Message.outOfMemory }
        return Message(building: reply, body: [.string(text)], appendedBytes: 9 + text.utf8.count)
    }

    static let outOfMemory = DBusError(name: "org.freedesktop.DBus.Error.NoMemory", message: "out of memory")

    private static func checkPath(_ path: String) throws {
        guard DBusNames.isValidObjectPath(path) else { throw DBusError.invalidArgs("'\(path)' is not a valid object path") }
    }

    private static func checkInterface(_ interface: String) throws {
        guard DBusNames.isValidInterfaceName(interface) else { throw DBusError.invalidArgs("'\(interface)' is not a valid interface name") }
    }

    private static func checkMember(_ member: String) throws {
        guard DBusNames.isValidMemberName(member) else { throw DBusError.invalidArgs("'\(member)' is not a valid member name") }
    }

    // MARK: Header

    /// The kind of message.
    public var kind: Kind? {
        Kind(rawValue: dbus_message_get_type(raw))
    }

    /// The serial the sender gave it.
    public var serial: UInt32 {
        dbus_message_get_serial(raw)
    }

    /// The serial of the call a reply answers.
    public var replySerial: UInt32 {
        dbus_message_get_reply_serial(raw)
    }

    /// The sender's unique name.
    public private(set) lazy var sender: String? = dbus_message_get_sender(raw).map { String(cString: $0) }

    /// The destination.
    public var destination: String? {
        dbus_message_get_destination(raw).map { String(cString: $0) }
    }

    /// The object path.
    public private(set) lazy var path: String? = dbus_message_get_path(raw).map { String(cString: $0) }

    /// The interface, if the header has one.
    public private(set) lazy var interface: String? = dbus_message_get_interface(raw).map { String(cString: $0) }

    /// The method or signal name.
    public private(set) lazy var member: String? = dbus_message_get_member(raw).map { String(cString: $0) }

    /// The error name of an error reply.
    public var errorName: String? {
        dbus_message_get_error_name(raw).map { String(cString: $0) }
    }

    /// The body's signature.
    public var signature: String {
        if let cachedSignature {
            return cachedSignature
        }
        let signature = builtBody.map { Signature(types: $0.map(\.type)).rawValue } ?? dbus_message_get_signature(raw).map { String(cString: $0) } ?? ""
        cachedSignature = signature
        return signature
    }

    /// The body's signature as last read; appending clears it.
    var cachedSignature: String?
    /// A kept reply's body, read off the loop before the reply was handed
    /// over (`Connection.readOffTheLoop`): reading it again returns this.
    var predecoded: Result<[DBusValue], any Error>?

    /// Whether the message carries Unix descriptors.
    public var carriesDescriptors: Bool {
        !wireDescriptors.isEmpty || dbus_message_contains_unix_fds(raw) != 0 || (writtenBody()?.holdsDescriptor ?? false)
    }

    /// Whether the sender asked for no reply.
    public var noReplyExpected: Bool {
        get { dbus_message_get_no_reply(raw) != 0 }
        set { dbus_message_set_no_reply(raw, newValue ? 1 : 0) }
    }

    /// Whether this is a signal with this interface and member.
    public func isSignal(interface: String, member: String) -> Bool {
        kind == .signal && self.interface == interface && self.member == member
    }

    /// The error of an error reply, with its first string argument as the message.
    public var error: DBusError? {
        guard kind == .error, let name = errorName else { return nil }
        let message = (try? arguments())?.first?.stringValue ?? ""
        return DBusError(name: name, message: message)
    }
}

extension String {
    /// The string without NUL characters, for places that cannot carry them.
    func replacingNULs() -> String {
        utf8.contains(0) ? String(decoding: utf8.filter { $0 != 0 }, as: UTF8.self) : self
    }
}
