/// A method's reply in D-Bus's wire format, written by the daemon as
/// `WireSignal` writes a signal: the header libdbus's
/// `dbus_message_new_method_return` would build (no reply expected, the
/// caller as destination, the call's serial), then the body in one pass.
/// Building a reply through libdbus set two header fields one by one,
/// 7,200 instructions of a select's 159,000.
enum WireReply {
    private static let headerField = DBusType.structure([.byte, .variant])

    /// The reply to `call` carrying `values`, each checked first
    /// (`DBusValue.validate()`); `MessageTooLarge` past the protocol's
    /// limits, `InvalidArgs` for a value it cannot carry (a descriptor:
    /// replies that carry descriptors are built by libdbus).
    static func reply(to call: Message, carrying values: [DBusValue]) throws -> OutgoingMessage {
        try reply(to: call, signature: values.isEmpty ? nil : Signature(types: values.map(\.type)).rawValue, body: try WireBody(checking: values))
    }

    /// The reply to `call` whose body, of `signature`, is written already.
    static func reply(to call: Message, signature: String?, body: WireBody) throws -> OutgoingMessage {
        let order = UInt8(ascii: 1.littleEndian == 1 ? "l" : "B")
        // Type 2 (method return), flags 1 (no reply expected), protocol 1,
        // body length and serial patched.
        var header = WireBody(after: [order, 2, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0])
        let sender = call.sender
        // The fields a(yv), written as libdbus orders them: DESTINATION (6),
        // REPLY_SERIAL (5), SIGNATURE (8) — each a structure of its code and
        // a variant, without building them as values (a reply's header
        // differs on every call, so it cannot be kept as a signal's is).
        header.appendArray(of: WireReply.headerField) { fields in
            WireHeader.appendField(6, sender, type: UInt8(ascii: "s"), to: &fields)
            WireHeader.appendReplySerial(call.serial, to: &fields)
            WireHeader.appendField(8, signature, type: UInt8(ascii: "g"), to: &fields)
        }
        header.pad(to: 8)
        return try OutgoingMessage(header: header, body: body, label: "the reply to \(call.member ?? "a call")")
    }
}

extension DBusType {
    /// Whether a value of this type holds a Unix descriptor (not counting
    /// what a variant may hold).
    var holdsDescriptor: Bool {
        switch self {
        case .unixFD: return true
        case .array(let element): return element.holdsDescriptor
        case .dictEntry(let key, let value): return key.holdsDescriptor || value.holdsDescriptor
        case .structure(let fields): return fields.contains { $0.holdsDescriptor }
        default: return false
        }
    }
}
