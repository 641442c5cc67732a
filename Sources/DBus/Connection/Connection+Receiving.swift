import CDBus
import Glibc
import RxCoreEssentials

/// A message held behind a bulk message of the same sender, as received.
struct HeldMessage {
    let bytes: [UInt8]
    let descriptors: [Int32]
}

/// What the connection receives, read by itself (`SocketReader`) rather
/// than by libdbus, which after registering only writes.
///
/// A message of `bulkMessageBytes` or more — a call or signal without
/// descriptors — is checked on `bulkQueue`'s thread; messages of other
/// senders received after it are handed over meanwhile, those of its
/// sender wait behind it, so each sender's messages keep their order (the
/// bus promises no order between senders). Everything else is checked as
/// it is cut, on the loop.
extension Connection {
    /// Messages from this size are checked off the loop: checking 16 MiB
    /// takes about 40 ms, 1 MiB about 3.
    static let bulkMessageBytes = 1 << 20
    /// What one turn of the loop reads before others get theirs: a few
    /// milliseconds of reading at memory speed.
    static let readBudget = 8 << 20
    private static let bulkQueue = BackgroundQueue(label: "bus-reader", nice: 0)
    private static let senderField: UInt8 = 7

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
        heldBehindBulk.values.joined().forEach { $0.descriptors.forEach { _ = Glibc.close($0) } }
        heldBehindBulk = [:]
        pendingReplies.values.forEach { $0.cancel() }
        pendingReplies = [:]
    }

    /// Reads what the socket holds now, within `readBudget`, and queues it
    /// to be handed over.
    func readAvailable() {
        guard isOpen, let reader, bridge.mayReceive else { return }
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

    /// Takes one message cut from the socket.
    private func receive(_ frame: SocketReader.Frame) throws {
        let descriptorCount = frame.reader.hasDescriptors ? try Message.descriptorCount(of: frame.bytes) : 0
        let descriptors = try frame.reader.take(descriptorCount)
        let isBulk = frame.bytes.count >= Connection.bulkMessageBytes
        if isBulk || !heldBehindBulk.isEmpty, let sender = try Connection.sender(of: frame.bytes) {
            if heldBehindBulk[sender] != nil {
                heldBehindBulk[sender]?.append(HeldMessage(bytes: frame.owned ?? Array(frame.bytes), descriptors: descriptors))
                bridge.hold(bytes: frame.bytes.count, descriptors: descriptors.count)
                return
            }
            let type = frame.bytes[1]
            if isBulk, descriptors.isEmpty, type == UInt8(Message.Kind.methodCall.rawValue) || type == UInt8(Message.Kind.signal.rawValue) {
                checkOffTheLoop(frame.owned ?? Array(frame.bytes), from: sender)
                return
            }
        }
        bridge.enqueue(try Message.received(frame.bytes, descriptors: descriptors), bytes: frame.bytes.count, descriptors: descriptors.count)
    }

    private static func sender(of bytes: UnsafeRawBufferPointer) throws -> String? {
        guard case .string(let sender)? = try WireReader.headerFields(of: bytes).first(where: { $0.code == senderField })?.value else { return nil }
        return sender
    }

    /// Checks a bulk message on `bulkQueue`'s thread and hands it over when
    /// done, then what its sender sent after it.
    private func checkOffTheLoop(_ bytes: [UInt8], from sender: String) {
        heldBehindBulk[sender] = []
        bridge.hold(bytes: bytes.count, descriptors: 0)
        let connection = LoopOwned(self)
        Connection.bulkQueue.async {
            let checked = Result { CheckedMessage(raw: try bytes.withUnsafeBytes { try Message.demarshal($0) }) }
            MainLoop.shared.post {
                guard let owner = connection.value else {
                    if case .success(let message) = checked { dbus_message_unref(message.raw) }
                    return
                }
                owner.takeChecked(checked, bytes: bytes.count, from: sender)
            }
        }
    }

    private func takeChecked(_ checked: Result<CheckedMessage, Error>, bytes: Int, from sender: String) {
        bridge.release(bytes: bytes, descriptors: 0)
        guard isOpen, reader != nil else {
            if case .success(let message) = checked { dbus_message_unref(message.raw) }
            return
        }
        switch checked {
        case .success(let message):
            bridge.enqueue(Message(taking: message.raw), bytes: bytes, descriptors: 0)
        case .failure(let error):
            Hooks.log("<3>dbus: a message from the bus cannot be read (\(error)); closing the connection")
            readSource?.dispose()
            readSource = nil
            bridge.enqueueEnd()
            return
        }
        guard let held = heldBehindBulk.removeValue(forKey: sender) else { return }
        for (index, message) in held.enumerated() {
            bridge.release(bytes: message.bytes.count, descriptors: message.descriptors.count)
            if heldBehindBulk[sender] != nil {
                heldBehindBulk[sender]?.append(contentsOf: held[index...])
                held[index...].forEach { bridge.hold(bytes: $0.bytes.count, descriptors: $0.descriptors.count) }
                return
            }
            do {
                if message.bytes.count >= Connection.bulkMessageBytes, message.descriptors.isEmpty,
                   message.bytes[1] == UInt8(Message.Kind.methodCall.rawValue) || message.bytes[1] == UInt8(Message.Kind.signal.rawValue) {
                    checkOffTheLoop(message.bytes, from: sender)
                    continue
                }
                let received = try message.bytes.withUnsafeBytes { try Message.received($0, descriptors: message.descriptors) }
                bridge.enqueue(received, bytes: message.bytes.count, descriptors: message.descriptors.count)
            } catch {
                Hooks.log("<3>dbus: a message from the bus cannot be read (\(error)); closing the connection")
                bridge.enqueueEnd()
                return
            }
        }
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
            switch (call.interface, call.member) {
            case ("org.freedesktop.DBus.Peer"?, "Ping"?) where call.signature.isEmpty:
                reply = try call.makeReturn()
            case ("org.freedesktop.DBus.Peer"?, "GetMachineId"?) where call.signature.isEmpty:
                reply = try call.makeReturn()
                try reply.append(.string(try Connection.machineID()))
            default:
                let text = "Method \"\(call.member ?? "")\" with signature \"\(call.signature)\" on interface \"\(call.interface ?? "(null)")\" doesn't exist\n"
                reply = try call.makeError(DBusError(name: DBusError.Name.unknownMethod, message: text))
            }
            try send(reply)
        } catch {
            Hooks.log("<4>dbus: cannot answer \(call.member ?? "a call"): \(error)")
        }
    }

    private static func machineID() throws -> String {
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let id = dbus_try_get_local_machine_id(&error) else {
            throw Connection.error(from: &error, fallback: "no machine id")
        }
        defer { dbus_free(id) }
        return String(cString: id)
    }
}

/// A message checked on the bulk thread, handed to the loop: the thread
/// lets go of it as it posts it, so only one thread ever holds it.
private struct CheckedMessage: @unchecked Sendable {
    let raw: OpaquePointer
}
