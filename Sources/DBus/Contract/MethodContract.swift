/// A method as the contract states it, for server and client alike: its
/// name, typed arguments and results, and what it is for. The server binds a
/// handler to it (`serve`), a client calls it (`RemoteWidget.call`); neither
/// spells its name or shape again.
public struct MethodContract<Inputs: ArgumentList, Outputs: ArgumentList>: Sendable {
    public let name: String
    public let inputs: Inputs
    public let outputs: Outputs
    /// The doc string introspection and the reference carry.
    public let documentation: String

    /// A method taking `inputs` and returning `outputs`.
    public init(_ name: String, in inputs: Inputs, out outputs: Outputs, _ documentation: String) {
        self.name = name
        self.inputs = inputs
        self.outputs = outputs
        self.documentation = documentation
    }

    /// A method that returns nothing.
    public init(_ name: String, in inputs: Inputs, _ documentation: String) where Outputs == NoArguments {
        self.init(name, in: inputs, out: NoArguments(), documentation)
    }

    /// A method that takes and returns nothing.
    public init(_ name: String, _ documentation: String) where Inputs == NoArguments, Outputs == NoArguments {
        self.init(name, in: NoArguments(), out: NoArguments(), documentation)
    }

    /// The method among an interface's members.
    public var member: ContractMember {
        .method(InterfaceShape.MethodShape(name: name, inputs: inputs.arguments, outputs: outputs.arguments, annotations: []), documentation)
    }

    /// A call of this method on `destination`'s object at `path`, for the side that calls it.
    public func message(to destination: String, path: ObjectPath, interface: String, _ arguments: Inputs.Values) throws -> Message {
        let message = try Message.methodCall(destination: destination, path: path.rawValue, interface: interface, member: name)
        try message.append(Inputs.encode(arguments))
        return message
    }

    /// A reply's results, its signature checked against the contract's
    /// first — a reply is input like any other (API rule 12 too: no
    /// descriptor inside a variant, no repeated key); `InvalidArgs` naming
    /// what came.
    public func results(of reply: Message) throws -> Outputs.Values {
        let expected = signature(of: outputs.arguments.map(\.type))
        guard reply.signature == expected else {
            throw DBusError.invalidArgs("a reply to \(name) must be '\(expected)', got '\(reply.signature)'")
        }
        return try Outputs.decode(try reply.inputArguments(named: outputs.arguments.map(\.name)))
    }

    /// A handler of every object of a kind: given the object, the decoded
    /// arguments and the call (for who made it), it returns the results.
    public func serve<Target: AnyObject>(_ body: @escaping @Sendable (Target, Inputs.Values, MethodCall) throws -> Outputs.Values) -> MethodDeclaration<Target> {
        MethodDeclaration(name, in: inputs.arguments, out: outputs.arguments) { target, call in
            Outputs.encode(try body(target, try Inputs.decode(call.arguments), call))
        }
    }

    /// A handler whose work on the arguments is split in two: `prepare`,
    /// given the object on the loop as a call's reading begins, returns work
    /// that reads no state of it but what it took then (decoding,
    /// conversion, checks against fixed limits, a comparison with a
    /// snapshot) and may run on another thread for a bulk call; `body` runs on the loop and
    /// is given that work's result as a function, to call when it is ready
    /// to (after its own checks, so their errors come first), which throws
    /// what the work threw.
    public func serve<Target: AnyObject, Prepared: Sendable>(
        preparing prepare: @escaping @Sendable (Target) -> @Sendable (Inputs.Values) throws -> Prepared,
        _ body: @escaping @Sendable (Target, () throws -> Prepared, MethodCall) throws -> Outputs.Values
    ) -> MethodDeclaration<Target> {
        MethodDeclaration(name, in: inputs.arguments, out: outputs.arguments, prepare: { target in
            let work = prepare(target)
            return { values in try work(try Inputs.decode(values)) }
        }) { target, call in
            let prepared: () throws -> Prepared = {
                if let done = try call.prepared?.get() as? Prepared {
                    return done
                }
                return try prepare(target)(try Inputs.decode(call.arguments))
            }
            return Outputs.encode(try body(target, prepared, call))
        }
    }
}

/// A property as the contract states it: name, Swift type, access, how its
/// changes are announced, and what it is for.
public struct PropertyContract<Value: DBusConvertible & SendableMetatype>: Sendable {
    public let name: String
    public let access: Property.Access
    public let emitsChanged: Property.ChangeEmission
    public let documentation: String

    public init(_ name: String, _ type: Value.Type, access: Property.Access = .read, emitsChanged: Property.ChangeEmission = .true, _ documentation: String) {
        self.name = name
        self.access = access
        self.emitsChanged = emitsChanged
        self.documentation = documentation
    }

    /// The property among an interface's members.
    public var member: ContractMember {
        .property(InterfaceShape.PropertyShape(name: name, type: Value.dbusType, access: access, emitsChanged: emitsChanged), documentation)
    }

    /// A read-only property of every object of a kind.
    public func serve<Target: AnyObject>(_ get: @escaping @Sendable (Target) -> Value) -> PropertyDeclaration<Target> {
        PropertyDeclaration(name, Value.dbusType, emitsChanged: emitsChanged) { get($0).dbusValue }
    }

    /// A read-only property whose value depends on who reads it (a
    /// secret shown only to its owner's uid).
    public func serve<Target: AnyObject>(reading: @escaping @Sendable (Target, PropertyReader) -> Value) -> PropertyDeclaration<Target> {
        PropertyDeclaration(name, Value.dbusType, emitsChanged: emitsChanged, reading: { reading($0, $1).dbusValue })
    }

    /// A read-write property of every object of a kind; `set` is given a
    /// value already checked to be of the property's type.
    public func serve<Target: AnyObject>(get: @escaping @Sendable (Target) -> Value, set: @escaping @Sendable (Target, Value, MethodCall) throws -> Void) -> PropertyDeclaration<Target> {
        PropertyDeclaration(name, Value.dbusType, get: { get($0).dbusValue }, set: { target, value, call in try set(target, try Value(dbusValue: value), call) })
    }

    /// The value of a property read back (a client's cache holds it unwrapped).
    public func decode(_ value: DBusValue?) -> Value? {
        value.flatMap { try? Value(dbusValue: $0) }
    }
}

/// One member of an interface's contract, its types erased: what
/// introspection, the reference docs and the server's checks read.
public enum ContractMember: Sendable {
    case method(InterfaceShape.MethodShape, String)
    case signal(SignalDeclaration, String)
    case property(InterfaceShape.PropertyShape, String)

    var name: String {
        switch self {
        case .method(let shape, _): return shape.name
        case .signal(let declaration, _): return declaration.name
        case .property(let shape, _): return shape.name
        }
    }

    var documentation: String {
        switch self {
        case .method(_, let text), .signal(_, let text), .property(_, let text): return text
        }
    }
}

/// An interface as the contract states it: its name, what it is for and its
/// members. Introspection, `org.gtk.GDBus.DocString`, the reference docs,
/// the server's bindings and the clients' proxies all come from it.
public struct InterfaceContract: Sendable {
    public let name: String
    public let documentation: String
    public let members: [ContractMember]

    public init(_ name: String, _ documentation: String, members: [ContractMember]) {
        self.name = name
        self.documentation = documentation
        self.members = members
        _ = shape
    }

    /// The names, types and doc strings, for introspection without an object.
    public var shape: InterfaceShape {
        var methods: [InterfaceShape.MethodShape] = []
        var signals: [SignalDeclaration] = []
        var properties: [InterfaceShape.PropertyShape] = []
        var documentation = ["": self.documentation]
        for member in members {
            switch member {
            case .method(let shape, _): methods.append(shape)
            case .signal(let declaration, _): signals.append(declaration)
            case .property(let shape, _): properties.append(shape)
            }
            documentation[member.name] = member.documentation
        }
        return InterfaceShape(name: name, methods: methods, signals: signals, properties: properties, documentation: documentation)
    }
}

extension TypedSignal {
    /// The signal among an interface's members.
    public var member: ContractMember {
        .signal(declaration, documentation)
    }

    /// One emission's arguments, decoded; another shape is `InvalidArgs`.
    public func decode(_ values: [DBusValue]) throws -> (repeat each Value) {
        try decodePack(values, as: repeat (each Value).self)
    }
}
