import Glibc

/// A field's value or an output's value.
public enum FieldValue: Equatable, Sendable, CustomStringConvertible {
    /// Text: a text field, a choice.
    case text(String)
    /// A flag: a switch.
    case bool(Bool)
    /// A number: a slider, a stepper.
    case number(Double)
    /// A day: a date field.
    case date(CalendarDay)
    /// Absolute paths: a file field with `multiple` (one without holds `text`).
    case paths([String])
    /// An array field's items, each its fields' values by name.
    case items([[String: FieldValue]])

    /// The choice value of a choice field with nothing selected.
    public static let notSelected = "notSelected"

    /// Equal down to the Unicode scalars: `==` holds canonically equivalent
    /// texts equal ("é" and "e" + U+0301), which rules counting scalars
    /// (lengths, patterns) tell apart.
    /// Compared as bytes with `memcmp`: iterating `utf8` element by element
    /// cost 80 ms on a form holding 16 MiB of values.
    func isIdentical(to other: FieldValue) -> Bool {
        if case .items(let items) = self, case .items(let otherItems) = other {
            return items.count == otherItems.count && zip(items, otherItems).allSatisfy(FieldValue.identical)
        }
        guard case .text(var text) = self, case .text(var otherText) = other else {
            return self == other
        }
        return text.withUTF8 { bytes in
            otherText.withUTF8 { otherBytes in
                bytes.count == otherBytes.count && (bytes.isEmpty || memcmp(bytes.baseAddress!, otherBytes.baseAddress!, bytes.count) == 0)
            }
        }
    }

    /// Whether two items hold the same fields with identical values.
    static func identical(_ item: [String: FieldValue], _ other: [String: FieldValue]) -> Bool {
        item.count == other.count && item.allSatisfy { key, value in other[key].map(value.isIdentical) ?? false }
    }

    /// The value as text (a date as `YYYY-MM-DD`).
    public var description: String {
        switch self {
        case .text(let text): return text
        case .bool(let flag): return String(flag)
        case .number(let number): return JSONValue.format(number)
        case .date(let day): return day.description
        case .paths(let paths): return paths.joined(separator: "\n")
        case .items(let items): return items.count == 1 ? "1 item" : "\(items.count) items"
        }
    }

    /// A name for the value's type in messages.
    public var typeDescription: String {
        switch self {
        case .text: return "a string"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .date: return "a date"
        case .paths: return "a list of paths"
        case .items: return "a list of items"
        }
    }
}

/// Whether a field is valid, and if not, why.
public struct FieldValidity: Equatable, Sendable, CustomStringConvertible {
    /// The reason it is invalid; nil when valid.
    public let reason: ValidityReason?
    /// A message for the user; empty when valid.
    public let message: String

    /// Valid.
    public static let valid = FieldValidity(reason: nil, message: "")

    /// Invalid for `reason`.
    public init(reason: ValidityReason?, message: String) {
        self.reason = reason
        self.message = message
    }

    /// Whether it is valid.
    public var isValid: Bool {
        reason == nil
    }

    /// `valid`, or the reason and message.
    public var description: String {
        reason.map { "\($0.rawValue): \(message)" } ?? "valid"
    }
}
