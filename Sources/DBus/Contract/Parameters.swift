/// The named, typed arguments of a method, in order: what a `MethodContract`
/// takes and returns. Its `Values` is the tuple of the Swift values, so a
/// handler or a caller with the wrong shape does not compile.
public protocol ArgumentList: Sendable {
    /// The Swift values, as a tuple (one value alone, `()` for none).
    associatedtype Values
    /// The arguments' names and D-Bus types.
    var arguments: [Argument] { get }
    /// The values of a body whose signature was checked against `arguments`.
    static func decode(_ values: [DBusValue]) throws -> Values
    /// The values' D-Bus forms, in order.
    static func encode(_ values: Values) -> [DBusValue]
}

/// `Parameters(("row", Int32.self), ("component", Int32.self))`: arguments
/// whose types are Swift types, their D-Bus types following from them.
public struct Parameters<each Value: DBusConvertible>: ArgumentList {
    public typealias Values = (repeat each Value)
    public let arguments: [Argument]

    /// Arguments, each a name and a type.
    public init(_ argument: repeat (String, (each Value).Type)) {
        var arguments: [Argument] = []
        for (name, type) in repeat each argument {
            arguments.append(Argument(name, type.dbusType))
        }
        self.arguments = arguments
    }

    /// The values, decoded in order; a body of another shape is `InvalidArgs`.
    public static func decode(_ values: [DBusValue]) throws -> (repeat each Value) {
        try decodePack(values, as: repeat (each Value).self)
    }

    public static func encode(_ values: (repeat each Value)) -> [DBusValue] {
        var encoded: [DBusValue] = []
        for value in repeat each values {
            encoded.append(value.dbusValue)
        }
        return encoded
    }
}

/// No arguments: a method that takes or returns nothing.
public typealias NoArguments = Parameters< >

/// `values` decoded as the types of a pack, in order.
func decodePack<each Value: DBusConvertible>(_ values: [DBusValue], as type: repeat (each Value).Type) throws -> (repeat each Value) {
    var count = 0
    for _ in repeat (each Value).self {
        count += 1
    }
    guard values.count == count else {
        throw DBusError.invalidArgs("expected \(count) values, got \(values.count)")
    }
    var index = 0
    func next<V: DBusConvertible>(_ type: V.Type) throws -> V {
        defer { index += 1 }
        return try V(dbusValue: values[index])
    }
    return (repeat try next(each type))
}
