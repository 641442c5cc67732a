/// A signal or a reply in D-Bus's wire format, header and body, as the
/// daemon wrote it (`WireSignal`, `WireReply`), not yet numbered: what
/// `Connection.send(_:)` writes to the socket itself when nothing waits
/// before it, or else hands to libdbus.
struct OutgoingMessage {
    /// Header and body; the serial (bytes 8..<12) is set when it is sent.
    var bytes: [UInt8]
    /// What it costs on the wire, for the connection's and the server's limits.
    let extent: Message.Extent
    /// Whether the bytes are, beyond doubt, a message libdbus and the bus
    /// accept (`WireBody.isKnownValid`): only then may they bypass libdbus's
    /// check, since a bus disconnects a sender of an invalid message.
    let isKnownValid: Bool
    /// What it is, for a log line when it cannot be sent ("ItemSelected at /…").
    let label: String
    /// A signal about an object only these uids may read goes to their
    /// connections alone; nil: to the whole bus.
    var readers: Set<UInt32>? = nil

    /// The bytes read back by libdbus, checked whole: the message it sends
    /// when the signal cannot go out at once (`InvalidArgs` for bytes it refuses).
    func message() throws -> Message {
        try Message(marshalled: bytes)
    }
}

extension OutgoingMessage {
    /// A header (padded to 8, its body length still to be set) and a body
    /// written here, joined: `MessageTooLarge` past the protocol's limits,
    /// `InvalidArgs` for what libdbus would refuse in either.
    init(header: WireBody, body: WireBody, label: String) throws {
        let extent = Message.Extent(bytes: header.bytes.count + body.bytes.count, largestArray: body.largestArray)
        guard extent.bytes <= Connection.protocolMessageLimit, extent.largestArray <= Connection.protocolArrayLimit else {
            throw MessageTooLarge(extent: extent, limit: Connection.protocolMessageLimit)
        }
        if let refusal = header.refusal ?? body.refusal {
            throw DBusError.invalidArgs(refusal)
        }
        var bytes = header.bytes
        bytes.reserveCapacity(bytes.count + body.bytes.count)
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: body.bytes.count)) { bytes.replaceSubrange(4..<8, with: $0) }
        bytes.append(contentsOf: body.bytes)
        self.init(bytes: bytes, extent: extent, isKnownValid: body.isKnownValid, label: label)
    }
}
