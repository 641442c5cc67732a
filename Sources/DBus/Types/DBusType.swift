/// A complete D-Bus type, as one signature element describes it.
public enum DBusType: Hashable, Sendable, CustomStringConvertible {
    /// `y`
    case byte
    /// `b`
    case boolean
    /// `n`
    case int16
    /// `q`
    case uint16
    /// `i`
    case int32
    /// `u`
    case uint32
    /// `x`
    case int64
    /// `t`
    case uint64
    /// `d`
    case double
    /// `s`
    case string
    /// `o`
    case objectPath
    /// `g`
    case signature
    /// `h`
    case unixFD
    /// `v`
    case variant
    /// `aT`
    indirect case array(DBusType)
    /// `{KV}`, only as an array's element
    indirect case dictEntry(key: DBusType, value: DBusType)
    /// `(T…)`
    case structure([DBusType])

    /// The signature of this one type, such as `a{sv}`.
    public var signature: String {
        switch self {
        case .byte: return "y"
        case .boolean: return "b"
        case .int16: return "n"
        case .uint16: return "q"
        case .int32: return "i"
        case .uint32: return "u"
        case .int64: return "x"
        case .uint64: return "t"
        case .double: return "d"
        case .string: return "s"
        case .objectPath: return "o"
        case .signature: return "g"
        case .unixFD: return "h"
        case .variant: return "v"
        case .array(let element): return "a" + element.signature
        case .dictEntry(let key, let value): return "{" + key.signature + value.signature + "}"
        case .structure(let fields): return "(" + fields.map(\.signature).joined() + ")"
        }
    }

    /// The signature.
    public var description: String {
        signature
    }

    /// Whether it is a basic type (which dictionary keys must be).
    public var isBasic: Bool {
        switch self {
        case .variant, .array, .dictEntry, .structure: return false
        default: return true
        }
    }

    /// Whether it is a dictionary's entry `{KV}`.
    public var isDictEntry: Bool {
        if case .dictEntry = self { return true }
        return false
    }

    /// The libdbus type code (`DBUS_TYPE_*`, which does not import into Swift).
    /// Writes the signature into `buffer` from `index` on, without building
    /// a string; false when it does not fit.
    func writeSignature(into buffer: UnsafeMutableBufferPointer<CChar>, at index: inout Int) -> Bool {
        switch self {
        case .array(let element):
            return buffer.put("a", at: &index) && element.writeSignature(into: buffer, at: &index)
        case .dictEntry(let key, let value):
            return buffer.put("{", at: &index) && key.writeSignature(into: buffer, at: &index)
                && value.writeSignature(into: buffer, at: &index) && buffer.put("}", at: &index)
        case .structure(let fields):
            return buffer.put("(", at: &index) && fields.allSatisfy { $0.writeSignature(into: buffer, at: &index) } && buffer.put(")", at: &index)
        default:
            return buffer.put(UInt8(truncatingIfNeeded: code), at: &index)
        }
    }

    var code: Int32 {
        switch self {
        case .byte: return Int32(UInt8(ascii: "y"))
        case .boolean: return Int32(UInt8(ascii: "b"))
        case .int16: return Int32(UInt8(ascii: "n"))
        case .uint16: return Int32(UInt8(ascii: "q"))
        case .int32: return Int32(UInt8(ascii: "i"))
        case .uint32: return Int32(UInt8(ascii: "u"))
        case .int64: return Int32(UInt8(ascii: "x"))
        case .uint64: return Int32(UInt8(ascii: "t"))
        case .double: return Int32(UInt8(ascii: "d"))
        case .string: return Int32(UInt8(ascii: "s"))
        case .objectPath: return Int32(UInt8(ascii: "o"))
        case .signature: return Int32(UInt8(ascii: "g"))
        case .unixFD: return Int32(UInt8(ascii: "h"))
        case .variant: return Int32(UInt8(ascii: "v"))
        case .array: return Int32(UInt8(ascii: "a"))
        case .dictEntry: return Int32(UInt8(ascii: "e"))
        case .structure: return Int32(UInt8(ascii: "r"))
        }
    }
}

/// A signature that breaks the D-Bus rules: where and why.
public struct SignatureError: Swift.Error, Equatable, CustomStringConvertible, Sendable {
    /// The signature.
    public let signature: String
    /// What is wrong with it.
    public let reason: String

    /// `invalid signature '…': reason`.
    public var description: String {
        "invalid signature '\(signature)': \(reason)"
    }
}

extension DBusType {
    /// The longest signature the specification allows.
    public static let maximumSignatureLength = 255
    /// The deepest array nesting allowed.
    public static let maximumArrayDepth = 32
    /// The deepest structure nesting allowed.
    public static let maximumStructDepth = 32

    /// Parses a signature into its complete types, enforcing every rule of the
    /// specification: length, nesting, dict entries only in arrays with a
    /// basic key, no empty structures.
    public static func parse(signature: String) throws -> [DBusType] {
        let codes = Array(signature.utf8)
        guard codes.count <= maximumSignatureLength else {
            throw SignatureError(signature: signature, reason: "longer than \(maximumSignatureLength) characters")
        }
        var parser = SignatureParser(codes: codes, signature: signature)
        var types: [DBusType] = []
        while parser.position < codes.count {
            types.append(try parser.parseComplete(arrays: 0, structs: 0, insideArray: false))
        }
        return types
    }

    /// Parses a signature that holds exactly one complete type.
    public static func parseSingle(signature: String) throws -> DBusType {
        let types = try parse(signature: signature)
        guard types.count == 1 else {
            throw SignatureError(signature: signature, reason: "expected exactly one complete type, found \(types.count)")
        }
        return types[0]
    }
}

/// The signature of a list of types.
public func signature(of types: [DBusType]) -> String {
    types.map(\.signature).joined()
}

private struct SignatureParser {
    let codes: [UInt8]
    let signature: String
    var position = 0

    private func fail(_ reason: String) -> SignatureError {
        SignatureError(signature: signature, reason: reason)
    }

    mutating func parseComplete(arrays: Int, structs: Int, insideArray: Bool) throws -> DBusType {
        guard position < codes.count else { throw fail("ends in the middle of a type") }
        let code = codes[position]
        position += 1
        switch code {
        case UInt8(ascii: "y"): return .byte
        case UInt8(ascii: "b"): return .boolean
        case UInt8(ascii: "n"): return .int16
        case UInt8(ascii: "q"): return .uint16
        case UInt8(ascii: "i"): return .int32
        case UInt8(ascii: "u"): return .uint32
        case UInt8(ascii: "x"): return .int64
        case UInt8(ascii: "t"): return .uint64
        case UInt8(ascii: "d"): return .double
        case UInt8(ascii: "s"): return .string
        case UInt8(ascii: "o"): return .objectPath
        case UInt8(ascii: "g"): return .signature
        case UInt8(ascii: "h"): return .unixFD
        case UInt8(ascii: "v"): return .variant
        case UInt8(ascii: "a"):
            guard arrays < DBusType.maximumArrayDepth else { throw fail("arrays nested deeper than \(DBusType.maximumArrayDepth)") }
            guard arrays + structs < 64 else { throw fail("nested deeper than 64") }
            return .array(try parseComplete(arrays: arrays + 1, structs: structs, insideArray: true))
        case UInt8(ascii: "("):
            guard structs < DBusType.maximumStructDepth else { throw fail("structures nested deeper than \(DBusType.maximumStructDepth)") }
            guard arrays + structs < 64 else { throw fail("nested deeper than 64") }
            var fields: [DBusType] = []
            while position < codes.count, codes[position] != UInt8(ascii: ")") {
                fields.append(try parseComplete(arrays: arrays, structs: structs + 1, insideArray: false))
            }
            guard position < codes.count else { throw fail("unclosed '('") }
            position += 1
            guard !fields.isEmpty else { throw fail("empty structure '()'") }
            return .structure(fields)
        case UInt8(ascii: "{"):
            guard insideArray else { throw fail("a dict entry '{…}' may only be an array's element") }
            let key = try parseComplete(arrays: arrays, structs: structs + 1, insideArray: false)
            guard key.isBasic else { throw fail("a dict entry's key must be a basic type, not '\(key.signature)'") }
            guard position < codes.count, codes[position] != UInt8(ascii: "}") else {
                throw fail("a dict entry holds exactly a key and a value")
            }
            let value = try parseComplete(arrays: arrays, structs: structs + 1, insideArray: false)
            guard position < codes.count, codes[position] == UInt8(ascii: "}") else {
                throw fail("a dict entry holds exactly a key and a value")
            }
            position += 1
            return .dictEntry(key: key, value: value)
        default:
            throw fail("unknown type code '\(Character(Unicode.Scalar(code)))' at \(position - 1)")
        }
    }
}

extension UnsafeMutableBufferPointer where Element == CChar {
    /// Writes one signature character at `index` and moves past it; false
    /// when the buffer is full.
    func put(_ character: UInt8, at index: inout Int) -> Bool {
        guard index < count else { return false }
        self[index] = CChar(bitPattern: character)
        index += 1
        return true
    }

    /// Writes one signature character given as a literal.
    func put(_ character: Unicode.Scalar, at index: inout Int) -> Bool {
        put(UInt8(ascii: character), at: &index)
    }
}
