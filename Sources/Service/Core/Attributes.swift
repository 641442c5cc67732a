import DBus
import RxWidgetsEssentials

extension AttributeValue {
    /// The value as a D-Bus value: `s`, `x`, `d` or `b`.
    var dbusValue: DBusValue {
        switch self {
        case .string(let text): return .string(text)
        case .int(let number): return .int64(Int64(number))
        case .double(let number): return .double(number)
        case .bool(let flag): return .boolean(flag)
        }
    }

    /// A client's value: strings, integers, doubles and booleans; nil for other types.
    init?(_ value: DBusValue) {
        switch value {
        case .string(let text): self = .string(text)
        case .boolean(let flag): self = .bool(flag)
        case .double(let number) where number.isFinite: self = .double(number)
        case .byte(let number): self = .int(Int(number))
        case .int16(let number): self = .int(Int(number))
        case .uint16(let number): self = .int(Int(number))
        case .int32(let number): self = .int(Int(number))
        case .uint32(let number): self = .int(Int(number))
        case .int64(let number): self = .int(Int(number))
        case .uint64(let number) where number <= UInt64(Int.max): self = .int(Int(number))
        default: return nil
        }
    }
}

/// `a{sv}` of attribute values, keys sorted.
func attributeDictionary(_ attributes: [String: AttributeValue]) -> DBusValue {
    .dictionary(key: .string, value: .variant, attributes.sorted { $0.key < $1.key }.map { (.string($0.key), .variant($0.value.dbusValue)) })
}

extension InputChecks {
    /// A client's `a{sv}` of attributes: every value a string, number or boolean.
    func attributes(_ value: DBusValue, _ what: String) throws -> [String: AttributeValue] {
        var result: [String: AttributeValue] = [:]
        for entry in value.dictionaryEntries ?? [] {
            guard let key = entry.key.stringValue else { continue }
            try checkString(key, "\(what) key")
            guard let inner = entry.value.variantValue, let attribute = AttributeValue(inner) else {
                let received = entry.value.variantValue?.type.signature ?? "?"
                throw DBusError.invalidArgs("\(what): key \(quoted(key)) expects a string, number or boolean, got '\(received)'")
            }
            if case .string(let text) = attribute {
                try checkString(text, "\(what) \(quoted(key))")
            }
            result[key] = attribute
        }
        return result
    }
}
