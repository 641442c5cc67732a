import CDBus

/// Appends typed Swift values to a message body straight through libdbus's
/// iterator, with no `DBusValue` tree in between: what a `TypedSignal`
/// emits with. Every value is checked as `DBusValue.validate()` checks it
/// (strings without NUL, a variant's contents in full), so nothing libdbus
/// would abort on reaches it.
public struct MessageBodyWriter {
    var iterator: DBusMessageIter
    /// The message written, whose `appendedBytes` the writer keeps.
    private let message: Message

    /// A writer appending to the end of `message`'s body.
    public init(appendingTo message: Message) {
        iterator = DBusMessageIter()
        self.message = message
        message.cachedSignature = nil
        dbus_message_iter_init_append(message.raw, &iterator)
    }

    private init(opened iterator: DBusMessageIter, of message: Message) {
        self.iterator = iterator
        self.message = message
    }

    private func counted(_ bytes: Int) {
        message.appendedBytes = message.appendedBytes.map { $0 + bytes }
    }

    /// Appends a basic value (a number or a boolean) of type `code`.
    mutating func appendBasic<T: BitwiseCopyable>(_ value: T, code: UInt8) throws {
        var copy = value
        guard dbus_message_iter_append_basic(&iterator, Int32(code), &copy) != 0 else { throw Message.outOfMemory }
        counted(8)
    }

    /// Appends a string, refusing one with NUL.
    mutating func appendString(_ text: String) throws {
        guard DBusNames.isValidString(text) else { throw DBusError.invalidArgs("strings may not contain NUL characters") }
        let appended = text.withCString { pointer -> dbus_bool_t in
            var cString: UnsafePointer<CChar>? = pointer
            return dbus_message_iter_append_basic(&iterator, Int32(UInt8(ascii: "s")), &cString)
        }
        guard appended != 0 else { throw Message.outOfMemory }
        counted(9 + text.utf8.count)
    }

    /// Appends any value: checked in full, then appended as `Message.append` does.
    mutating func append(_ value: DBusValue) throws {
        try value.validate()
        try Message.append(value, to: &iterator)
        counted(value.encodedBytesBound)
    }

    /// Appends an array of elements of `elementType`, each written by `body`.
    mutating func appendArray(of elementType: DBusType, _ body: (inout MessageBodyWriter) throws -> Void) throws {
        counted(16)
        try Message.container(Int32(UInt8(ascii: "a")), signature: .type(elementType), in: &iterator) { inner in
            var writer = MessageBodyWriter(opened: inner, of: message)
            try body(&writer)
            inner = writer.iterator
        }
    }
}
