/// Writes typed Swift values into a signal's body in D-Bus's wire format,
/// with no `DBusValue` tree in between: what a `TypedSignal` emits with.
/// Every value is checked as `DBusValue.validate()` checks it (strings
/// without NUL, a variant's contents in full), so libdbus, which reads the
/// message back whole, is given nothing it would refuse.
public struct MessageBodyWriter {
    /// The body written so far.
    private(set) var body = WireBody()

    /// An empty body.
    public init() {}

    /// Appends a basic value (a number or a boolean) of type `code`.
    mutating func appendBasic<T: BitwiseCopyable>(_ value: T, code: UInt8) throws {
        body.appendBasic(value, code: code)
    }

    /// Appends a string, refusing one with NUL.
    mutating func appendString(_ text: String) throws {
        guard DBusNames.isValidString(text) else { throw DBusError.invalidArgs("strings may not contain NUL characters") }
        body.appendString(text, code: UInt8(ascii: "s"))
    }

    /// Appends any value, checked in full.
    mutating func append(_ value: DBusValue) throws {
        try value.validate()
        body.append(value)
    }

    /// Appends an array of elements of `elementType`, each written by `elements`.
    mutating func appendArray(of elementType: DBusType, _ elements: (inout MessageBodyWriter) throws -> Void) throws {
        try body.appendArray(of: elementType) { inner in
            var writer = MessageBodyWriter()
            swap(&writer.body, &inner)
            defer { swap(&writer.body, &inner) }
            try elements(&writer)
        }
    }
}
