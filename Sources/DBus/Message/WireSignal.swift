import CDBus

/// A signal's header in D-Bus's wire format, built once per declared signal
/// (path, interface, member and signature fixed), from which each emission
/// is made with its body: the two are joined and the body's length patched
/// in. The connection writes those bytes to the socket itself when it can
/// (`Connection.send(_: OutgoingMessage)`); otherwise libdbus reads them back
/// as a message (`dbus_message_demarshal`), validating them whole — either
/// way instead of building the message argument by argument.
struct WireSignal {
    private let header: [UInt8]
    /// Why libdbus would refuse the header (a signature over 255 bytes).
    private let refusal: String?

    /// The header of signal `member` of `interface` at `path`, carrying
    /// arguments of `types`.
    init(path: ObjectPath, interface: String, member: String, types: [DBusType]) {
        // Byte order, type (signal), flags (no reply expected), protocol
        // version, body length (patched), serial (1; a connection renumbers on
        // sending), then the header fields a(yv): PATH (1), INTERFACE (2),
        // MEMBER (3), SIGNATURE (8, absent when empty), padded to 8 for the body.
        let order = UInt8(ascii: 1.littleEndian == 1 ? "l" : "B")
        var fields = WireBody(after: [order, 4, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0])
        var field = [(UInt8(1), DBusValue.objectPath(path)), (2, .string(interface)), (3, .string(member))]
        if !types.isEmpty {
            field.append((8, .signature(Signature(types: types))))
        }
        fields.appendArray(of: .structure([.byte, .variant])) { body in
            for (code, value) in field {
                body.append(.structure([.byte(code), .variant(value)]))
            }
        }
        fields.pad(to: 8)
        header = fields.bytes
        refusal = fields.refusal
        self.path = path
        self.member = member
    }

    private let path: ObjectPath
    private let member: String

    /// The signal carrying `body`, in wire format, not yet numbered nor
    /// checked by libdbus: `MessageTooLarge` and `InvalidArgs` as `message(with:)`.
    func signal(with body: WireBody) throws -> OutgoingMessage {
        let bytes = try self.bytes(with: body)
        let extent = Message.Extent(bytes: Message.headerAllowance + body.bytes.count, largestArray: body.largestArray)
        return OutgoingMessage(bytes: bytes, extent: extent, isKnownValid: body.isKnownValid, label: "\(member) at \(path)")
    }

    /// The signal carrying `body`, checked by libdbus and not yet numbered:
    /// `MessageTooLarge` past the protocol's limits (before libdbus is given
    /// the bytes, so a caller that makes room can try again), `InvalidArgs`
    /// when the body could not be sent.
    func message(with body: WireBody) throws -> Message {
        let bytes = try self.bytes(with: body)
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        let raw = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { dbus_message_demarshal($0.baseAddress, Int32(clamping: $0.count), &error) }
        }
        guard let raw else {
            throw Connection.error(from: &error, fallback: "libdbus refused the signal's bytes")
        }
        // The connection numbers a message whose serial is 0 when it sends it.
        dbus_message_set_serial(raw, 0)
        return Message(taking: raw, appendedBytes: body.bytes.count)
    }

    /// The signal carrying `body` as bytes, numbered 1, unchecked by
    /// libdbus: `MessageTooLarge` and `InvalidArgs` as `message(with:)`.
    func bytes(with body: WireBody) throws -> [UInt8] {
        try checkSending(bodyBytes: body.bytes.count, largestArray: body.largestArray, bodyRefusal: body.refusal)
        var bytes = header
        bytes.reserveCapacity(header.count + body.bytes.count)
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: body.bytes.count)) { bytes.replaceSubrange(4..<8, with: $0) }
        bytes.append(contentsOf: body.bytes)
        return bytes
    }

    /// The signal carrying `arguments`, each checked first, as bytes
    /// numbered 1: as `bytes(with:)`, but the body is written straight after
    /// the header into one buffer of the size the arguments bound, so a
    /// state file's 16 MiB frame is neither grown by copying nor copied
    /// again behind its header.
    func bytes(carrying arguments: [DBusValue]) throws -> [UInt8] {
        var message = WireBody(after: header)
        message.reserveCapacity(header.count + arguments.reduce(0) { $0 + $1.encodedBytesBound })
        for argument in arguments {
            try argument.validate()
            message.append(argument)
        }
        let bodyBytes = message.bytes.count - header.count
        try checkSending(bodyBytes: bodyBytes, largestArray: message.largestArray, bodyRefusal: message.refusal)
        var bytes = message.bytes
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: bodyBytes)) { bytes.replaceSubrange(4..<8, with: $0) }
        return bytes
    }

    /// `MessageTooLarge` past the protocol's limits, `InvalidArgs` for what
    /// libdbus would refuse in the header or the body.
    private func checkSending(bodyBytes: Int, largestArray: Int, bodyRefusal: String?) throws {
        let extent = Message.Extent(bytes: Message.headerAllowance + bodyBytes, largestArray: largestArray)
        guard extent.bytes <= Connection.protocolMessageLimit, extent.largestArray <= Connection.protocolArrayLimit else {
            throw MessageTooLarge(extent: extent, limit: Connection.protocolMessageLimit)
        }
        if let refusal = refusal ?? bodyRefusal {
            throw DBusError.invalidArgs(refusal)
        }
    }
}

extension Message {
    /// A signal carrying `arguments` in D-Bus wire format, numbered 1, as
    /// `marshalled()` gives a signal built through libdbus — written in one
    /// pass, without libdbus's per-argument header rewrites and checks
    /// (`Message(marshalled:)` checks the bytes when they are read back).
    /// For files that keep values; `InvalidArgs` for a value libdbus would
    /// refuse, `MessageTooLarge` past the protocol's limits.
    public static func marshalledSignal(path: ObjectPath, interface: String, member: String, _ arguments: [DBusValue]) throws -> [UInt8] {
        guard DBusNames.isValidInterfaceName(interface), DBusNames.isValidMemberName(member) else {
            throw DBusError.invalidArgs("'\(interface).\(member)' is not a valid interface and member name")
        }
        return try WireSignal(path: path, interface: interface, member: member, types: arguments.map(\.type)).bytes(carrying: arguments)
    }
}
