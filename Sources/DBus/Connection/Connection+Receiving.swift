import CDBus
import Glibc
import RxCoreEssentials

/// What the connection receives, read by itself (`SocketReader`) rather
/// than by libdbus, which after registering only writes.
///
/// Every message is kept as it came (`Message.wire`): only its header is
/// read on the loop, and its body when a handler reads it, by `WireReader`
/// — a bulk call's on the bulk reader's thread (`BulkCalls`), a reply of
/// more than `Message.wireReadBytes` on the reply reader's. libdbus checked
/// a 16 MiB bind whole on the loop, 40 ms and more, before it read the next
/// message; it checks no body now.
extension Connection {
    /// What one turn of the loop reads before others get theirs: a few
    /// milliseconds of reading at memory speed.
    static let readBudget = 8 << 20

    /// Reads the socket from now on. libdbus has registered the connection
    /// with the bus and read the bus's answer; what it read beyond that (the
    /// `NameAcquired` of the unique name) is handed over first.
    func takeOverReading() {
        var descriptor: Int32 = -1
        guard dbus_connection_get_socket(raw, &descriptor) != 0, descriptor >= 0 else { return }
        while let message = dbus_connection_pop_message(raw) {
            let received = Message(taking: message)
            bridge.enqueue(received, bytes: 0, descriptors: 0)
        }
        let reader = SocketReader(descriptor: descriptor)
        self.reader = reader
        readSource = MainLoop.shared.addSource(fd: descriptor, events: Int16(POLLIN)) { [weak self] _ in
            self?.readAvailable()
        }
        bridge.route = { [weak self] in self?.route($0) }
        bridge.end = { [weak self] in self?.reportDisconnect() }
        bridge.readSocket = { [weak self] in self?.readAvailable() }
        bridge.onAllowance = { [weak self] open in
            self?.readSource?.events = open ? Int16(POLLIN) : 0
        }
    }

    func stopReading() {
        readSource?.dispose()
        readSource = nil
        reader = nil
        bridge.route = nil
        bridge.end = nil
        bridge.readSocket = nil
        bridge.onAllowance = nil
        pendingReplies.values.forEach { $0.cancel() }
        pendingReplies = [:]
    }

    /// Reads what the socket holds now, within `readBudget`, and queues it
    /// to be handed over; nothing while the bridge holds as much as it may,
    /// unless `pastAllowance` (a bounded wait for one reply, which must read on).
    func readAvailable(pastAllowance: Bool = false) {
        guard isOpen, let reader, pastAllowance || bridge.mayReceive else { return }
        do {
            _ = try reader.read(budget: Connection.readBudget) { frame in try receive(frame) }
        } catch let end as SocketReader.End {
            if case .broken(let why) = end {
                Hooks.log("<3>dbus: \(why); closing the connection")
            }
            readSource?.dispose()
            readSource = nil
            bridge.enqueueEnd()
        } catch {
            Hooks.log("<3>dbus: a message from the bus cannot be read (\(error)); closing the connection")
            readSource?.dispose()
            readSource = nil
            bridge.enqueueEnd()
        }
    }

    /// Takes one message cut from the socket. Only a message whose
    /// descriptors cannot be counted ends the stream (the descriptors after
    /// it could not be given to their messages); any other that is not valid
    /// is dropped (`refuseUnreadable`).
    private func receive(_ frame: SocketReader.Frame) throws {
        let descriptorCount = frame.reader.hasDescriptors ? try Message.descriptorCount(of: frame.bytes) : 0
        let descriptors = try frame.reader.take(descriptorCount)
        let type = frame.bytes[1]
        let isCallOrSignal = type == UInt8(Message.Kind.methodCall.rawValue) || type == UInt8(Message.Kind.signal.rawValue)
        let message: Message
        do {
            // A large reply's body is read off the loop before it is handed over (`route`).
            guard isCallOrSignal || descriptors.isEmpty || frame.bytes.count <= Message.wireReadBytes else {
                descriptors.forEach { _ = Glibc.close($0) }
                throw DBusError.invalidArgs("a reply of \(frame.bytes.count) bytes came with \(descriptors.count) Unix descriptors; no call the daemon makes is answered with descriptors")
            }
            message = try Message.received(frame, descriptors: descriptors)
        } catch {
            refuseUnreadable(frame.bytes, error)
            return
        }
        bridge.enqueue(message, bytes: frame.bytes.count, descriptors: descriptors.count)
    }

    /// Drops a message that is framed but not valid — a bus checks every
    /// message it passes on, a peer or another bus may not — and answers it
    /// `InvalidArgs` when it is a call whose header names its sender and
    /// serial. Logged the 1st, 2nd, 4th, 8th … time, so a peer sending
    /// nothing else cannot flood the log.
    func refuseUnreadable(_ bytes: UnsafeRawBufferPointer, _ error: Error) {
        unreadableMessages += 1
        if unreadableMessages & (unreadableMessages - 1) == 0 {
            Hooks.log("<4>dbus: a message from the bus cannot be read (\(error)); dropped (\(unreadableMessages) so far)")
        }
        guard bytes.count >= 16, bytes[1] == UInt8(Message.Kind.methodCall.rawValue), bytes[2] & 0x1 == 0,
              let fields = try? WireReader.headerFields(of: bytes),
              case .string(let sender)? = fields.first(where: { $0.code == Message.senderField })?.value, DBusNames.isValidBusName(sender),
              let raw = dbus_message_new(DBUS_MESSAGE_TYPE_METHOD_CALL) else { return }
        let call = Message(taking: raw)
        let serial = Message.serial(ofMarshalled: bytes)
        guard serial != 0, dbus_message_set_sender(raw, sender) != 0 else { return }
        dbus_message_set_serial(raw, serial)
        _ = try? send(call.makeError(DBusError.invalidArgs("the message cannot be read: \(error)")))
    }

    /// Waits for the reply to `pendingReply`'s call, numbered `serial`, at
    /// most `timeoutMilliseconds` (libdbus's 25 s for a negative one, no
    /// limit for `Int32.max`), then `NoReply`.
    func awaitReply(_ pendingReply: PendingReply, serial: UInt32, timeoutMilliseconds: Int32) {
        pendingReplies[serial] = pendingReply
        guard timeoutMilliseconds != .max else { return }
        let milliseconds = timeoutMilliseconds < 0 ? 25_000 : Int64(timeoutMilliseconds)
        pendingReply.timer = MainLoop.shared.addTimer(after: milliseconds * 1_000_000) { [weak self, weak pendingReply] in
            guard let pendingReply else { return }
            if self?.pendingReplies[serial] === pendingReply {
                self?.pendingReplies[serial] = nil
            }
            pendingReply.complete(.failure(DBusError(name: DBusError.Name.noReply, message: "no reply within \(milliseconds) ms")))
        }
    }

    /// Answers a call nobody handled as libdbus does: `Peer`'s methods, and
    /// `UnknownMethod` for the rest, unless the caller wants no reply.
    func answerUnhandled(_ call: Message) {
        guard !call.noReplyExpected else { return }
        do {
            let reply: Message
            if let answer = try PeerAnswers.answer(interface: call.interface, member: call.member, signature: call.signature) {
                reply = try call.makeReturn()
                try reply.append(answer)
            } else if call.interface == StandardInterface.peer, PeerAnswers.members.contains(where: { $0.name == call.member }) {
                // As the object server answers it when the call waits its turn: one answer on every path.
                reply = try call.makeError(DBusError.invalidArgs("\(StandardInterface.peer).\(call.member ?? "") takes no arguments; the call has signature '\(call.signature)'"))
            } else {
                let text = "Method \"\(call.member ?? "")\" with signature \"\(call.signature)\" on interface \"\(call.interface ?? "(null)")\" doesn't exist\n"
                reply = try call.makeError(DBusError(name: DBusError.Name.unknownMethod, message: text))
            }
            try send(reply)
        } catch {
            Hooks.log("<4>dbus: cannot answer \(call.member ?? "a call"): \(error)")
        }
    }
}
