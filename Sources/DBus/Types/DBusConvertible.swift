import CDBus
/// A Swift type with a D-Bus form: encodes to and decodes from `DBusValue`.
/// Decoding untrusted input never traps: a mismatch is a thrown `DBusError`.
public protocol DBusConvertible {
    /// The D-Bus type of every value.
    static var dbusType: DBusType { get }
    /// The value's D-Bus form.
    var dbusValue: DBusValue { get }
    /// Decodes a value; throws `DBusError.invalidArgs` on a type mismatch.
    init(dbusValue: DBusValue) throws
    /// Appends the value to a message body, checked as `DBusValue.validate()`
    /// checks; by default its `dbusValue`, which numbers, strings and arrays
    /// skip.
    func append(to writer: inout MessageBodyWriter) throws
}

extension DBusConvertible {
    /// Appends `dbusValue`, checked in full.
    public func append(to writer: inout MessageBodyWriter) throws {
        try writer.append(dbusValue)
    }
}

/// Numbers and booleans go to libdbus as they are.
extension DBusConvertible where Self: BitwiseCopyable {
    fileprivate func appendBasic(to writer: inout MessageBodyWriter) throws {
        try writer.appendBasic(self, code: UInt8(truncatingIfNeeded: Self.dbusType.code))
    }
}

private func mismatch<T>(_ value: DBusValue, _ type: T.Type) -> DBusError where T: DBusConvertible {
    .invalidArgs("expected '\(T.dbusType.signature)', got '\(value.type.signature)'")
}

extension Bool: DBusConvertible {
    /// Appended as libdbus's `dbus_bool_t`.
    public func append(to writer: inout MessageBodyWriter) throws {
        try writer.appendBasic(dbus_bool_t(self ? 1 : 0), code: UInt8(ascii: "b"))
    }

    /// `b`.
    public static var dbusType: DBusType { .boolean }
    /// `.boolean`.
    public var dbusValue: DBusValue { .boolean(self) }
    /// From `.boolean`.
    public init(dbusValue: DBusValue) throws {
        guard case .boolean(let value) = dbusValue else { throw mismatch(dbusValue, Self.self) }
        self = value
    }
}

extension UInt8: DBusConvertible {
    /// Appended as it is.
    public func append(to writer: inout MessageBodyWriter) throws {
        try appendBasic(to: &writer)
    }

    /// `y`.
    public static var dbusType: DBusType { .byte }
    /// `.byte`.
    public var dbusValue: DBusValue { .byte(self) }
    /// From `.byte`.
    public init(dbusValue: DBusValue) throws {
        guard case .byte(let value) = dbusValue else { throw mismatch(dbusValue, Self.self) }
        self = value
    }
}

extension Int16: DBusConvertible {
    /// Appended as it is.
    public func append(to writer: inout MessageBodyWriter) throws {
        try appendBasic(to: &writer)
    }

    /// `n`.
    public static var dbusType: DBusType { .int16 }
    /// `.int16`.
    public var dbusValue: DBusValue { .int16(self) }
    /// From `.int16`.
    public init(dbusValue: DBusValue) throws {
        guard case .int16(let value) = dbusValue else { throw mismatch(dbusValue, Self.self) }
        self = value
    }
}

extension UInt16: DBusConvertible {
    /// Appended as it is.
    public func append(to writer: inout MessageBodyWriter) throws {
        try appendBasic(to: &writer)
    }

    /// `q`.
    public static var dbusType: DBusType { .uint16 }
    /// `.uint16`.
    public var dbusValue: DBusValue { .uint16(self) }
    /// From `.uint16`.
    public init(dbusValue: DBusValue) throws {
        guard case .uint16(let value) = dbusValue else { throw mismatch(dbusValue, Self.self) }
        self = value
    }
}

extension Int32: DBusConvertible {
    /// Appended as it is.
    public func append(to writer: inout MessageBodyWriter) throws {
        try appendBasic(to: &writer)
    }

    /// `i`.
    public static var dbusType: DBusType { .int32 }
    /// `.int32`.
    public var dbusValue: DBusValue { .int32(self) }
    /// From `.int32`.
    public init(dbusValue: DBusValue) throws {
        guard case .int32(let value) = dbusValue else { throw mismatch(dbusValue, Self.self) }
        self = value
    }
}

extension UInt32: DBusConvertible {
    /// Appended as it is.
    public func append(to writer: inout MessageBodyWriter) throws {
        try appendBasic(to: &writer)
    }

    /// `u`.
    public static var dbusType: DBusType { .uint32 }
    /// `.uint32`.
    public var dbusValue: DBusValue { .uint32(self) }
    /// From `.uint32`.
    public init(dbusValue: DBusValue) throws {
        guard case .uint32(let value) = dbusValue else { throw mismatch(dbusValue, Self.self) }
        self = value
    }
}

extension Int64: DBusConvertible {
    /// Appended as it is.
    public func append(to writer: inout MessageBodyWriter) throws {
        try appendBasic(to: &writer)
    }

    /// `x`.
    public static var dbusType: DBusType { .int64 }
    /// `.int64`.
    public var dbusValue: DBusValue { .int64(self) }
    /// From `.int64`.
    public init(dbusValue: DBusValue) throws {
        guard case .int64(let value) = dbusValue else { throw mismatch(dbusValue, Self.self) }
        self = value
    }
}

extension UInt64: DBusConvertible {
    /// Appended as it is.
    public func append(to writer: inout MessageBodyWriter) throws {
        try appendBasic(to: &writer)
    }

    /// `t`.
    public static var dbusType: DBusType { .uint64 }
    /// `.uint64`.
    public var dbusValue: DBusValue { .uint64(self) }
    /// From `.uint64`.
    public init(dbusValue: DBusValue) throws {
        guard case .uint64(let value) = dbusValue else { throw mismatch(dbusValue, Self.self) }
        self = value
    }
}

extension Double: DBusConvertible {
    /// Appended as it is.
    public func append(to writer: inout MessageBodyWriter) throws {
        try appendBasic(to: &writer)
    }

    /// `d`.
    public static var dbusType: DBusType { .double }
    /// `.double`.
    public var dbusValue: DBusValue { .double(self) }
    /// From `.double`.
    public init(dbusValue: DBusValue) throws {
        guard case .double(let value) = dbusValue else { throw mismatch(dbusValue, Self.self) }
        self = value
    }
}

extension String: DBusConvertible {
    /// Appended after the NUL check.
    public func append(to writer: inout MessageBodyWriter) throws {
        try writer.appendString(self)
    }

    /// `s`.
    public static var dbusType: DBusType { .string }
    /// `.string`.
    public var dbusValue: DBusValue { .string(self) }
    /// From `.string`.
    public init(dbusValue: DBusValue) throws {
        guard case .string(let value) = dbusValue else { throw mismatch(dbusValue, Self.self) }
        self = value
    }
}

extension ObjectPath: DBusConvertible {
    /// `o`.
    public static var dbusType: DBusType { .objectPath }
    /// `.objectPath`.
    public var dbusValue: DBusValue { .objectPath(self) }
    /// From `.objectPath`.
    public init(dbusValue: DBusValue) throws {
        guard case .objectPath(let value) = dbusValue else { throw mismatch(dbusValue, Self.self) }
        self = value
    }
}

extension Signature: DBusConvertible {
    /// `g`.
    public static var dbusType: DBusType { .signature }
    /// `.signature`.
    public var dbusValue: DBusValue { .signature(self) }
    /// From `.signature`.
    public init(dbusValue: DBusValue) throws {
        guard case .signature(let value) = dbusValue else { throw mismatch(dbusValue, Self.self) }
        self = value
    }
}

/// A `v`: any value with its type.
public struct Variant: DBusConvertible, Hashable, Sendable, CustomStringConvertible {
    /// The value inside.
    public let value: DBusValue

    /// A variant holding `value`.
    public init(_ value: DBusValue) {
        self.value = value
    }

    /// A variant holding a Swift value's D-Bus form.
    public init<T: DBusConvertible>(_ value: T) {
        self.value = value.dbusValue
    }

    /// `v`.
    public static var dbusType: DBusType { .variant }
    /// `.variant`.
    public var dbusValue: DBusValue { .variant(value) }
    /// From `.variant`.
    public init(dbusValue: DBusValue) throws {
        guard case .variant(let inner) = dbusValue else { throw mismatch(dbusValue, Self.self) }
        value = inner
    }

    /// The value inside, decoded as `T`.
    public func decode<T: DBusConvertible>(_ type: T.Type = T.self) throws -> T {
        try T(dbusValue: value)
    }

    /// `<value>`.
    public var description: String {
        "<\(value)>"
    }
}

extension Array: DBusConvertible where Element: DBusConvertible {
    /// Each element appended as its type appends itself.
    public func append(to writer: inout MessageBodyWriter) throws {
        try writer.appendArray(of: Element.dbusType) { inner in
            for element in self {
                try element.append(to: &inner)
            }
        }
    }

    /// `a` and the element's type.
    public static var dbusType: DBusType { .array(Element.dbusType) }
    /// An array of the elements' forms.
    // A closure, not `map(\.dbusValue)`: a key path in generic code is built
    // at run time on every call.
    public var dbusValue: DBusValue { .array(element: Element.dbusType, map { $0.dbusValue }) }
    /// From an array whose elements decode as `Element`.
    public init(dbusValue: DBusValue) throws {
        guard case .array(let element, let elements) = dbusValue, element == Element.dbusType else {
            throw DBusError.invalidArgs("expected '\(Self.dbusType.signature)', got '\(dbusValue.type.signature)'")
        }
        self = try elements.map(Element.init(dbusValue:))
    }
}

extension Dictionary: DBusConvertible where Key: DBusConvertible, Value: DBusConvertible {
    /// `a{KV}`.
    public static var dbusType: DBusType { .array(.dictEntry(key: Key.dbusType, value: Value.dbusType)) }
    /// A dictionary of the entries' forms, in no particular order.
    public var dbusValue: DBusValue {
        .dictionary(key: Key.dbusType, value: Value.dbusType, map { ($0.key.dbusValue, $0.value.dbusValue) })
    }
    /// From a dictionary whose keys and values decode; a repeated key keeps the last value.
    public init(dbusValue: DBusValue) throws {
        guard dbusValue.type == Self.dbusType, let entries = dbusValue.dictionaryEntries else {
            throw DBusError.invalidArgs("expected '\(Self.dbusType.signature)', got '\(dbusValue.type.signature)'")
        }
        var result: [Key: Value] = [:]
        for entry in entries {
            result[try Key(dbusValue: entry.key)] = try Value(dbusValue: entry.value)
        }
        self = result
    }
}

/// An `a{sv}` whose entries keep the order they were given in (a Swift
/// `Dictionary` has none), for replies and signals that list fields in a
/// declared order.
public struct VariantDictionary: DBusConvertible, Equatable, Sendable {
    /// The entries, in order.
    public let entries: [(key: String, value: DBusValue)]

    /// A dictionary of these entries, in this order.
    public init(_ entries: [(key: String, value: DBusValue)]) {
        self.entries = entries
    }

    /// `a{sv}`.
    public static var dbusType: DBusType { .array(.dictEntry(key: .string, value: .variant)) }
    /// The entries as `a{sv}`, in order.
    public var dbusValue: DBusValue {
        .dictionary(key: .string, value: .variant, entries.map { (.string($0.key), .variant($0.value)) })
    }
    /// From `a{sv}`, in the order received.
    public init(dbusValue: DBusValue) throws {
        guard dbusValue.type == Self.dbusType, let entries = dbusValue.dictionaryEntries else {
            throw DBusError.invalidArgs("expected 'a{sv}', got '\(dbusValue.type.signature)'")
        }
        self.entries = entries.map { ($0.key.stringValue ?? "", $0.value.variantValue ?? $0.value) }
    }

    public static func == (lhs: VariantDictionary, rhs: VariantDictionary) -> Bool {
        lhs.entries.count == rhs.entries.count && zip(lhs.entries, rhs.entries).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}

/// An `h`: a Unix file descriptor. One received in a method call is the
/// call's own copy, closed when the call has been answered.
public struct UnixFD: DBusConvertible, Hashable, Sendable {
    /// The descriptor.
    public let fd: Int32

    /// A descriptor to send; libdbus sends a duplicate, so the caller keeps `fd`.
    public init(_ fd: Int32) {
        self.fd = fd
    }

    /// `h`.
    public static var dbusType: DBusType { .unixFD }
    /// `.unixFD`.
    public var dbusValue: DBusValue { .unixFD(fd) }
    /// From `.unixFD`.
    public init(dbusValue: DBusValue) throws {
        guard case .unixFD(let fd) = dbusValue else { throw mismatch(dbusValue, Self.self) }
        self.fd = fd
    }
}
