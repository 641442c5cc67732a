/// A hashable value as an item identified by itself (RxDataSources' `IdentifiableValue`).
public struct IdentifiableValue<Value: Hashable>: IdentifiableType, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The value.
    public let value: Value

    /// `value` as an item.
    public init(value: Value) {
        self.value = value
    }

    /// The value itself.
    public var identity: Value {
        value
    }

    /// The value's description.
    public var description: String {
        "\(value)"
    }

    /// The value's description.
    public var debugDescription: String {
        "\(value)"
    }
}

extension IdentifiableValue: Sendable where Value: Sendable {}
