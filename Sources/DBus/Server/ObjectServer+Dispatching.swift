import CDBus
import RxCoreEssentials

/// Every incoming call answered: resolved to a declared method, its
/// signature checked exactly, its body read as input, its reply measured.
extension ObjectServer {
    /// Takes a call from libdbus: every call waits its client's turn
    /// (`FairCalls`), after the bus has said who the client is when the
    /// server needs to know. A `Peer` call of a client with nothing waiting,
    /// running or held is answered at once (the connection answers it, even
    /// in the middle of another client's long call); one that comes behind
    /// calls of its client is answered after them, in order, as clients use
    /// a `Ping` as a barrier.
    func receive(_ message: Message) -> Bool {
        let sender = message.sender ?? ""
        let isIdle = !fairCalls.hasCalls(from: sender) && !bulkCalls.involves(sender) && !runningSenders.contains(sender)
        if message.interface == StandardInterface.peer && isIdle {
            return false
        }
        if isClosing {
            // Refused in its turn when calls of its client still wait, so
            // its error does not overtake their replies.
            guard isIdle else {
                refusedInTurn.insert(ObjectIdentifier(message))
                try? fairCalls.enqueue(message, from: sender, bytes: 0)
                return true
            }
            finish(message, method: nil, .failure(ObjectServer.closing))
            return true
        }
        // A client the bus could not tell is asked about again only once
        // its waiting calls have been answered, so they do not wait again.
        let asks = !sender.isEmpty && !fairCalls.hasCalls(from: sender)
        do {
            try fairCalls.enqueue(message, from: sender, bytes: message.extent.bytes, alsoWaiting: bulkCalls.held(from: sender), alsoWaitingTotal: bulkCalls.heldBytes)
        } catch {
            finish(message, method: nil, .failure(DBusError(name: limitExceededErrorName, message: "\(error)")))
            return true
        }
        if asks {
            credentials?.ask(about: sender)
        }
        scheduleServing()
        return true
    }

    /// Serves the waiting calls in turns, for at most `servingSlice` a loop
    /// turn, so that reading (and other clients' new calls) goes on between.
    func scheduleServing() {
        guard !servingScheduled else { return }
        servingScheduled = true
        // Calls the loop's dispatch job hands over are served as it ends
        // (`afterDispatch`), in the same turn: a turn more cost a poll a call.
        guard !connection.isInDispatchJob else { return }
        MainLoop.shared.enqueue { [weak self] in
            self?.serveIfScheduled()
        }
    }

    /// Serves what `scheduleServing` asked for.
    func serveIfScheduled() {
        guard servingScheduled else { return }
        servingScheduled = false
        serveWaitingCalls()
    }

    /// The answer to calls that come while the server closes.
    static let closing = DBusError(name: "org.freedesktop.DBus.Error.NoServer", message: "the server is exiting; call again (another may have taken its name)")

    /// Serves the calls received so far, for at most `nanoseconds` (a
    /// client whose uid is still being asked is waited for), then refuses
    /// the rest and every later call: what was received before a server
    /// stops is answered before it keeps its last state, and nothing runs
    /// after that.
    public func finishServing(within nanoseconds: Int64) {
        isClosing = true
        MainLoop.shared.run(while: { !self.fairCalls.isEmpty || self.bulkCalls.isReading }, timeout: .nanoseconds(Int(nanoseconds)))
        while let next = fairCalls.next(isReady: { _ in true }) {
            finish(next.message, method: nil, .failure(ObjectServer.closing))
        }
        refusedInTurn.removeAll()
    }

    private func serveWaitingCalls() {
        let started = MonotonicClock.now()
        var pumped = started
        let isReady = { [credentials] (sender: String) in sender.isEmpty || credentials?.isSettled(sender) ?? true }
        while let next = fairCalls.next(isReady: isReady) {
            dispatch(next.message, uid: next.sender.isEmpty ? nil : credentials?.uid(of: next.sender))
            actOnDeparture(of: next.sender)
            let now = MonotonicClock.now()
            // With no call left the loop reads on in its next poll.
            if fairCalls.isEmpty {
                break
            }
            // What came during the calls: Pings answered, calls queued for their turn.
            if now.nanoseconds(since: pumped) >= ObjectServer.pumpInterval {
                connection.pump()
                pumped = MonotonicClock.now()
            }
            if now.nanoseconds(since: started) > ObjectServer.servingSlice {
                break
            }
        }
        if fairCalls.hasReady(isReady) {
            scheduleServing()
        }
    }

    /// Acts on a departure the bus announced once none of the client's calls waits.
    func actOnDeparture(of sender: String) {
        guard departed.contains(sender), !fairCalls.hasCalls(from: sender), !bulkCalls.involves(sender) else { return }
        departed.remove(sender)
        peerLeft(sender)
    }

    func dispatch(_ message: Message, uid: UInt32?) {
        switch bulkCalls.arrive(message, uid: uid, waiting: fairCalls.waitingBytes(from: message.sender ?? "")) {
        case .ready:
            break
        case .held:
            return
        case .refused(let reason):
            finish(message, method: nil, .failure(DBusError(name: limitExceededErrorName, message: reason)))
            return
        }
        if refusedInTurn.remove(ObjectIdentifier(message)) != nil {
            finish(message, method: nil, .failure(ObjectServer.closing))
            return
        }
        let method: Method
        do {
            method = try self.method(for: message)
            try checkReader(of: message, uid: uid)
            try method.admit?(Method.Caller(sender: message.sender ?? "", uid: uid))
        } catch {
            finish(message, method: nil, .failure(DBusError.from(error)))
            return
        }
        guard bulkCalls.isBulk(message, of: method) else {
            run(message, uid: uid, method, arguments: Result { try inputReading(of: method, message, uid: uid).arguments(of: message) }, prepared: nil)
            return
        }
        bulkCalls.read(message, reading: inputReading(of: method, message, uid: uid), prepare: method.prepare?()) { [weak self] outcome in
            guard let self else { return }
            // The object may have gone, or been replaced, while the call was read.
            let resolved = Result { try self.method(for: message) }
            switch resolved {
            case .success(let method):
                run(message, uid: uid, method, arguments: outcome.arguments, prepared: outcome.prepared)
            case .failure(let error):
                if method.takesDescriptors, let read = try? outcome.arguments.get() {
                    MethodCall.closeDescriptors(in: read)
                }
                finish(message, method: nil, .failure(DBusError.from(error)))
            }
            releaseCalls(heldBehind: message)
        }
    }

    /// How `message`, a call of `method`, is read: as input, under the
    /// server's string limit and decoding budget.
    private func inputReading(of method: Method, _ message: Message, uid: UInt32?) -> InputReading {
        let decoded = maximumDecodedBytes?(ObjectPath(unchecked: message.path ?? "/"), uid) ?? .max
        return InputReading(names: method.inputs.map(\.name), maximumStringBytes: maximumInputStringBytes, maximumDecodedBytes: decoded, limitErrorName: limitExceededErrorName)
    }

    /// A call answered later in order was answered: the calls it held run —
    /// on the next turn when it was answered inside another call or batch,
    /// so that each held call's changes go out before its own reply.
    func laterCallEnded(_ message: Message) {
        guard callDepth == 0 else {
            MainLoop.shared.enqueue { [weak self] in self?.laterCallEnded(message) }
            return
        }
        releaseCalls(heldBehind: message)
    }

    /// Dispatches, in the order they came, the calls held behind a call that ended.
    private func releaseCalls(heldBehind message: Message) {
        for waiting in bulkCalls.finished(message) {
            dispatch(waiting.message, uid: waiting.uid)
            actOnDeparture(of: waiting.message.sender ?? "")
        }
        actOnDeparture(of: message.sender ?? "")
    }

    /// Runs a call whose arguments have been read (or could not be).
    private func run(_ message: Message, uid: UInt32?, _ method: Method, arguments: Result<[DBusValue], any Error>, prepared: Result<any Sendable, any Error>?) {
        let reply: Result<[DBusValue], DBusError>
        var answersLater = false
        var received: MethodCall?
        // libdbus hands every received descriptor over as a new one: the
        // call owns them, and they are closed once it is answered.
        defer {
            if method.takesDescriptors { received?.closeDescriptors() }
        }
        if message.interface != StandardInterface.peer, let refusal = queueRefusal() {
            if method.takesDescriptors, let read = try? arguments.get() {
                MethodCall.closeDescriptors(in: read)
            }
            finish(message, method: method, .failure(refusal))
            return
        }
        callDepth += 1
        runningSenders.append(message.sender ?? "")
        do {
            var call = MethodCall(message: message, arguments: try arguments.get(), sender: message.sender ?? "", senderUID: uid, path: ObjectPath(unchecked: message.path ?? "/"), inputs: method.inputs)
            call.outputs = method.outputs
            call.server = self
            call.prepared = prepared
            received = call
            reply = .success(try method.handler(call))
        } catch is LaterReply.Pending {
            answersLater = true
            reply = .success([])
        } catch {
            reply = .failure(DBusError.from(error))
        }
        callDepth -= 1
        runningSenders.removeLast()
        // The call's PropertiesChanged, its signals and its reply leave in one write.
        connection.writingTogether {
            if callDepth == 0 {
                flushPropertyChanges()
            }
            guard !answersLater else {
                traceCall?(message, nil)
                return
            }
            finish(message, method: method, reply)
        }
    }

    /// The refusal of every call while more than `maximumQueuedBytes` wait
    /// for the bus: what a call answers and emits would only add to them.
    private func queueRefusal() -> DBusError? {
        let queued = connection.outgoingBytes
        guard queued > maximumQueuedBytes else {
            if isOverQueue {
                isOverQueue = false
                Hooks.log("<5>dbus: the bus takes this connection's messages again (\(queued) bytes wait); calls are served again")
            }
            return nil
        }
        if !isOverQueue {
            isOverQueue = true
            Hooks.log("<4>dbus: \(queued) bytes wait for the bus to take them, more than \(maximumQueuedBytes); calls are refused until it does (a bus stops reading a sender while it holds too much of what the sender sent for subscribers that do not read)")
        }
        return DBusError(name: limitExceededErrorName, message: "the daemon has \(queued) bytes waiting for the bus to take them, more than \(maximumQueuedBytes): the bus is not reading its messages (some client it delivers them to does not read its own); try again later")
    }

    /// Traces a call's outcome and answers it (unless no reply is expected).
    private func finish(_ message: Message, method: Method?, _ reply: Result<[DBusValue], DBusError>) {
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

    func answer(_ message: Message, with result: Result<[DBusValue], DBusError>, declaredOutputs: [Argument]) {
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
                do {
                    // libdbus attaches descriptors only to messages it builds;
                    // any reply the daemon cannot write is built by libdbus,
                    // whose errors are the ones answered below.
                    if !declaredOutputs.contains(where: { $0.type.holdsDescriptor }), let written = try? WireReply.reply(to: message, carrying: values) {
                        try connection.send(written)
                    } else {
                        let reply = try message.makeReturn()
                        if !values.isEmpty {
                            try reply.append(values)
                        }
                        try connection.send(reply)
                    }
                } catch let tooLarge as MessageTooLarge {
                    try refuse(message, tooLarge)
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

    /// Answers `message` with a body written already (`LaterReply.send(writtenBody:signature:)`).
    func answer(_ message: Message, writtenBody body: WireBody, signature: String) {
        do {
            do {
                try connection.send(try WireReply.reply(to: message, signature: signature, body: body))
            } catch let tooLarge as MessageTooLarge {
                try refuse(message, tooLarge)
            }
        } catch {
            Hooks.log("<3>dbus: cannot answer \(message.member ?? "a call") from \(message.sender ?? "?"): \(error)")
        }
    }

    /// Answers a call whose reply would be too large to send with `limitExceededErrorName`.
    private func refuse(_ message: Message, _ tooLarge: MessageTooLarge) throws {
        let member = [message.interface, message.member].compactMap { $0 }.joined(separator: ".")
        try connection.send(try message.makeError(DBusError(name: limitExceededErrorName, message: "the reply to \(member) \(tooLarge); ask for less")))
    }

    /// Refuses, from its header, any call but `Introspect` and `Peer` on
    /// an object the caller may not read (`export(_:interfaces:readers:)`):
    /// its methods read or change what only its readers may see.
    private func checkReader(of message: Message, uid: UInt32?) throws {
        guard message.interface != StandardInterface.introspectable, message.interface != StandardInterface.peer,
              let object = objects[ObjectPath(unchecked: message.path ?? "/")] else { return }
        try object.checkReader(uid)
    }

    /// The declared method a call names, its signature checked exactly.
    func method(for message: Message) throws -> Method {
        // libdbus has validated the path of every incoming call.
        let path = ObjectPath(unchecked: message.path ?? "/")
        let member = message.member ?? ""
        let interfaces: [Interface]
        if message.interface == StandardInterface.peer {
            // `Peer` is answered on every path, as libdbus answers it.
            interfaces = [peer]
        } else if let object = objects[path] {
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
        return method
    }

    func standardInterfaces(of object: ExportedObject) -> [Interface] {
        var interfaces = object.interfaces
        interfaces.append(introspectable)
        interfaces.append(properties)
        interfaces.append(peer)
        if managerRoots.contains(object.path) {
            interfaces.append(objectManagerInterface(root: object.path))
        }
        return interfaces
    }
}
