import CDBus
import Glibc

extension Message {
    /// A new message with this one's header and body, not yet sent: its
    /// serial is 0 and it can be appended to.
    public func copy() throws -> Message {
        if let wire {
            return try Message(marshalled: wire).copy()
        }
        guard let copied = dbus_message_copy(raw) else { throw Message.outOfMemory }
        dbus_message_set_serial(copied, 0)
        if let builtBody {
            return Message(building: copied, body: builtBody, appendedBytes: appendedBytes ?? 0)
        }
        return Message(taking: copied, appendedBytes: appendedBytes)
    }

    /// A copy sent to `destination` alone (a signal for one client).
    func addressed(to destination: String) throws -> Message {
        let copied = try copy()
        guard dbus_message_set_destination(copied.raw, destination) != 0 else { throw Message.outOfMemory }
        return copied
    }

    /// The message in D-Bus wire format: header and body, every value typed,
    /// as a file can keep it.
    public func marshalled() throws -> [UInt8] {
        if let wire {
            return wire
        }
        // A message on the wire has a serial; one never sent gets 1.
        let serial = dbus_message_get_serial(raw)
        if let written = try written(serial: serial == 0 ? 1 : serial) {
            return written.bytes
        }
        if serial == 0 {
            dbus_message_set_serial(raw, 1)
        }
        var buffer: UnsafeMutablePointer<CChar>?
        var length: Int32 = 0
        guard dbus_message_marshal(try bodyInLibdbus(), &buffer, &length) != 0, let buffer else { throw Message.outOfMemory }
        defer { dbus_free(buffer) }
        return buffer.withMemoryRebound(to: UInt8.self, capacity: Int(length)) { Array(UnsafeBufferPointer(start: $0, count: Int(length))) }
    }

    /// How many bytes the message starting at `bytes` takes, read off its
    /// header (nil when the 16 bytes a header starts with are not there or
    /// are not a D-Bus message's): where it ends among messages kept one
    /// after another.
    public static func marshalledLength(at bytes: ArraySlice<UInt8>) -> Int? {
        guard bytes.count >= 16 else { return nil }
        let needed = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { dbus_message_demarshal_bytes_needed($0.baseAddress, 16) }
        }
        return needed >= 16 ? Int(needed) : nil
    }

    /// A message from its wire format, checked as libdbus checks what
    /// arrives from the bus: bytes that are not exactly one valid message
    /// (torn, corrupt, another format) are `InvalidArgs`, never a crash.
    public convenience init(marshalled bytes: [UInt8]) throws {
        try self.init(taking: bytes.withUnsafeBytes { try Message.demarshal($0) })
    }

    /// libdbus's message from exactly one marshalled message's bytes,
    /// checked whole; `InvalidArgs` otherwise.
    static func demarshal(_ bytes: UnsafeRawBufferPointer) throws -> OpaquePointer {
        let start = bytes.baseAddress?.assumingMemoryBound(to: CChar.self)
        let needed = dbus_message_demarshal_bytes_needed(start, Int32(clamping: bytes.count))
        guard bytes.count >= 16, needed == bytes.count else {
            throw DBusError.invalidArgs("\(bytes.count) bytes are not one D-Bus message (its header says \(needed))")
        }
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let raw = dbus_message_demarshal(start, Int32(bytes.count), &error) else {
            throw Connection.error(from: &error, fallback: "the bytes are not a valid D-Bus message")
        }
        return raw
    }
}
