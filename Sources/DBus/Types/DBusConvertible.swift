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

/// A number D-Bus carries as it is: its type, its case of `DBusValue`, and
/// its bytes appended as they are. Conforming takes the three; decoding,
/// encoding and appending follow.
public protocol DBusNumber: DBusConvertible, BitwiseCopyable {
    /// Its case of `DBusValue`.
    static func wrap(_ value: Self) -> DBusValue
    /// The number `value` holds when it is of this type's case.
    static func unwrap(_ value: DBusValue) -> Self?
}

extension DBusNumber {
    /// Its case of `DBusValue`.
    public var dbusValue: DBusValue { Self.wrap(self) }

    /// From its case; another is `InvalidArgs`.
    public init(dbusValue: DBusValue) throws {
        guard let value = Self.unwrap(dbusValue) else { throw mismatch(dbusValue, Self.self) }
        self = value
    }

    /// Appended as it is.
    public func append(to writer: inout MessageBodyWriter) throws {
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

extension UInt8: DBusNumber {
    public static var dbusType: DBusType { .byte }
    public static func wrap(_ value: UInt8) -> DBusValue { .byte(value) }
    public static func unwrap(_ value: DBusValue) -> UInt8? { if case .byte(let number) = value { number } else { nil } }
}

extension Int16: DBusNumber {
    public static var dbusType: DBusType { .int16 }
    public static func wrap(_ value: Int16) -> DBusValue { .int16(value) }
    public static func unwrap(_ value: DBusValue) -> Int16? { if case .int16(let number) = value { number } else { nil } }
}

extension UInt16: DBusNumber {
    public static var dbusType: DBusType { .uint16 }
    public static func wrap(_ value: UInt16) -> DBusValue { .uint16(value) }
    public static func unwrap(_ value: DBusValue) -> UInt16? { if case .uint16(let number) = value { number } else { nil } }
}

extension Int32: DBusNumber {
    public static var dbusType: DBusType { .int32 }
    public static func wrap(_ value: Int32) -> DBusValue { .int32(value) }
    public static func unwrap(_ value: DBusValue) -> Int32? { if case .int32(let number) = value { number } else { nil } }
}

extension UInt32: DBusNumber {
    public static var dbusType: DBusType { .uint32 }
    public static func wrap(_ value: UInt32) -> DBusValue { .uint32(value) }
    public static func unwrap(_ value: DBusValue) -> UInt32? { if case .uint32(let number) = value { number } else { nil } }
}

extension Int64: DBusNumber {
    public static var dbusType: DBusType { .int64 }
    public static func wrap(_ value: Int64) -> DBusValue { .int64(value) }
    public static func unwrap(_ value: DBusValue) -> Int64? { if case .int64(let number) = value { number } else { nil } }
}

extension UInt64: DBusNumber {
    public static var dbusType: DBusType { .uint64 }
    public static func wrap(_ value: UInt64) -> DBusValue { .uint64(value) }
    public static func unwrap(_ value: DBusValue) -> UInt64? { if case .uint64(let number) = value { number } else { nil } }
}

extension Double: DBusNumber {
    public static var dbusType: DBusType { .double }
    public static func wrap(_ value: Double) -> DBusValue { .double(value) }
    public static func unwrap(_ value: DBusValue) -> Double? { if case .double(let number) = value { number } else { nil } }
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
