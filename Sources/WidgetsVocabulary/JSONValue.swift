import RxCoreEssentials

/// A parsed JSON value. Objects keep their keys in document order.
///
/// Foundation's `JSONSerialization` and `JSONDecoder` cannot serve the form
/// specs: their errors carry no byte offset or JSON path for the client,
/// they accept duplicate keys (the last silently wins), they lose the order
/// of keys that a spec's fields and messages are shown in, and they bound
/// nesting only by the stack. This parser exists for those four.
public enum JSONValue: Equatable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, keys in document order.
    case object([(key: String, value: JSONValue)])

    /// Equal when of the same kind with equal contents, object keys in the same order.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// A short description for error messages: `string "x"`, `a number`, `an object`.
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return "\(value)"
        case .number(let value): return "the number \(JSONValue.format(value))"
        case .string(let value): return "the string \(quoted(value, limit: 40, quote: "\""))"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// A number as specs, messages and titles write it: whole numbers
    /// without a fraction (`2`, not `2.0`), others as Swift prints them.
    public static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    }
}

/// A JSON text that does not parse: where and why.
public struct JSONSyntaxError: Swift.Error, Equatable, CustomStringConvertible, Sendable {
    /// The offset of the offending character, in bytes from the start.
    public let offset: Int
    /// What was expected there.
    public let message: String

    /// `at byte N: message`.
    public var description: String {
        "at byte \(offset): \(message)"
    }
}

extension JSONValue {
    /// The deepest nesting of arrays and objects a parse accepts.
    public static let maximumDepth = 64

    /// Parses a JSON text (RFC 8259): one value, whitespace around it, nothing
    /// else. Duplicate object keys, nesting deeper than `maximumDepth` and
    /// numbers out of range are errors too.
    public static func parse(_ text: String) throws -> JSONValue {
        var parser = JSONParser(bytes: Array(text.utf8))
        return try parser.parseDocument()
    }
}

private struct JSONParser {
    let bytes: [UInt8]
    var position = 0
    var depth = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func parseDocument() throws -> JSONValue {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard position == bytes.count else {
            throw error("expected the end of the text after the value")
        }
        return value
    }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: position, message: message)
    }

    private var current: UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            position += 1
        }
    }

    private mutating func parseValue() throws -> JSONValue {
        guard let byte = current else { throw error("expected a value, found the end of the text") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("expected a value, found '\(Character(Unicode.Scalar(byte)))'")
        }
    }

    private mutating func parseLiteral(_ word: String, _ value: JSONValue) throws -> JSONValue {
        let expected = Array(word.utf8)
        guard bytes.count - position >= expected.count, Array(bytes[position..<position + expected.count]) == expected else {
            throw error("expected '\(word)'")
        }
        position += expected.count
        return value
    }

    private mutating func enter() throws {
        depth += 1
        guard depth <= JSONValue.maximumDepth else {
            throw error("nesting deeper than \(JSONValue.maximumDepth) levels")
        }
    }

    private mutating func parseObject() throws -> JSONValue {
        try enter()
        defer { depth -= 1 }
        position += 1
        var members: [(key: String, value: JSONValue)] = []
        var keys = Set<String>()
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let keyOffset = position
            let key = try parseString()
            guard keys.insert(key).inserted else {
                throw JSONSyntaxError(offset: keyOffset, message: "duplicate key \"\(key)\"")
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after the key") }
            position += 1
            skipWhitespace()
            members.append((key, try parseValue()))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                return .object(members)
            default: throw error("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func parseArray() throws -> JSONValue {
        try enter()
        defer { depth -= 1 }
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                return .array(elements)
            default: throw error("expected ',' or ']' in an array")
            }
        }
    }

    private mutating func parseNumber() throws -> Double {
        let start = position
        if current == UInt8(ascii: "-") { position += 1 }
        guard let first = current, isDigit(first) else { throw error("expected a digit") }
        if first == UInt8(ascii: "0") {
            position += 1
        } else {
            skipDigits()
        }
        if current == UInt8(ascii: ".") {
            position += 1
            guard let digit = current, isDigit(digit) else { throw error("expected a digit after '.'") }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard let digit = current, isDigit(digit) else { throw error("expected a digit in the exponent") }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw JSONSyntaxError(offset: start, message: "the number \(text) is out of range")
        }
        return value
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func skipDigits() {
        while let byte = current, isDigit(byte) {
            position += 1
        }
    }

    private mutating func parseString() throws -> String {
        position += 1
        var scalars = String.UnicodeScalarView()
        var runStart = position
        func flushRun(_ parser: JSONParser) {
            scalars.append(contentsOf: String(decoding: parser.bytes[runStart..<parser.position], as: UTF8.self).unicodeScalars)
        }
        while true {
            guard let byte = current else { throw error("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                flushRun(self)
                position += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                flushRun(self)
                position += 1
                scalars.append(try parseEscape())
                runStart = position
            case 0..<0x20:
                throw error("control character in a string; escape it")
            default:
                position += 1
            }
        }
    }

    private mutating func parseEscape() throws -> Unicode.Scalar {
        guard let byte = current else { throw error("unterminated escape") }
        position += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try parseHex4()
            if (0xD800..<0xDC00).contains(unit) {
                guard current == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u") else {
                    throw error("a high surrogate must be followed by a low surrogate escape")
                }
                position += 2
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error("expected a low surrogate") }
                let combined = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                guard let scalar = Unicode.Scalar(combined) else { throw error("invalid surrogate pair") }
                return scalar
            }
            guard let scalar = Unicode.Scalar(unit) else { throw error("a lone low surrogate is not a character") }
            return scalar
        default:
            position -= 1
            throw error("invalid escape '\\\(Character(Unicode.Scalar(byte)))'")
        }
    }

    private mutating func parseHex4() throws -> UInt32 {
        guard bytes.count - position >= 4 else { throw error("expected four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = current, let nibble = hexValue(digit) else { throw error("expected a hex digit") }
            value = value << 4 | nibble
            position += 1
        }
        return value
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}

extension JSONValue {
    /// The JSON path of member `key` of the object at `path`; a long key is
    /// shown cut, as error messages show values.
    public static func path(_ path: String, key: String) -> String {
        key.unicodeScalars.count <= 64 ? "\(path).\(key)" : "\(path).\(quoted(key, limit: 64, quote: "\""))"
    }

    /// The first string of the document, object keys included, that
    /// `isAcceptable` refuses, with its JSON path (a key's path is its
    /// object's, the key named after it). Recurses at most as deep as the
    /// parser allowed (`maximumDepth`).
    public func firstString(at path: String = "$", failing isAcceptable: (String) -> Bool) -> (path: String, text: String)? {
        switch self {
        case .string(let text):
            return isAcceptable(text) ? nil : (path, text)
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                if let found = element.firstString(at: "\(path)[\(index)]", failing: isAcceptable) {
                    return found
                }
            }
            return nil
        case .object(let members):
            for member in members {
                guard isAcceptable(member.key) else {
                    return ("\(path) key", member.key)
                }
                if let found = member.value.firstString(at: JSONValue.path(path, key: member.key), failing: isAcceptable) {
                    return found
                }
            }
            return nil
        case .null, .bool, .number:
            return nil
        }
    }
}
