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

private extension DBusValue {
    /// The value with each `h` index replaced by the descriptor it names.
    func replacingDescriptorIndices(with descriptors: [Int32]) throws -> DBusValue {
        switch self {
        case .unixFD(let index):
            guard index >= 0, Int(index) < descriptors.count else {
                throw DBusError.invalidArgs("a message names descriptor \(index) of the \(descriptors.count) it came with")
            }
            return .unixFD(descriptors[Int(index)])
        case .array(let element, let elements):
            return .array(element: element, try elements.map { try $0.replacingDescriptorIndices(with: descriptors) })
        case .dictEntry(let key, let value):
            return .dictEntry(try key.replacingDescriptorIndices(with: descriptors), try value.replacingDescriptorIndices(with: descriptors))
        case .structure(let fields):
            return .structure(try fields.map { try $0.replacingDescriptorIndices(with: descriptors) })
        case .variant(let inner):
            return .variant(try inner.replacingDescriptorIndices(with: descriptors))
        default:
            return self
        }
    }
}
