/// A D-Bus value of any type: what a message carries, decoded without
/// knowing its Swift meaning. Arrays keep their element type, so an empty
/// array still has a signature.
public enum DBusValue: Hashable, Sendable, CustomStringConvertible {
    /// `y`
    case byte(UInt8)
    /// `b`
    case boolean(Bool)
    /// `n`
    case int16(Int16)
    /// `q`
    case uint16(UInt16)
    /// `i`
    case int32(Int32)
    /// `u`
    case uint32(UInt32)
    /// `x`
    case int64(Int64)
    /// `t`
    case uint64(UInt64)
    /// `d`
    case double(Double)
    /// `s`
    case string(String)
    /// `o`
    case objectPath(ObjectPath)
    /// `g`
    case signature(Signature)
    /// `h`: a file descriptor this process owns.
    case unixFD(Int32)
    /// `aT`: the element type and the elements.
    case array(element: DBusType, [DBusValue])
    /// `{KV}`: one entry of a dictionary (an array of dict entries).
    indirect case dictEntry(DBusValue, DBusValue)
    /// `(T…)`
    case structure([DBusValue])
    /// `v`: a value that carries its own type.
    indirect case variant(DBusValue)

    /// The value's complete type.
    public var type: DBusType {
        switch self {
        case .byte: return .byte
        case .boolean: return .boolean
        case .int16: return .int16
        case .uint16: return .uint16
        case .int32: return .int32
        case .uint32: return .uint32
        case .int64: return .int64
        case .uint64: return .uint64
        case .double: return .double
        case .string: return .string
        case .objectPath: return .objectPath
        case .signature: return .signature
        case .unixFD: return .unixFD
        case .array(let element, _): return .array(element)
        case .dictEntry(let key, let value): return .dictEntry(key: key.type, value: value.type)
        case .structure(let fields): return .structure(fields.map(\.type))
        case .variant: return .variant
        }
    }

    /// The type code libdbus takes for the value, read off the value alone:
    /// building a container's `type` would allocate for every entry and
    /// structure (a basic value's type is a plain case).
    var typeCode: Int32 {
        switch self {
        case .array: return Int32(UInt8(ascii: "a"))
        case .dictEntry: return Int32(UInt8(ascii: "e"))
        case .structure: return Int32(UInt8(ascii: "r"))
        default: return type.code
        }
    }

    /// A dictionary `a{KV}` of these entries.
    public static func dictionary(key: DBusType, value: DBusType, _ entries: [(DBusValue, DBusValue)]) -> DBusValue {
        .array(element: .dictEntry(key: key, value: value), entries.map { .dictEntry($0.0, $0.1) })
    }

    /// The value as `gdbus` prints it, roughly.
    public var description: String {
        switch self {
        case .byte(let value): return "byte \(value)"
        case .boolean(let value): return "\(value)"
        case .int16(let value): return "int16 \(value)"
        case .uint16(let value): return "uint16 \(value)"
        case .int32(let value): return "\(value)"
        case .uint32(let value): return "uint32 \(value)"
        case .int64(let value): return "int64 \(value)"
        case .uint64(let value): return "uint64 \(value)"
        case .double(let value): return "\(value)"
        case .string(let value): return "'\(value)'"
        case .objectPath(let value): return "objectpath '\(value.rawValue)'"
        case .signature(let value): return "signature '\(value.rawValue)'"
        case .unixFD(let value): return "handle \(value)"
        case .array(_, let elements):
            if case .dictEntry? = elements.first {
                return "{" + elements.map { entry -> String in
                    guard case .dictEntry(let key, let value) = entry else { return entry.description }
                    return "\(key): \(value)"
                }.joined(separator: ", ") + "}"
            }
            return "[" + elements.map(\.description).joined(separator: ", ") + "]"
        case .dictEntry(let key, let value): return "{\(key): \(value)}"
        case .structure(let fields): return "(" + fields.map(\.description).joined(separator: ", ") + ")"
        case .variant(let inner): return "<\(inner)>"
        }
    }
}

extension DBusValue {
    /// The string, for `s`, `o` and `g`.
    public var stringValue: String? {
        switch self {
        case .string(let value): return value
        case .objectPath(let value): return value.rawValue
        case .signature(let value): return value.rawValue
        default: return nil
        }
    }

    /// The elements of an array.
    public var arrayElements: [DBusValue]? {
        if case .array(_, let elements) = self { return elements }
        return nil
    }

    /// The entries of a dictionary, in order.
    public var dictionaryEntries: [(key: DBusValue, value: DBusValue)]? {
        guard case .array(.dictEntry, let elements) = self else { return nil }
        return elements.compactMap { element in
            if case .dictEntry(let key, let value) = element { return (key, value) }
            return nil
        }
    }

    /// The value inside a variant.
    public var variantValue: DBusValue? {
        if case .variant(let inner) = self { return inner }
        return nil
    }

    /// Checks the value against the rules libdbus would abort on — strings
    /// without NUL, valid object paths and signatures, elements of the
    /// declared type — and the nesting limits (32 arrays, 32 structures, 64 in all).
    public func validate() throws {
        try validate(arrays: 0, structs: 0)
    }

    private func validate(arrays: Int, structs: Int) throws {
        guard arrays + structs <= 64 else { throw DBusError.invalidArgs("value nested deeper than 64") }
        switch self {
        case .string(let text):
            guard DBusNames.isValidString(text) else {
                throw DBusError.invalidArgs("strings may not contain NUL characters")
            }
        case .objectPath(let path):
            guard DBusNames.isValidObjectPath(path.rawValue) else {
                throw DBusError.invalidArgs("'\(path.rawValue)' is not a valid object path")
            }
        case .signature(let signature):
            _ = try DBusType.parse(signature: signature.rawValue)
        case .array(let element, let elements):
            guard arrays < DBusType.maximumArrayDepth else { throw DBusError.invalidArgs("arrays nested deeper than \(DBusType.maximumArrayDepth)") }
            if case .dictEntry(let key, _) = element, !key.isBasic {
                throw DBusError.invalidArgs("a dict entry's key must be a basic type, not '\(key.signature)'")
            }
            for value in elements {
                guard value.hasType(element) else {
                    throw DBusError.invalidArgs("array of '\(element.signature)' holds a '\(value.type.signature)'")
                }
                try value.validate(arrays: arrays + 1, structs: structs)
            }
        case .dictEntry(let key, let value):
            try key.validate(arrays: arrays, structs: structs + 1)
            try value.validate(arrays: arrays, structs: structs + 1)
        case .structure(let fields):
            guard structs < DBusType.maximumStructDepth else { throw DBusError.invalidArgs("structures nested deeper than \(DBusType.maximumStructDepth)") }
            guard !fields.isEmpty else { throw DBusError.invalidArgs("a structure needs at least one field") }
            for field in fields {
                try field.validate(arrays: arrays, structs: structs + 1)
            }
        case .variant(let inner):
            try inner.validate(arrays: 0, structs: 0)
        default:
            break
        }
    }

    /// Whether the value is of `type`, checked without building the value's type.
    public func hasType(_ type: DBusType) -> Bool {
        switch (self, type) {
        case (.byte, .byte), (.boolean, .boolean), (.int16, .int16), (.uint16, .uint16), (.int32, .int32), (.uint32, .uint32),
             (.int64, .int64), (.uint64, .uint64), (.double, .double), (.string, .string), (.objectPath, .objectPath),
             (.signature, .signature), (.unixFD, .unixFD), (.variant, .variant):
            return true
        case (.array(let element, _), .array(let expected)):
            return element == expected
        case (.dictEntry(let key, let value), .dictEntry(let keyType, let valueType)):
            return key.hasType(keyType) && value.hasType(valueType)
        case (.structure(let fields), .structure(let types)):
            return fields.count == types.count && zip(fields, types).allSatisfy { $0.hasType($1) }
        default:
            return false
        }
    }
}

extension DBusValue {
    /// Calls `body` with every Unix file descriptor inside the value.
    func forEachDescriptor(_ body: (Int32) -> Void) {
        switch self {
        case .unixFD(let fd): body(fd)
        case .variant(let inner): inner.forEachDescriptor(body)
        case .array(_, let elements): elements.forEach { $0.forEachDescriptor(body) }
        case .structure(let fields): fields.forEach { $0.forEachDescriptor(body) }
        case .dictEntry(let key, let value):
            key.forEachDescriptor(body)
            value.forEachDescriptor(body)
        default: break
        }
    }
}

extension DBusValue {
    /// An upper bound of the value's size on the wire, counted as
    /// `Message.extent` counts a marshalled one (worst-case padding).
    public var encodedBytesBound: Int {
        switch self {
        case .string(let text): return 9 + text.utf8.count
        case .objectPath(let path): return 9 + path.rawValue.utf8.count
        case .signature(let signature): return 2 + signature.rawValue.utf8.count
        case .array(_, let elements): return elements.reduce(16) { $0 + $1.encodedBytesBound }
        case .dictEntry(let key, let value): return 8 + key.encodedBytesBound + value.encodedBytesBound
        case .structure(let fields): return fields.reduce(8) { $0 + $1.encodedBytesBound }
        case .variant(let inner): return 258 + inner.encodedBytesBound
        default: return 8
        }
    }
}
