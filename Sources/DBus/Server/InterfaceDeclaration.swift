/// A method of every object of one kind: the handler is given the object it
/// serves, so one declaration serves them all.
public struct MethodDeclaration<Target: AnyObject>: Sendable {
    /// The method's name.
    public let name: String
    /// What it takes.
    public let inputs: [Argument]
    /// What it returns (separate out arguments).
    public let outputs: [Argument]
    /// Answers a call on `target`; throws to answer with an error.
    public let handler: @Sendable (Target, MethodCall) throws -> [DBusValue]
    /// Given the object (on the loop, as a bulk call's reading begins), the
    /// work on the call's arguments that reads none of its state but what
    /// it took then (`Method.prepare`).
    public let prepare: (@Sendable (Target) -> Method.Preparation)?
    /// Given the object, who may make the call, judged from its header
    /// alone (`Method.admit`); nil when anyone may.
    public private(set) var admit: (@Sendable (Target, Method.Caller) throws -> Void)?

    /// A method; `handler` returns the out arguments in order.
    public init(_ name: String, in inputs: [Argument] = [], out outputs: [Argument] = [], prepare: (@Sendable (Target) -> Method.Preparation)? = nil, handler: @escaping @Sendable (Target, MethodCall) throws -> [DBusValue]) {
        self.name = name
        self.inputs = inputs
        self.outputs = outputs
        self.prepare = prepare
        self.handler = handler
    }

    /// The method, refusing before its body is read a caller `admit` throws for.
    public func admitting(_ admit: @escaping @Sendable (Target, Method.Caller) throws -> Void) -> MethodDeclaration {
        var admitting = self
        admitting.admit = admit
        return admitting
    }
}

/// A property of every object of one kind, read from (and written to) the object it serves.
public struct PropertyDeclaration<Target: AnyObject>: Sendable {
    /// The property's name.
    public let name: String
    /// Its type.
    public let type: DBusType
    /// How its changes are announced.
    public let emitsChanged: Property.ChangeEmission
    /// Reads the value of `target` for a reader.
    public let read: @Sendable (Target, PropertyReader) -> DBusValue
    /// Writes a value already checked to be of `type`; nil for read-only properties.
    public let set: (@Sendable (Target, DBusValue, MethodCall) throws -> Void)?

    /// A read-only property.
    public init(_ name: String, _ type: DBusType, emitsChanged: Property.ChangeEmission = .true, get: @escaping @Sendable (Target) -> DBusValue) {
        self.init(name, type, emitsChanged: emitsChanged, reading: { target, _ in get(target) })
    }

    /// A read-only property whose value depends on who reads it.
    public init(_ name: String, _ type: DBusType, emitsChanged: Property.ChangeEmission = .true, reading: @escaping @Sendable (Target, PropertyReader) -> DBusValue) {
        self.name = name
        self.type = type
        self.emitsChanged = emitsChanged
        self.read = reading
        self.set = nil
    }

    /// A read-only property whose type is a signature literal (see `Argument`).
    public init(_ name: String, _ signature: StaticString, emitsChanged: Property.ChangeEmission = .true, get: @escaping @Sendable (Target) -> DBusValue) {
        self.init(name, Argument(name, signature).type, emitsChanged: emitsChanged, get: get)
    }

    /// A read-write property.
    public init(_ name: String, _ type: DBusType, get: @escaping @Sendable (Target) -> DBusValue, set: @escaping @Sendable (Target, DBusValue, MethodCall) throws -> Void) {
        self.name = name
        self.type = type
        self.emitsChanged = .true
        self.read = { target, _ in get(target) }
        self.set = set
    }
}

/// An interface declared once for every object of a kind (a `static let`),
/// bound to each object as it is exported. The bound `Interface` holds its
/// object strongly, so an exported object lives exactly as long as the
/// server serves it, and no handler can outlive what it serves.
public struct InterfaceDeclaration<Target: AnyObject>: Sendable {
    /// The interface's name.
    public let name: String
    /// Its methods.
    public let methods: [MethodDeclaration<Target>]
    /// Its signals.
    public let signals: [SignalDeclaration]
    /// Its properties.
    public let properties: [PropertyDeclaration<Target>]
    /// What the interface (key "") and each member are for, as introspection
    /// carries it (`org.gtk.GDBus.DocString`) and reference docs show it.
    public let documentation: [String: String]

    /// An interface; invalid names stop the program at declaration, as
    /// `Interface`'s do. Documentation, when given, must cover the interface
    /// and every member, and name no other.
    public init(_ name: String, documentation: [String: String] = [:], methods: [MethodDeclaration<Target>] = [], signals: [SignalDeclaration] = [], properties: [PropertyDeclaration<Target>] = []) {
        self.name = name
        self.methods = methods
        self.signals = signals
        self.properties = properties
        self.documentation = documentation
        if !documentation.isEmpty {
            let members = Set([""] + methods.map(\.name) + signals.map(\.name) + properties.map(\.name))
            precondition(Set(documentation.keys) == members, "\(name) documents \(documentation.keys.filter { !members.contains($0) }.sorted()) and leaves out \(members.subtracting(documentation.keys).sorted())")
        }
        _ = shape
    }

    /// The interface a contract states, served by these handlers: one per
    /// method of the contract (`MethodContract.serve`) and one per property
    /// (`PropertyContract.serve`), each of the contract's name and shape —
    /// a contract member without its handler, or a handler of no member,
    /// stops the program when the declaration is made.
    public init(_ contract: InterfaceContract, methods: [MethodDeclaration<Target>], properties: [PropertyDeclaration<Target>]) {
        let shape = contract.shape
        let declared = methods.map { InterfaceShape.MethodShape(name: $0.name, inputs: $0.inputs, outputs: $0.outputs, annotations: []) }
        precondition(declared.map(\.name).sorted() == shape.methods.map(\.name).sorted()
                     && zip(declared.sorted { $0.name < $1.name }, shape.methods.sorted { $0.name < $1.name }).allSatisfy { $0.inputs == $1.inputs && $0.outputs == $1.outputs },
                     "\(contract.name): the handlers \(declared.map(\.name).sorted()) do not serve the contract's methods \(shape.methods.map(\.name).sorted())")
        precondition(properties.map { "\($0.name) \($0.type.signature) \($0.set == nil)" }.sorted()
                     == shape.properties.map { "\($0.name) \($0.type.signature) \($0.access == .read)" }.sorted(),
                     "\(contract.name): the properties served are not the contract's")
        // In the contract's order, as introspection and the reference list them.
        let order = Dictionary(contract.members.enumerated().map { ($1.name, $0) }) { first, _ in first }
        self.init(contract.name, documentation: shape.documentation,
                  methods: methods.sorted { order[$0.name, default: 0] < order[$1.name, default: 0] },
                  signals: shape.signals,
                  properties: properties.sorted { order[$0.name, default: 0] < order[$1.name, default: 0] })
    }

    /// The interface with every method refusing, before its body is read,
    /// a caller `admit` throws for (besides the method's own `admit`).
    public func admitting(_ admit: @escaping @Sendable (Target, Method.Caller) throws -> Void) -> InterfaceDeclaration {
        InterfaceDeclaration(name, documentation: documentation, methods: methods.map { method in
            let own = method.admit
            return method.admitting { target, caller in
                try admit(target, caller)
                try own?(target, caller)
            }
        }, signals: signals, properties: properties)
    }

    /// The interface `target` serves.
    public func bind(to target: Target) -> Interface {
        Interface(checked: name, documentation: documentation, methods: methods.map { method in
            Method(method.name, in: method.inputs, out: method.outputs, prepare: method.prepare.map { prepare in { prepare(target) } },
                   admit: method.admit.map { admit in { caller in try admit(target, caller) } }) { call in try method.handler(target, call) }
        }, signals: signals, properties: properties.map { property in
            if let set = property.set {
                return Property(property.name, property.type, emitsChanged: property.emitsChanged, get: { property.read(target, .everyone) }, set: { value, call in try set(target, value, call) })
            }
            return Property(property.name, property.type, emitsChanged: property.emitsChanged, reading: { property.read(target, $0) })
        })
    }

    /// The names and types, for introspection without an object.
    public var shape: InterfaceShape {
        InterfaceShape(name: name,
                       methods: methods.map { .init(name: $0.name, inputs: $0.inputs, outputs: $0.outputs, annotations: []) },
                       signals: signals,
                       properties: properties.map { .init(name: $0.name, type: $0.type, access: $0.set == nil ? .read : .readWrite, emitsChanged: $0.emitsChanged) },
                       documentation: documentation)
    }
}

/// What introspection shows of an interface: names, types and annotations.
public struct InterfaceShape: Sendable {
    /// A method's names and types.
    public struct MethodShape: Sendable {
        public let name: String
        public let inputs: [Argument]
        public let outputs: [Argument]
        public let annotations: [Annotation]
    }

    /// A property's name, type and access.
    public struct PropertyShape: Sendable {
        public let name: String
        public let type: DBusType
        public let access: Property.Access
        public let emitsChanged: Property.ChangeEmission
    }

    /// An introspection annotation.
    public struct Annotation: Sendable {
        public let name: String
        public let value: String
    }

    public let name: String
    public let methods: [MethodShape]
    public let signals: [SignalDeclaration]
    public let properties: [PropertyShape]
    /// Doc strings by member name, the interface's under "".
    public let documentation: [String: String]

    /// A shape; an invalid name or member name is a programming error and
    /// stops the program at declaration.
    public init(name: String, methods: [MethodShape], signals: [SignalDeclaration], properties: [PropertyShape], documentation: [String: String] = [:]) {
        DBusNames.requireValidDeclaration(name, members: methods.map(\.name) + signals.map(\.name) + properties.map(\.name))
        self.name = name
        self.methods = methods
        self.signals = signals
        self.properties = properties
        self.documentation = documentation
    }
}
