import CDBus

/// The header of a message built here (`Message.methodCall`, `.signal`,
/// `makeReturn`, `makeError`), in D-Bus's wire format: the fixed part and
/// the fields libdbus's message holds, in the order libdbus writes them,
/// so that the whole message is byte for byte what libdbus marshals
/// (`BuiltMessageTests`). libdbus keeps the header's names, checked when the
/// message was made; the body is the project's (`WireBody`).
enum WireHeader {
    private static let field = DBusType.structure([.byte, .variant])

    /// The header of `message` numbered `serial`, carrying a body of
    /// `signature`, padded to 8 for the body; its body length is set when
    /// the body is joined to it (`OutgoingMessage(header:body:label:)`).
    static func bytes(of message: Message, serial: UInt32, signature: String) -> WireBody {
        let raw = message.raw
        let order = UInt8(ascii: 1.littleEndian == 1 ? "l" : "B")
        var flags: UInt8 = 0
        if dbus_message_get_no_reply(raw) != 0 { flags |= 0x1 }
        if dbus_message_get_auto_start(raw) == 0 { flags |= 0x2 }
        if dbus_message_get_allow_interactive_authorization(raw) != 0 { flags |= 0x4 }
        var fixed: [UInt8] = [order, UInt8(truncatingIfNeeded: dbus_message_get_type(raw)), flags, 1, 0, 0, 0, 0]
        withUnsafeBytes(of: serial) { fixed += $0 }
        var header = WireBody(after: fixed)
        let text = { (get: (OpaquePointer) -> UnsafePointer<CChar>?) in get(raw).map { String(cString: $0) } }
        header.appendArray(of: WireHeader.field) { fields in
            let path = text(dbus_message_get_path), destination = text(dbus_message_get_destination)
            let interface = text(dbus_message_get_interface), member = text(dbus_message_get_member)
            // libdbus writes the fields a message is made with first (path,
            // destination, interface, member, error name), then those set
            // after it, in the order they were set: a signal's destination,
            // a reply's serial, the sender, the signature.
            if dbus_message_get_type(raw) == DBUS_MESSAGE_TYPE_SIGNAL {
                appendField(1, path, type: UInt8(ascii: "o"), to: &fields)
                appendField(2, interface, type: UInt8(ascii: "s"), to: &fields)
                appendField(3, member, type: UInt8(ascii: "s"), to: &fields)
                appendField(6, destination, type: UInt8(ascii: "s"), to: &fields)
            } else {
                appendField(1, path, type: UInt8(ascii: "o"), to: &fields)
                appendField(6, destination, type: UInt8(ascii: "s"), to: &fields)
                appendField(2, interface, type: UInt8(ascii: "s"), to: &fields)
                appendField(3, member, type: UInt8(ascii: "s"), to: &fields)
                appendField(4, text(dbus_message_get_error_name), type: UInt8(ascii: "s"), to: &fields)
                appendReplySerial(dbus_message_get_reply_serial(raw), to: &fields)
            }
            appendField(7, text(dbus_message_get_sender), type: UInt8(ascii: "s"), to: &fields)
            appendField(8, signature.isEmpty ? nil : signature, type: UInt8(ascii: "g"), to: &fields)
        }
        header.pad(to: 8)
        return header
    }

    /// Appends the header field `code` holding `value`, a string of D-Bus
    /// type `type` (`s`, `o` or `g`), as a structure of its code and a
    /// variant; nothing for nil.
    static func appendField(_ code: UInt8, _ value: String?, type: UInt8, to fields: inout WireBody) {
        guard let value else { return }
        fields.pad(to: 8)
        fields.appendBasic(code, code: UInt8(ascii: "y"))
        fields.appendString(String(UnicodeScalar(type)), code: UInt8(ascii: "g"))
        fields.appendString(value, code: type)
    }

    /// Appends the REPLY_SERIAL field (5); nothing for 0, which no reply has.
    static func appendReplySerial(_ serial: UInt32, to fields: inout WireBody) {
        guard serial != 0 else { return }
        fields.pad(to: 8)
        fields.appendBasic(UInt8(5), code: UInt8(ascii: "y"))
        fields.appendString("u", code: UInt8(ascii: "g"))
        fields.appendBasic(serial, code: UInt8(ascii: "u"))
    }
}
