/// A signal declared once with typed arguments. Its declaration (for
/// introspection and the server's checks) follows from the types, and
/// `arguments(...)` only accepts values of exactly those types, so a signal
/// cannot be emitted with the wrong shape.
public struct TypedSignal<each Value: DBusConvertible>: Sendable {
    /// The name and the named, typed arguments.
    public let declaration: SignalDeclaration
    /// What it announces, as introspection and the reference show it.
    public let documentation: String

    /// A signal named `name` with these arguments, each a name and a type:
    /// `TypedSignal("ItemSelected", ("row", Int32.self), ("component", Int32.self))`.
    public init(_ name: String, _ argument: repeat (String, (each Value).Type), documentation: String = "") {
        var arguments: [Argument] = []
        for (argumentName, type) in repeat each argument {
            arguments.append(Argument(argumentName, type.dbusType))
        }
        declaration = SignalDeclaration(name, arguments)
        self.documentation = documentation
    }

    /// The signal's name.
    public var name: String {
        declaration.name
    }

    /// Appends one emission's arguments to a message body, typed all the way.
    func encode(_ value: repeat each Value, into writer: inout MessageBodyWriter) throws {
        for element in repeat each value {
            try element.append(to: &writer)
        }
    }

    /// Whether `declared` carries the arguments this signal sends.
    func matches(_ declared: SignalDeclaration) -> Bool {
        declared.arguments.count == declaration.arguments.count
            && zip(declared.arguments, declaration.arguments).allSatisfy { $0.type == $1.type }
    }
}
