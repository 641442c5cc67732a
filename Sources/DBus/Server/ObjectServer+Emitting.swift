import RxCoreEssentials

/// Signals, and the property changes of a call coalesced into one
/// `PropertiesChanged`, sent state first: a call's signals wait for it.
extension ObjectServer {
    /// Emits a declared signal of an exported object; throws when the object,
    /// interface or signal is not declared or the arguments do not match it.
    public func emit(path: ObjectPath, interface: String, member: String, _ arguments: [DBusValue]) throws {
        var signal = try signalMessage(path: path, interface: interface, member: member, arguments, servedBy: objects[path])
        signal.readers = objects[path]?.readers
        try send(signal: signal)
    }

    /// Sends a signal, or, inside a call, holds it until the call's
    /// `PropertiesChanged` is out; either way a signal too large to send
    /// is refused here, where its emitter hears of it.
    func send(signal: OutgoingMessage) throws {
        try checkSignalSize(of: signal)
        guard callDepth > 0 else {
            try deliver(signal)
            return
        }
        heldSignals.append(signal)
    }

    /// Sends a signal to the whole bus or, about an object only some uids
    /// may read, to each connection of those uids this server knows (a
    /// client's uid is known once it called; one that never called hears
    /// nothing of such an object, which fails closed).
    func deliver(_ signal: OutgoingMessage) throws {
        guard let readers = signal.readers else {
            try connection.send(signal)
            return
        }
        let recipients = credentials?.senders(withUIDs: readers) ?? []
        guard !recipients.isEmpty else { return }
        let message = try signal.message()
        for recipient in recipients {
            try connection.send(message.addressed(to: recipient))
        }
    }

    /// Throws `MessageTooLarge` for a signal over `signalLimit`, or for one
    /// the connection would refuse.
    func checkSignalSize(of signal: OutgoingMessage) throws {
        let extent = signal.extent
        try connection.checkSize(extent)
        if extent.bytes > signalLimit {
            var refusal = MessageTooLarge(extent: extent, limit: signalLimit)
            refusal.bounded = "a signal"
            throw refusal
        }
    }

    /// Emits a typed signal of the object at `path`: its arguments go from
    /// Swift values straight into the message, checked as `emit` checks them.
    public func emit<each Value>(path: ObjectPath, interface: String, _ signal: TypedSignal<repeat each Value>, _ value: repeat each Value) throws {
        let header = try signalHeader(path: path, interface: interface, member: signal.name, servedBy: objects[path]) { declared in
            guard signal.matches(declared) else {
                throw DBusError.failed("signal \(interface).\(signal.name) is declared '\(signature(of: declared.arguments.map(\.type)))' but was emitted with '\(signature(of: signal.declaration.arguments.map(\.type)))'")
            }
        }
        var writer = MessageBodyWriter()
        try signal.encode(repeat each value, into: &writer)
        var message = try header.signal(with: writer.body)
        message.readers = objects[path]?.readers
        try send(signal: message)
    }

    /// A declared signal of `object`, encoded and ready to send.
    func signalMessage(path: ObjectPath, interface: String, member: String, _ arguments: [DBusValue], servedBy object: ExportedObject?) throws -> OutgoingMessage {
        let header = try signalHeader(path: path, interface: interface, member: member, servedBy: object) { declared in
            guard matches(arguments, declared.arguments) else {
                let expected = signature(of: declared.arguments.map(\.type))
                throw DBusError.failed("signal \(interface).\(member) is declared '\(expected)' but was emitted with '\(signature(of: arguments.map(\.type)))'")
            }
        }
        return try header.signal(with: WireBody(checking: arguments))
    }

    /// The header of a signal `object` declares, once `check` accepts the
    /// declaration: built the first time.
    func signalHeader(path: ObjectPath, interface: String, member: String, servedBy object: ExportedObject?, check: (SignalDeclaration) throws -> Void) throws -> WireSignal {
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
        if let built = object.signalHeaders[key] {
            return built
        }
        let header = WireSignal(path: path, interface: interface, member: member, types: declared.arguments.map(\.type))
        object.signalHeaders[key] = header
        return header
    }

    func matches(_ values: [DBusValue], _ declared: [Argument]) -> Bool {
        values.count == declared.count && zip(values, declared).allSatisfy { $0.hasType($1.type) }
    }

    /// Announces that properties changed. Inside a call they are coalesced
    /// and sent before its reply; outside one, at once.
    public func propertiesChanged(path: ObjectPath, interface: String, names: [String]) {
        managedObjectsCache.forget(path)
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

    func flushPropertyChanges() {
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
        for signal in held {
            do {
                try deliver(signal)
            } catch {
                Hooks.log("<3>dbus: cannot send \(signal.label): \(error)")
            }
        }
    }

    /// Sends one `PropertiesChanged`; values that would make it too large to
    /// send go in `invalidated` instead, the largest first.
    func emitPropertiesChanged(path: ObjectPath, interface: String, changed: [(name: String, value: DBusValue)], invalidated: [String]) throws {
        // Measured before it is encoded: a form's values of 16 MiB would
        // otherwise be marshalled on every change only to be refused.
        let budget = signalLimit - Message.headerAllowance - interface.utf8.count - invalidated.reduce(0) { $0 + 8 + $1.utf8.count }
        let all = changed
        var changed = PropertyBudget.fit([[all]], within: budget)[0][0]
        var invalidated = invalidated
        for entry in all where !changed.contains(where: { $0.name == entry.name }) {
            invalidated.append(entry.name)
        }
        while true {
            do {
                // Entries, not (key, value) pairs: an array of tuples made the
                // runtime instantiate its metadata on every flush.
                var signal = try signalMessage(path: path, interface: StandardInterface.properties, member: "PropertiesChanged", [
                    .string(interface),
                    .array(element: .dictEntry(key: .string, value: .variant), changed.map { .dictEntry(.string($0.name), .variant($0.value)) }),
                    .array(element: .string, invalidated.map { .string($0) }),
                ], servedBy: objects[path])
                signal.readers = objects[path]?.readers
                return try send(signal: signal)
            } catch is MessageTooLarge where !changed.isEmpty {
                let largest = changed.indices.max { changed[$0].value.encodedBytesBound < changed[$1].value.encodedBytesBound }!
                invalidated.append(changed.remove(at: largest).name)
            }
        }
    }
}
