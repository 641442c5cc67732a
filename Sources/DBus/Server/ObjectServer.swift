import CDBus
import RxCoreEssentials

/// An object exported at a path with its declared interfaces.
final class ExportedObject {
    let path: ObjectPath
    /// The declared interfaces.
    let interfaces: [Interface]
    /// The declared interfaces and the standard ones, built once.
    var served: [Interface] = []
    /// An empty signal message per "interface.member", its header built once:
    /// libdbus spends more setting a header's fields than copying a message.
    var signalHeaders: [SignalKey: Message] = [:]

    /// A signal's interface and member, hashed as they are: joining them
    /// into one string allocated on every emit.
    struct SignalKey: Hashable {
        let interface: String
        let member: String
    }

    init(path: ObjectPath, interfaces: [Interface]) {
        self.path = path
        self.interfaces = interfaces
    }
}

/// Serves objects on a connection: dispatches each incoming call to the
/// declared method, after checking the object, interface, method and exact
/// signature, and answers every call (a reply or an error, unless the caller
/// asked for none). `Introspectable`, `Properties`, `Peer` and
/// `ObjectManager` follow from the declarations.
///
/// What a call changes goes out before its reply, state first: property
/// changes of one call are coalesced into one `PropertiesChanged` per object
/// and interface and sent when the handler returns, then the signals the
/// handler emitted, in order, then the reply — so a client caching
/// properties already holds the new state when it hears the events.
///
/// Nothing it sends can get the connection cut by the bus: a reply over
/// `Connection.maximumMessageBytes` becomes a `limitExceededErrorName` error
/// naming the call, and property values that would not fit are announced as
/// invalidated (`PropertiesChanged`) or left out (`GetAll`,
/// `GetManagedObjects`, `InterfacesAdded`), largest first, to be read with `Get`.
public final class ObjectServer {
    /// The connection served.
    public let connection: Connection
    private(set) var objects: [ObjectPath: ExportedObject] = [:]
    private var managerRoots: Set<ObjectPath> = []
    private var pendingChanges: [(path: ObjectPath, interface: String, names: [String])] = []
    private var callDepth = 0
    /// Signals emitted inside the call being handled, held until its
    /// `PropertiesChanged` has gone out.
    private var heldSignals: [Message] = []
    private let credentials: CredentialCache?
    private var peerWatch: Disposable?
    /// The standard interfaces, built once; they find the called object by path.
    private lazy var introspectable = introspectableInterface()
    private lazy var properties = propertiesInterface()
    private lazy var peer = peerInterface()

    /// Called with a unique name when that client leaves the bus.
    public var onPeerGone: ((String) -> Void)?
    /// Called with every call before it is dispatched, and with the error of
    /// every call that fails (for tracing).
    public var traceCall: ((Message, DBusError?) -> Void)?
    /// The error name of a reply that would have been too large to send.
    public var limitExceededErrorName = DBusError.Name.limitsExceeded

    /// Serves objects on `connection`. With `resolvesCredentials`, every
    /// caller's Unix uid is known to handlers (`MethodCall.senderUID`): the
    /// first call from a client waits for the bus's answer, later ones do not.
    public init(connection: Connection, resolvesCredentials: Bool = false) {
        self.connection = connection
        self.credentials = resolvesCredentials ? CredentialCache(connection: connection) : nil
        connection.methodCallHandler = { [weak self] message in
            self?.receive(message) ?? false
        }
    }

    deinit {
        peerWatch?.dispose()
        connection.methodCallHandler = nil
    }

    /// Watches `NameOwnerChanged` to forget clients that left and to call
    /// `onPeerGone`; waits for the bus to accept the match rule.
    public func watchPeers() throws {
        guard peerWatch == nil else { return }
        peerWatch = try connection.watchNameOwnerChanged { [weak self] name, _, newOwner in
            guard let self, name.hasPrefix(":"), newOwner.isEmpty else { return }
            credentials?.forget(name)
            onPeerGone?(name)
        }
    }

    // MARK: Exporting

    /// Exports an object; throws when the path is taken. Announced with
    /// `InterfacesAdded` by an object manager above it. All or nothing: the
    /// announcement is encoded before the object is registered, so an object
    /// whose properties cannot be sent is not exported at all.
    public func export(_ path: ObjectPath, interfaces: [Interface]) throws {
        guard objects[path] == nil else {
            throw DBusError.failed("an object is already exported at \(path)")
        }
        let object = ExportedObject(path: path, interfaces: interfaces)
        object.served = standardInterfaces(of: object)
        let roots = managerRoots.filter { $0.isAncestor(of: path) }.sorted()
        var announcements: [Message] = []
        if !roots.isEmpty {
            // The properties are read only when an object manager announces them.
            let added = interfacesAndProperties([object])[0].1
            announcements = try roots.map { root in
                let message = try signalMessage(path: root, interface: StandardInterface.objectManager, member: "InterfacesAdded", [.objectPath(path), added], servedBy: objects[root])
                try connection.checkSize(of: message)
                return message
            }
        }
        objects[path] = object
        do {
            for message in announcements {
                try send(signal: message)
            }
        } catch {
            objects[path] = nil
            throw error
        }
    }

    /// Removes an object; announced with `InterfacesRemoved`. Pending property
    /// changes of the object are dropped.
    public func unexport(_ path: ObjectPath) throws {
        guard let object = objects.removeValue(forKey: path) else { return }
        pendingChanges.removeAll { $0.path == path }
        for root in managerRoots where root.isAncestor(of: path) {
            let names = DBusValue.array(element: .string, object.interfaces.map { .string($0.name) })
            try emit(path: root, interface: StandardInterface.objectManager, member: "InterfacesRemoved", [.objectPath(path), names])
        }
    }

    /// Serves `ObjectManager` at `root` (which must be exported) over the objects below it.
    public func addObjectManager(at root: ObjectPath) {
        managerRoots.insert(root)
        if let object = objects[root] {
            object.served = standardInterfaces(of: object)
        }
    }

    /// Whether an object is exported at `path`.
    public func isExported(_ path: ObjectPath) -> Bool {
        objects[path] != nil
    }

    /// The exported paths, sorted.
    public var exportedPaths: [ObjectPath] {
        objects.keys.sorted()
    }

    // MARK: Emitting

    /// Emits a declared signal of an exported object; throws when the object,
    /// interface or signal is not declared or the arguments do not match it.
    public func emit(path: ObjectPath, interface: String, member: String, _ arguments: [DBusValue]) throws {
        try send(signal: try signalMessage(path: path, interface: interface, member: member, arguments, servedBy: objects[path]))
    }

    /// Sends a signal, or, inside a call, holds it until the call's
    /// `PropertiesChanged` is out; either way a signal too large to send
    /// is refused here, where its emitter hears of it.
    private func send(signal message: Message) throws {
        guard callDepth > 0 else {
            try connection.send(message)
            return
        }
        try connection.checkSize(of: message)
        heldSignals.append(message)
    }

    /// Emits a typed signal of the object at `path`: its arguments go from
    /// Swift values straight into the message, checked as `emit` checks them.
    public func emit<each Value>(path: ObjectPath, interface: String, _ signal: TypedSignal<repeat each Value>, _ value: repeat each Value) throws {
        let message = try signalHeader(path: path, interface: interface, member: signal.name, servedBy: objects[path]) { declared in
            guard signal.matches(declared) else {
                throw DBusError.failed("signal \(interface).\(signal.name) is declared '\(signature(of: declared.arguments.map(\.type)))' but was emitted with '\(signature(of: signal.declaration.arguments.map(\.type)))'")
            }
        }
        var writer = MessageBodyWriter(appendingTo: message)
        try signal.encode(repeat each value, into: &writer)
        try send(signal: message)
    }

    /// A declared signal of `object`, encoded and ready to send.
    private func signalMessage(path: ObjectPath, interface: String, member: String, _ arguments: [DBusValue], servedBy object: ExportedObject?) throws -> Message {
        let message = try signalHeader(path: path, interface: interface, member: member, servedBy: object) { declared in
            guard matches(arguments, declared.arguments) else {
                let expected = signature(of: declared.arguments.map(\.type))
                throw DBusError.failed("signal \(interface).\(member) is declared '\(expected)' but was emitted with '\(signature(of: arguments.map(\.type)))'")
            }
        }
        try message.append(arguments)
        return message
    }

    /// An empty message of a signal `object` declares, once `check` accepts
    /// the declaration: a copy of the header built the first time.
    private func signalHeader(path: ObjectPath, interface: String, member: String, servedBy object: ExportedObject?, check: (SignalDeclaration) throws -> Void) throws -> Message {
        guard let object else {
            throw DBusError(name: DBusError.Name.unknownObject, message: "no object at \(path)")
        }
        let declared = object.served.first { $0.name == interface }?.signal(member)
        guard let declared else {
            throw DBusError.failed("\(interface).\(member) is not a signal declared at \(path)")
        }
        try check(declared)
        // The path is valid by type and the names were checked when declared.
        let key = ExportedObject.SignalKey(interface: interface, member: member)
        let header: Message
        if let built = object.signalHeaders[key] {
            header = built
        } else {
            header = try Message(declaredSignalAt: path, interface: interface, member: member)
            object.signalHeaders[key] = header
        }
        return try header.copy()
    }

    private func matches(_ values: [DBusValue], _ declared: [Argument]) -> Bool {
        values.count == declared.count && zip(values, declared).allSatisfy { $0.hasType($1.type) }
    }

    /// Announces that properties changed. Inside a call they are coalesced
    /// and sent before its reply; outside one, at once.
    public func propertiesChanged(path: ObjectPath, interface: String, names: [String]) {
        if let index = pendingChanges.firstIndex(where: { $0.path == path && $0.interface == interface }) {
            for name in names where !pendingChanges[index].names.contains(name) {
                pendingChanges[index].names.append(name)
            }
        } else {
            pendingChanges.append((path, interface, names))
        }
        if callDepth == 0 {
            flushPropertyChanges()
        }
    }

    /// Runs `body` as one call does: property changes it announces are
    /// coalesced and sent when it returns.
    public func batch(_ body: () throws -> Void) rethrows {
        callDepth += 1
        defer {
            callDepth -= 1
            if callDepth == 0 {
                flushPropertyChanges()
            }
        }
        try body()
    }

    private func flushPropertyChanges() {
        let changes = pendingChanges
        pendingChanges = []
        for change in changes {
            guard let object = objects[change.path], let interface = object.interfaces.first(where: { $0.name == change.interface }) else { continue }
            var changed: [(name: String, value: DBusValue)] = []
            var invalidated: [String] = []
            // In the interface's order, whatever order the changes came in.
            for property in interface.properties where change.names.contains(property.name) {
                switch property.emitsChanged {
                case .true: changed.append((property.name, property.get()))
                case .invalidates: invalidated.append(property.name)
                case .const, .false: break
                }
            }
            guard !changed.isEmpty || !invalidated.isEmpty else { continue }
            do {
                try emitPropertiesChanged(path: change.path, interface: change.interface, changed: changed, invalidated: invalidated)
            } catch {
                Hooks.log("<3>dbus: cannot emit PropertiesChanged at \(change.path): \(error)")
            }
        }
        let held = heldSignals
        heldSignals = []
        for message in held {
            do {
                try connection.send(message)
            } catch {
                Hooks.log("<3>dbus: cannot send \(message.member ?? "a signal") at \(message.path ?? "?"): \(error)")
            }
        }
    }

    /// Sends one `PropertiesChanged`; values that would make it too large to
    /// send go in `invalidated` instead, the largest first.
    private func emitPropertiesChanged(path: ObjectPath, interface: String, changed: [(name: String, value: DBusValue)], invalidated: [String]) throws {
        var changed = changed
        var invalidated = invalidated
        while true {
            do {
                // Entries, not (key, value) pairs: an array of tuples made the
                // runtime instantiate its metadata on every flush.
                return try emit(path: path, interface: StandardInterface.properties, member: "PropertiesChanged", [
                    .string(interface),
                    .array(element: .dictEntry(key: .string, value: .variant), changed.map { .dictEntry(.string($0.name), .variant($0.value)) }),
                    .array(element: .string, invalidated.map { .string($0) }),
                ])
            } catch is MessageTooLarge where !changed.isEmpty {
                let largest = changed.indices.max { changed[$0].value.encodedBytesBound < changed[$1].value.encodedBytesBound }!
                invalidated.append(changed.remove(at: largest).name)
            }
        }
    }

    // MARK: Dispatching

    private func receive(_ message: Message) -> Bool {
        if message.interface == StandardInterface.peer {
            return false
        }
        guard let credentials, let sender = message.sender else {
            dispatch(message, uid: nil)
            return true
        }
        if let uid = credentials.knownUID(of: sender) {
            dispatch(message, uid: uid)
            return true
        }
        credentials.whenResolved(sender) { [weak self] uid in
            self?.dispatch(message, uid: uid)
        }
        return true
    }

    private func dispatch(_ message: Message, uid: UInt32?) {
        let reply: Result<[DBusValue], DBusError>
        var method: Method?
        var received: MethodCall?
        // libdbus hands every received descriptor over as a new one: the
        // call owns them, and they are closed once it is answered.
        defer { received?.closeDescriptors() }
        callDepth += 1
        do {
            let (found, call) = try resolve(message, uid: uid)
            method = found
            received = call
            reply = .success(try found.handler(call))
        } catch {
            reply = .failure(DBusError.from(error))
        }
        callDepth -= 1
        if callDepth == 0 {
            flushPropertyChanges()
        }
        if let traceCall {
            if case .failure(let error) = reply {
                traceCall(message, error)
            } else {
                traceCall(message, nil)
            }
        }
        guard !message.noReplyExpected else { return }
        answer(message, with: reply, declaredOutputs: method?.outputs ?? [])
    }

    private func answer(_ message: Message, with result: Result<[DBusValue], DBusError>, declaredOutputs: [Argument]) {
        do {
            switch result {
            case .success(let values):
                guard matches(values, declaredOutputs) else {
                    let expected = signature(of: declaredOutputs.map(\.type))
                    let actual = signature(of: values.map(\.type))
                    Hooks.log("<3>dbus: \(message.interface ?? "").\(message.member ?? "") returned '\(actual)' instead of '\(expected)'")
                    try connection.send(try message.makeError(.failed("internal error: the reply does not match the declared signature")))
                    return
                }
                let reply = try message.makeReturn()
                if !values.isEmpty {
                    try reply.append(values)
                }
                do {
                    try connection.send(reply)
                } catch let tooLarge as MessageTooLarge {
                    let member = [message.interface, message.member].compactMap { $0 }.joined(separator: ".")
                    try connection.send(try message.makeError(DBusError(name: limitExceededErrorName, message: "the reply to \(member) \(tooLarge); ask for less")))
                }
            case .failure(let error):
                try connection.send(try message.makeError(error))
            }
        } catch {
            Hooks.log("<3>dbus: cannot answer \(message.member ?? "a call") from \(message.sender ?? "?"): \(error)")
            if let fallback = try? message.makeError(.failed("cannot encode the reply: \(error)")) {
                _ = try? connection.send(fallback)
            }
        }
    }

    private func resolve(_ message: Message, uid: UInt32?) throws -> (Method, MethodCall) {
        // libdbus has validated the path of every incoming call.
        let path = ObjectPath(unchecked: message.path ?? "/")
        let member = message.member ?? ""
        let interfaces: [Interface]
        if let object = objects[path] {
            interfaces = object.served
        } else if path == .root || objects.keys.contains(where: path.isAncestor(of:)) {
            interfaces = [introspectable, peer]
            if let name = message.interface, name != StandardInterface.introspectable, name != StandardInterface.peer {
                throw DBusError(name: DBusError.Name.unknownObject, message: "no object at \(path); only Introspect is answered here")
            }
        } else {
            throw DBusError(name: DBusError.Name.unknownObject, message: "no object at \(path)")
        }
        let method: Method
        if let interfaceName = message.interface {
            guard let interface = interfaces.first(where: { $0.name == interfaceName }) else {
                throw DBusError(name: DBusError.Name.unknownInterface, message: "object \(path) has no interface \(interfaceName)")
            }
            guard let found = interface.method(member) else {
                throw DBusError(name: DBusError.Name.unknownMethod, message: "interface \(interfaceName) has no method \(member)")
            }
            method = found
        } else {
            guard let found = interfaces.lazy.compactMap({ $0.method(member) }).first else {
                throw DBusError(name: DBusError.Name.unknownMethod, message: "object \(path) has no method \(member)")
            }
            method = found
        }
        let received = message.signature
        guard received == method.inputSignature else {
            throw DBusError.invalidArgs("\(member) expects arguments '\(method.inputSignature)', got '\(received)'")
        }
        let call = MethodCall(message: message, arguments: try message.inputArguments(named: method.inputs.map(\.name)), sender: message.sender ?? "", senderUID: uid, path: path, inputs: method.inputs)
        return (method, call)
    }

    private func standardInterfaces(of object: ExportedObject) -> [Interface] {
        var interfaces = object.interfaces
        interfaces.append(introspectable)
        interfaces.append(properties)
        interfaces.append(peer)
        if managerRoots.contains(object.path) {
            interfaces.append(objectManagerInterface(root: object.path))
        }
        return interfaces
    }

    // MARK: Standard answers

    func introspect(_ path: ObjectPath) -> String {
        let interfaces = objects[path]?.served ?? [introspectable, peer]
        var children = Set<String>()
        let prefix = path.rawValue == "/" ? "/" : path.rawValue + "/"
        for other in objects.keys where path.isAncestor(of: other) {
            if let child = other.rawValue.dropFirst(prefix.count).split(separator: "/").first {
                children.insert(String(child))
            }
        }
        return Introspection.document(interfaces: interfaces, children: children.sorted())
    }

    func managedObjects(under root: ObjectPath) -> DBusValue {
        let below = objects.values.filter { root.isAncestor(of: $0.path) }.sorted { $0.path < $1.path }
        let entries = interfacesAndProperties(below).map { (DBusValue.objectPath($0.0), $0.1) }
        return .dictionary(key: .objectPath, value: ObjectServer.interfacesAndPropertiesType, entries)
    }

    /// Each object's `a{sa{sv}}` of its interfaces and their properties, as
    /// `GetManagedObjects` and `InterfacesAdded` carry them; when all of them
    /// would not fit in one message, the largest values are left out.
    func interfacesAndProperties(_ objects: [ExportedObject]) -> [(ObjectPath, DBusValue)] {
        let values = objects.map { object in object.interfaces.map { $0.properties.map { ($0.name, $0.get()) } } }
        let kept = PropertyBudget.fit(values, within: connection.maximumMessageBytes - Message.headerAllowance - objects.reduce(0) { total, object in
            total + 300 + object.interfaces.reduce(0) { $0 + 300 + $1.name.utf8.count }
        })
        return zip(objects, kept).map { object, interfaces in
            (object.path, .dictionary(key: .string, value: .array(.dictEntry(key: .string, value: .variant)),
                                      zip(object.interfaces, interfaces).map { interface, properties in
                                          (.string(interface.name), .dictionary(key: .string, value: .variant, properties.map { (.string($0.0), .variant($0.1)) }))
                                      }))
        }
    }
}

/// The machine's D-Bus id, or an empty string when none is set up.
func machineID() -> String {
    var error = CDBus.DBusError()
    dbus_error_init(&error)
    defer { dbus_error_free(&error) }
    guard let id = dbus_try_get_local_machine_id(&error) else { return "" }
    defer { dbus_free(id) }
    return String(cString: id)
}
