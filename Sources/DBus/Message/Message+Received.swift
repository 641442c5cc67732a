import CDBus
import Glibc

extension Message {
    /// The header fields that name a message's sender and count its
    /// descriptors (the D-Bus specification).
    static let senderField: UInt8 = 7
    private static let descriptorsField: UInt8 = 9

    /// How many descriptors the marshalled message `bytes` says it carries.
    static func descriptorCount(of bytes: UnsafeRawBufferPointer) throws -> Int {
        let fields = try WireReader.headerFields(of: bytes)
        guard case .uint32(let count)? = fields.first(where: { $0.code == descriptorsField })?.value else { return 0 }
        return Int(count)
    }

    /// A message received from the bus as bytes and the descriptors beside
    /// them, checked whole as libdbus checks what it reads; `InvalidArgs`
    /// for bytes that are not one valid message. The message owns its
    /// descriptors; those given are closed either way.
    static func received(_ bytes: UnsafeRawBufferPointer, descriptors: [Int32]) throws -> Message {
        guard !descriptors.isEmpty else { return Message(taking: try demarshal(bytes)) }
        defer { descriptors.forEach { _ = Glibc.close($0) } }
        return try withDescriptors(bytes, descriptors)
    }

    /// A message over `wireReadBytes` cut from the socket, judged by its
    /// header alone before any of its body is read: kept as it came, with
    /// the descriptors it brought, its body read when a handler reads it
    /// (off the loop for a bulk call or a reply); one with descriptors whose
    /// signature holds no `h` is refused, its body never read (a descriptor
    /// is what made a message go the slow way through libdbus, so any member
    /// could be made to decode a 128 MiB body on the loop). A smaller one is
    /// checked whole by libdbus (`received`), which costs microseconds and
    /// names a refused value's place. The descriptors given are the
    /// message's, or closed, either way.
    static func kept(_ frame: SocketReader.Frame, descriptors: [Int32]) throws -> Message {
        var owned = descriptors
        defer { owned.forEach { _ = Glibc.close($0) } }
        let header = try Message.header(of: frame.bytes, descriptors: descriptors.count)
        guard descriptors.isEmpty || header.signature.contains("h") else {
            dbus_message_unref(header.raw)
            let count = descriptors.count == 1 ? "1 Unix descriptor" : "\(descriptors.count) Unix descriptors"
            throw DBusError.invalidArgs("the message came with \(count), but its signature '\(header.signature)' holds no 'h' to pass one (a descriptor inside a variant is refused, API rule 12); its body of \(frame.bytes.count) bytes was not read")
        }
        owned = []
        return Message(header: header.raw, wire: frame.owned ?? Array(frame.bytes), signature: header.signature, descriptors: descriptors)
    }

    /// libdbus builds a message from bytes only without descriptors: the
    /// bytes are checked with their count set to 0 (a `h` is only an index
    /// there), then the message is built anew from that header, with the
    /// body read here and each index replaced by its descriptor, which
    /// libdbus duplicates as it appends it.
    private static func withDescriptors(_ bytes: UnsafeRawBufferPointer, _ descriptors: [Int32]) throws -> Message {
        guard let field = try WireReader.headerFields(of: bytes).first(where: { $0.code == descriptorsField }) else {
            throw DBusError.invalidArgs("a message came with descriptors its header does not count")
        }
        var uncounted = Array(bytes)
        uncounted.withUnsafeMutableBytes { $0.storeBytes(of: 0, toByteOffset: field.offset, as: UInt32.self) }
        let checked = Message(taking: try uncounted.withUnsafeBytes { try demarshal($0) })
        let types = try DBusType.parse(signature: checked.signature)
        let arguments = try WireReader.arguments(of: bytes, types: types, readsDescriptorIndices: true)
            .map { try $0.replacingDescriptorIndices(with: descriptors) }
        guard let raw = dbus_message_new(dbus_message_get_type(checked.raw)) else { throw Message.outOfMemory }
        let message = Message(taking: raw)
        try message.takeHeader(of: checked)
        try message.append(arguments)
        return message
    }

    /// Sets this new message's header as `other`'s (a checked message, so
    /// nothing here can fail libdbus's own checks).
    private func takeHeader(of other: Message) throws {
        let source = other.raw
        let copied = [
            dbus_message_get_path(source).map { dbus_message_set_path(raw, $0) },
            dbus_message_get_interface(source).map { dbus_message_set_interface(raw, $0) },
            dbus_message_get_member(source).map { dbus_message_set_member(raw, $0) },
            dbus_message_get_error_name(source).map { dbus_message_set_error_name(raw, $0) },
            dbus_message_get_destination(source).map { dbus_message_set_destination(raw, $0) },
            dbus_message_get_sender(source).map { dbus_message_set_sender(raw, $0) },
        ]
        guard copied.allSatisfy({ $0 != 0 }) else { throw Message.outOfMemory }
        if dbus_message_get_reply_serial(source) != 0, dbus_message_set_reply_serial(raw, dbus_message_get_reply_serial(source)) == 0 {
            throw Message.outOfMemory
        }
        dbus_message_set_no_reply(raw, dbus_message_get_no_reply(source))
        dbus_message_set_auto_start(raw, dbus_message_get_auto_start(source))
        dbus_message_set_serial(raw, dbus_message_get_serial(source))
    }
}

extension DBusValue {
    /// The value with each `h` index replaced by the descriptor it names,
    /// or, `duplicating`, by a new descriptor of its own (which the reader
    /// then owns, as it owns one libdbus hands out); a descriptor that
    /// cannot be duplicated fails the read, and those duplicated before it
    /// are closed.
    func replacingDescriptorIndices(with descriptors: [Int32], duplicating: Bool = false) throws -> DBusValue {
        var duplicated: [Int32] = []
        do {
            return try replacingIndices(with: descriptors) { descriptor in
                guard duplicating else { return descriptor }
                let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
                guard copy >= 0 else {
                    throw DBusError(name: DBusError.Name.limitsExceeded, message: "a descriptor the call came with cannot be duplicated: \(String(cString: strerror(errno)))")
                }
                duplicated.append(copy)
                return copy
            }
        } catch {
            duplicated.forEach { _ = Glibc.close($0) }
            throw error
        }
    }

    private func replacingIndices(with descriptors: [Int32], _ take: (Int32) throws -> Int32) throws -> DBusValue {
        switch self {
        case .unixFD(let index):
            guard index >= 0, Int(index) < descriptors.count else {
                throw DBusError.invalidArgs("a message names descriptor \(index) of the \(descriptors.count) it came with")
            }
            return .unixFD(try take(descriptors[Int(index)]))
        case .array(let element, let elements):
            return .array(element: element, try elements.map { try $0.replacingIndices(with: descriptors, take) })
        case .dictEntry(let key, let value):
            return .dictEntry(try key.replacingIndices(with: descriptors, take), try value.replacingIndices(with: descriptors, take))
        case .structure(let fields):
            return .structure(try fields.map { try $0.replacingIndices(with: descriptors, take) })
        case .variant(let inner):
            return .variant(try inner.replacingIndices(with: descriptors, take))
        default:
            return self
        }
    }
}
