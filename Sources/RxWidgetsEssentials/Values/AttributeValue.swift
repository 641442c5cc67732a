/// A value of a text attribute or a view property: what a headless front end
/// needs to render it, and what the daemon sends as a D-Bus variant.
public enum AttributeValue: Hashable, Sendable, CustomStringConvertible {
    /// Text, such as a colour name or `#rrggbb`.
    case string(String)
    /// A whole number.
    case int(Int)
    /// A number, such as a font size.
    case double(Double)
    /// A flag.
    case bool(Bool)

    /// The value as text.
    public var description: String {
        switch self {
        case .string(let value): return value
        case .int(let value): return String(value)
        case .double(let value): return String(value)
        case .bool(let value): return String(value)
        }
    }
}

extension AttributeValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral {
    /// A string value.
    public init(stringLiteral value: String) {
        self = .string(value)
    }

    /// An integer value.
    public init(integerLiteral value: Int) {
        self = .int(value)
    }

    /// A floating-point value.
    public init(floatLiteral value: Double) {
        self = .double(value)
    }

    /// A boolean value.
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}
