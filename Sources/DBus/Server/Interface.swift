import Glibc

/// A named, typed argument of a method or signal.
public struct Argument: Sendable, Equatable {
    /// The argument's name, shown in introspection.
    public let name: String
    /// Its type.
    public let type: DBusType

    /// An argument of `type`.
    public init(_ name: String, _ type: DBusType) {
        self.name = name
        self.type = type
    }

    /// An argument whose type is written as a signature literal, such as
    /// `"a{sv}"`. The literal is part of the program: an invalid one is a
    /// programming error and stops the program at declaration.
    public init(_ name: String, _ signature: StaticString) {
        let text = "\(signature)"
        guard let type = try? DBusType.parseSingle(signature: text) else {
            preconditionFailure("argument '\(name)' is declared with the invalid signature '\(text)'")
        }
        self.init(name, type)
    }
}

/// What a method handler is given: the call, its checked arguments and who made it.
public struct MethodCall {
    /// The message.
    public let message: Message
    /// The arguments, already checked against the declared signature.
    public let arguments: [DBusValue]
    /// The caller's unique name.
    public let sender: String
    /// The caller's Unix uid, when the server resolves credentials.
    public let senderUID: UInt32?
    /// The object path called.
    public let path: ObjectPath
    /// The method's declared inputs, which name `arguments`.
    public let inputs: [Argument]
    /// The method's declared outputs, which a later reply is checked against.
    var outputs: [Argument] = []
    /// The server that dispatched the call, for a reply sent later.
    weak var server: ObjectServer?
    /// What the method's `prepare` made of the arguments, when the server
    /// ran it off the loop (a bulk call); nil when the handler is to.
    public internal(set) var prepared: Result<any Sendable, any Error>?

    /// A call of a method declared with `inputs`.
    public init(message: Message, arguments: [DBusValue], sender: String, senderUID: UInt32?, path: ObjectPath, inputs: [Argument] = []) {
        self.message = message
        self.arguments = arguments
        self.sender = sender
        self.senderUID = senderUID
        self.path = path
        self.inputs = inputs
    }

    /// Argument `index` decoded as `T`; `InvalidArgs` naming the argument when it is not one.
    public func argument<T: DBusConvertible>(_ index: Int, as type: T.Type = T.self) throws -> T {
        guard arguments.indices.contains(index) else {
            throw DBusError.invalidArgs("missing argument \(index)")
        }
        do {
            return try T(dbusValue: arguments[index])
        } catch let error as DBusError where inputs.indices.contains(index) {
            throw DBusError.invalidArgs("\(inputs[index].name): \(error.message)")
        }
    }

    /// The declared input `name`, decoded as `T`. The server has checked
    /// the signature, so only a name the method does not declare fails.
    public func argument<T: DBusConvertible>(_ name: String, as type: T.Type = T.self) throws -> T {
        try argument(try index(of: name), as: type)
    }

    /// The declared input `name` as it came.
    public func value(_ name: String) throws -> DBusValue {
        arguments[try index(of: name)]
    }

    /// Closes the descriptors among the arguments (each is the call's own copy).
    func closeDescriptors() {
        MethodCall.closeDescriptors(in: arguments)
    }

    /// Closes the descriptors among arguments read from a call that will
    /// not run (libdbus hands each out as a new one).
    static func closeDescriptors(in arguments: [DBusValue]) {
        for value in arguments {
            value.forEachDescriptor { close($0) }
        }
    }

    private func index(of name: String) throws -> Int {
        guard let index = inputs.firstIndex(where: { $0.name == name }), arguments.indices.contains(index) else {
            throw DBusError.failed("internal error: the method declares no input '\(name)'")
        }
        return index
    }
}

/// A method of an interface: its arguments and the handler that answers it.
public struct Method {
    /// The method's name.
    public let name: String
    /// What it takes.
    public let inputs: [Argument]
    /// What it returns (separate out arguments).
    public let outputs: [Argument]
    /// Introspection annotations.
    public let annotations: [(name: String, value: String)]
    /// Answers a call; throws to answer with an error.
    public let handler: (MethodCall) throws -> [DBusValue]
    /// Gives, on the loop as a bulk call's reading begins, the work on its
    /// arguments that reads no state of the object but what it took then
    /// (decoding, conversion, checks against fixed limits, a comparison with
    /// a snapshot), which the server runs off the loop and hands to
    /// `handler` as `MethodCall.prepared`; nil when there is none.
    public let prepare: Preparing?
    /// The signature calls must have.
    public let inputSignature: String
    /// Whether a call can carry Unix descriptors to close once answered.
    let takesDescriptors: Bool
    /// Whether a call can carry arrays (also inside a variant), the
    /// arguments whose reading costs per element.
    let takesArrays: Bool

    /// Refuses a caller from what the call's header says (its sender and
    /// the uid the bus told), before its body is read: a call refused anyway
    /// costs only the bytes it came in, however large its body. Nil when
    /// anyone may call; the handler may still refuse on the arguments.
    public let admit: ((Caller) throws -> Void)?

    /// Who makes a call, as its header and the bus tell before its body is read.
    public struct Caller: Sendable {
        /// The caller's unique name.
        public let sender: String
        /// Its Unix uid, when the server resolves credentials and the bus told it.
        public let uid: UInt32?

        /// A caller named `sender`, of `uid`.
        public init(sender: String, uid: UInt32?) {
            self.sender = sender
            self.uid = uid
        }
    }

    /// Work on arguments that may run on another thread.
    public typealias Preparation = @Sendable ([DBusValue]) throws -> any Sendable
    /// A call's `Preparation`, made on the loop when its reading begins.
    public typealias Preparing = () -> Preparation

    /// A method; `handler` returns the out arguments in order.
    public init(_ name: String, in inputs: [Argument] = [], out outputs: [Argument] = [], annotations: [(name: String, value: String)] = [], prepare: Preparing? = nil, admit: ((Caller) throws -> Void)? = nil, handler: @escaping (MethodCall) throws -> [DBusValue]) {
        self.name = name
        self.inputs = inputs
        self.outputs = outputs
        self.annotations = annotations
        self.handler = handler
        self.prepare = prepare
        self.admit = admit
        self.inputSignature = signature(of: inputs.map(\.type))
        // API rule 12: a descriptor inside a variant is refused, so only a declared `h` brings one.
        self.takesDescriptors = inputSignature.contains("h")
        self.takesArrays = inputSignature.contains("a") || inputSignature.contains("v")
    }
}

/// A signal an interface may emit.
public struct SignalDeclaration: Sendable {
    /// The signal's name.
    public let name: String
    /// What it carries.
    public let arguments: [Argument]

    /// A signal carrying `arguments`.
    public init(_ name: String, _ arguments: [Argument] = []) {
        self.name = name
        self.arguments = arguments
    }
}

/// A property of an interface.
public struct Property {
    /// Who may read and write it.
    public enum Access: String, Sendable {
        /// Readable.
        case read
        /// Readable and writable.
        case readWrite = "readwrite"
    }

    /// How changes are announced (`org.freedesktop.DBus.Property.EmitsChangedSignal`).
    public enum ChangeEmission: String, Sendable {
        /// `PropertiesChanged` carries the new value.
        case `true`
        /// `PropertiesChanged` names it as invalidated.
        case invalidates
        /// It never changes.
        case const
        /// Changes are not announced.
        case `false`
    }

    /// The property's name.
    public let name: String
    /// Its type.
    public let type: DBusType
    /// Read or read-write.
    public let access: Access
    /// How its changes are announced.
    public let emitsChanged: ChangeEmission
    /// Reads the current value for a reader.
    public let read: (PropertyReader) -> DBusValue
    /// Writes a value already checked to be of `type`; nil for read-only properties.
    public let set: ((DBusValue, MethodCall) throws -> Void)?

    /// The value as everyone on the bus may see it.
    public func get() -> DBusValue {
        read(.everyone)
    }

    /// A read-only property.
    public init(_ name: String, _ type: DBusType, emitsChanged: ChangeEmission = .true, get: @escaping () -> DBusValue) {
        self.init(name, type, emitsChanged: emitsChanged, reading: { _ in get() })
    }

    /// A read-only property whose value depends on who reads it (a secret
    /// shown only to its owner).
    public init(_ name: String, _ type: DBusType, emitsChanged: ChangeEmission = .true, reading: @escaping (PropertyReader) -> DBusValue) {
        self.name = name
        self.type = type
        self.access = .read
        self.emitsChanged = emitsChanged
        self.read = reading
        self.set = nil
    }

    /// A read-only property whose type is a signature literal (see `Argument`).
    public init(_ name: String, _ signature: StaticString, emitsChanged: ChangeEmission = .true, get: @escaping () -> DBusValue) {
        self.init(name, Argument(name, signature).type, emitsChanged: emitsChanged, get: get)
    }

    /// A read-write property.
    public init(_ name: String, _ type: DBusType, emitsChanged: ChangeEmission = .true, get: @escaping () -> DBusValue, set: @escaping (DBusValue, MethodCall) throws -> Void) {
        self.name = name
        self.type = type
        self.access = .readWrite
        self.emitsChanged = emitsChanged
        self.read = { _ in get() }
        self.set = set
    }
}

/// Who a property's value is read for: one caller (`Get`, `GetAll`,
/// `GetManagedObjects`), with its uid when the server resolves credentials,
/// or everyone on the bus (`PropertiesChanged`, `InterfacesAdded`).
public enum PropertyReader: Sendable, Equatable {
    case caller(uid: UInt32?)
    case everyone
}

/// An interface, declared once: its methods, signals and properties. The
/// server derives argument checks, introspection, `Properties` and
/// `ObjectManager` answers from it.
public struct Interface {
    /// The interface's name.
    public let name: String
    /// Its methods.
    public let methods: [Method]
    /// Its signals.
    public let signals: [SignalDeclaration]
    /// Its properties.
    public let properties: [Property]
    /// Doc strings by member name, the interface's under "".
    public let documentation: [String: String]

    /// An interface; an invalid name or member name is a programming error
    /// and stops the program at declaration.
    public init(_ name: String, methods: [Method] = [], signals: [SignalDeclaration] = [], properties: [Property] = []) {
        DBusNames.requireValidDeclaration(name, members: methods.map(\.name) + signals.map(\.name) + properties.map(\.name))
        self.init(checked: name, methods: methods, signals: signals, properties: properties)
    }

    /// An interface whose names were checked where it was declared.
    init(checked name: String, documentation: [String: String] = [:], methods: [Method], signals: [SignalDeclaration], properties: [Property]) {
        self.name = name
        self.documentation = documentation
        self.methods = methods
        self.signals = signals
        self.properties = properties
    }

    /// The method named `name`.
    public func method(_ name: String) -> Method? {
        methods.first { $0.name == name }
    }

    /// The property named `name`.
    public func property(_ name: String) -> Property? {
        properties.first { $0.name == name }
    }

    /// The signal named `name`.
    public func signal(_ name: String) -> SignalDeclaration? {
        signals.first { $0.name == name }
    }

    /// The names and types, as introspection shows them.
    public var shape: InterfaceShape {
        InterfaceShape(name: name,
                       methods: methods.map { .init(name: $0.name, inputs: $0.inputs, outputs: $0.outputs, annotations: $0.annotations.map { .init(name: $0.name, value: $0.value) }) },
                       signals: signals,
                       properties: properties.map { .init(name: $0.name, type: $0.type, access: $0.access, emitsChanged: $0.emitsChanged) },
                       documentation: documentation)
    }
}
