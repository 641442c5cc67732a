import RxWidgetsClient

/// Values as the command prints them: JSON for `--json`, and plain text for
/// `name=value` lines and `watch`.
package enum ValueText {
    /// `value` as JSON: numbers, booleans and strings as themselves, arrays
    /// and structures as arrays, dictionaries as objects (keys as text),
    /// variants as what they hold.
    package static func json(_ value: DBusValue) -> String {
        switch value {
        case .byte(let number): return "\(number)"
        case .boolean(let flag): return flag ? "true" : "false"
        case .int16(let number): return "\(number)"
        case .uint16(let number): return "\(number)"
        case .int32(let number): return "\(number)"
        case .uint32(let number): return "\(number)"
        case .int64(let number): return "\(number)"
        case .uint64(let number): return "\(number)"
        case .double(let number): return number.isFinite ? decimal(number) : "null"
        case .string(let text): return string(text)
        case .objectPath(let path): return string(path.rawValue)
        case .signature(let signature): return string(signature.rawValue)
        case .unixFD(let descriptor): return "\(descriptor)"
        case .variant(let inner): return json(inner)
        case .structure(let fields): return "[" + fields.map(json).joined(separator: ",") + "]"
        case .dictEntry(let key, let value): return "[" + json(key) + "," + json(value) + "]"
        case .array(_, let elements):
            if let entries = value.dictionaryEntries {
                return "{" + entries.map { string(plain($0.key)) + ":" + json($0.value) }.joined(separator: ",") + "}"
            }
            return "[" + elements.map(json).joined(separator: ",") + "]"
        }
    }

    /// `value` as plain text: a string as it is, a number or boolean as JSON
    /// writes it, anything else as JSON.
    package static func plain(_ value: DBusValue) -> String {
        switch value {
        case .string(let text): return text
        case .objectPath(let path): return path.rawValue
        case .signature(let signature): return signature.rawValue
        case .variant(let inner): return plain(inner)
        default: return json(value)
        }
    }

    /// A number the shortest way that reads back the same; whole numbers without a fraction.
    private static func decimal(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 {
            return "\(Int64(number))"
        }
        return "\(number)"
    }

    /// `text` as a JSON string.
    package static func string(_ text: String) -> String {
        JSONString.quoted(text)
    }
}
