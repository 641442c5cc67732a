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
    var types: [DBusType] = []
    for element in repeat each type {
        types.append(element.dbusType)
    }
    guard values.count == types.count, zip(values, types).allSatisfy({ $0.hasType($1) }) else {
        throw DBusError.invalidArgs("expected '\(signature(of: types))', got '\(signature(of: values.map(\.type)))'")
    }
    var position = 0
    return (repeat decodeChecked(each type, values, &position))
}

/// The value at `position`, already checked to be of `type`'s D-Bus type,
/// and the position moved on. Not throwing: the compiler's cross-module
/// optimizer cannot yet handle a throwing call inside a pack expansion.
private func decodeChecked<Value: DBusConvertible>(_ type: Value.Type, _ values: [DBusValue], _ position: inout Int) -> Value {
    defer { position += 1 }
    do {
        return try Value(dbusValue: values[position])
    } catch {
        // Every conformance decodes any value of its own type.
        preconditionFailure("\(Value.self) did not decode a value of its type '\(Value.dbusType.signature)': \(error)")
    }
}
