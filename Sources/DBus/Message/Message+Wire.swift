import CDBus

/// A bulk message received is kept as it came (`Message.wire`): libdbus
/// would copy its body twice to build a message from it
/// (`dbus_message_demarshal`, three copies of 16 MiB alive at once for a
/// million rows) and check it whole; its body is read, and checked, by
/// `WireReader` instead, and libdbus holds only its header, built here.
extension Message {
    /// The path and interface only libdbus itself may use (`Disconnected`):
    /// a message that came over the socket with either is refused, as
    /// libdbus refuses it.
    static let localPath = "/org/freedesktop/DBus/Local"
    static let localInterface = "org.freedesktop.DBus.Local"

    /// Header field codes (the D-Bus specification).
    private enum Field: UInt8 {
        case path = 1, interface, member, errorName, replySerial, destination, sender, signature, descriptors
    }

    /// The serial of the marshalled message `bytes` (at least 16 of them), in either byte order.
    static func serial(ofMarshalled bytes: UnsafeRawBufferPointer) -> UInt32 {
        let stored = bytes.loadUnaligned(fromByteOffset: 8, as: UInt32.self)
        return bytes[0] == UInt8(ascii: "l") ? UInt32(littleEndian: stored) : UInt32(bigEndian: stored)
    }

    /// libdbus's message of the header of the marshalled message `bytes`
    /// alone, and its body's signature; `InvalidArgs` for a header that is
    /// not a valid one (libdbus is never handed a name it would abort on): a
    /// call's names its path and member, a signal's its interface too, a
    /// reply's the call it answers, an error's its name too. `descriptors` is how many Unix descriptors
    /// came with it, which its header must count. Any thread.
    static func header(of bytes: UnsafeRawBufferPointer, descriptors: Int = 0) throws -> (raw: OpaquePointer, signature: String) {
        let invalid = DBusError.invalidArgs("a message header that is not a valid one")
        guard bytes.count >= 16, bytes[3] == 1 else { throw invalid }
        let type = Int32(bytes[1])
        let isCall = type == DBUS_MESSAGE_TYPE_METHOD_CALL, isSignal = type == DBUS_MESSAGE_TYPE_SIGNAL
        let isReturn = type == DBUS_MESSAGE_TYPE_METHOD_RETURN, isError = type == DBUS_MESSAGE_TYPE_ERROR
        guard isCall || isSignal || isReturn || isError else { throw invalid }
        let serial = Message.serial(ofMarshalled: bytes)
        var text: [Field: String] = [:]
        var replySerial: UInt32 = 0
        var signature = ""
        var seen = Set<Field>()
        for field in try WireReader.headerFields(of: bytes) {
            // Fields of codes the specification does not name are skipped, as libdbus skips them.
            guard let code = Field(rawValue: field.code) else { continue }
            guard seen.insert(code).inserted else { throw invalid }
            switch (code, field.value) {
            case (.path, .objectPath(let path)) where path.rawValue != Message.localPath: text[.path] = path.rawValue
            case (.interface, .string(let name)) where DBusNames.isValidInterfaceName(name) && name != Message.localInterface: text[.interface] = name
            case (.member, .string(let name)) where DBusNames.isValidMemberName(name): text[.member] = name
            case (.destination, .string(let name)) where DBusNames.isValidBusName(name): text[.destination] = name
            case (.sender, .string(let name)) where DBusNames.isValidBusName(name): text[.sender] = name
            case (.signature, .signature(let body)): signature = body.rawValue
            case (.descriptors, .uint32(let count)) where count == descriptors: continue
            case (.errorName, .string(let name)) where DBusNames.isValidErrorName(name): text[.errorName] = name
            case (.replySerial, .uint32(let answered)) where answered != 0: replySerial = answered
            default: throw invalid
            }
        }
        let named = isCall || isSignal ? text[.path] != nil && text[.member] != nil && (isCall || text[.interface] != nil) : replySerial != 0 && (isReturn || text[.errorName] != nil)
        guard serial != 0, named, let raw = dbus_message_new(type) else { throw invalid }
        // A call's or signal's reply serial and error name mean nothing, as libdbus reads them.
        if !isError {
            text[.errorName] = nil
        }
        if isReturn || isError {
            guard dbus_message_set_reply_serial(raw, replySerial) != 0 else {
                dbus_message_unref(raw)
                throw Message.outOfMemory
            }
        }
        let set: [(Field, (OpaquePointer, UnsafePointer<CChar>) -> dbus_bool_t)] = [
            (.path, dbus_message_set_path), (.interface, dbus_message_set_interface), (.member, dbus_message_set_member),
            (.errorName, dbus_message_set_error_name), (.destination, dbus_message_set_destination), (.sender, dbus_message_set_sender),
        ]
        for (field, setter) in set {
            guard let value = text[field] else { continue }
            guard setter(raw, value) != 0 else {
                dbus_message_unref(raw)
                throw Message.outOfMemory
            }
        }
        dbus_message_set_no_reply(raw, bytes[2] & 0x1 != 0 ? 1 : 0)
        dbus_message_set_auto_start(raw, bytes[2] & 0x2 == 0 ? 1 : 0)
        dbus_message_set_serial(raw, serial)
        return (raw, signature)
    }
}
