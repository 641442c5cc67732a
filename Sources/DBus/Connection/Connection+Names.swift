import CDBus
import Dispatch
import Glibc
import RxCoreEssentials

/// How to ask for a well-known name.
public struct NameFlags: OptionSet, Sendable {
    /// The flag bits.
    public let rawValue: UInt32

    /// Flags with these bits.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// Let another connection take the name with `replaceExisting`.
    public static let allowReplacement = NameFlags(rawValue: 0x1)
    /// Take the name from its owner, if it allows replacement.
    public static let replaceExisting = NameFlags(rawValue: 0x2)
    /// Fail rather than wait in the queue.
    public static let doNotQueue = NameFlags(rawValue: 0x4)
}

/// The bus's answer to a name request.
public enum NameRequestReply: UInt32, Sendable {
    /// The connection owns the name now.
    case primaryOwner = 1
    /// The connection waits in the queue.
    case inQueue = 2
    /// Someone else owns it and the request did not queue.
    case exists = 3
    /// The connection owned it already.
    case alreadyOwner = 4
}

extension Connection {
    /// Calls the bus's own `member` and waits for the answer (start-up,
    /// clients and tests; a server's handlers never wait).
    public func callBus(_ member: String, _ arguments: [DBusValue], timeoutMilliseconds: Int32 = 25_000) throws -> [DBusValue] {
        try callAndWait(busCall(member, arguments), timeoutMilliseconds: timeoutMilliseconds).arguments()
    }

    /// A call of the bus's own `member`.
    func busCall(_ member: String, _ arguments: [DBusValue]) throws -> Message {
        let message = try Message.methodCall(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: member)
        try message.append(arguments)
        return message
    }

    /// The unique name that owns `name` now; nil when none does (or the bus
    /// does not answer). Waits for the answer, as `callBus`.
    public func nameOwner(of name: String) -> String? {
        (try? callBus("GetNameOwner", [.string(name)]))?.first?.stringValue
    }

    /// `nameOwner(of:)` without waiting: `answer` gets the owner (nil when
    /// none) on a later turn — before the reply to any call sent after this
    /// one, as the bus answers its own calls in order.
    public func nameOwner(of name: String, answer: @escaping (String?) -> Void) {
        guard let question = try? busCall("GetNameOwner", [.string(name)]) else { return answer(nil) }
        call(question) { reply in
            answer((try? reply.get().arguments())?.first?.stringValue)
        }
    }

    /// Asks the bus to start the service that owns `name` when it can be
    /// activated and nothing owns it, without waiting; whatever the bus
    /// answers (started, running already, not activatable) is left to the
    /// `NameOwnerChanged` that follows, or to none.
    public func startService(_ name: String) {
        guard let request = try? busCall("StartServiceByName", [.string(name), .uint32(0)]) else { return }
        _ = call(request) { _ in }
    }

    /// Asks for a well-known name and waits for the answer (start-up only).
    public func requestName(_ name: String, flags: NameFlags) throws -> NameRequestReply {
        guard DBusNames.isValidBusName(name), !name.hasPrefix(":") else {
            throw DBusError.invalidArgs("'\(name)' is not a valid well-known bus name")
        }
        let reply = try callBus("RequestName", [.string(name), .uint32(flags.rawValue)])
        guard case .uint32(let code)? = reply.first, let answer = NameRequestReply(rawValue: code) else {
            throw DBusError.failed("unexpected RequestName reply \(reply)")
        }
        return answer
    }

    /// Gives a well-known name up and waits for the answer.
    public func releaseName(_ name: String) throws {
        guard DBusNames.isValidBusName(name) else { throw DBusError.invalidArgs("'\(name)' is not a valid bus name") }
        _ = try callBus("ReleaseName", [.string(name)])
    }

    /// Calls `handler(name, oldOwner, newOwner)` for every `NameOwnerChanged`
    /// the bus sends, until the result is disposed; an empty new owner means
    /// the name is gone (for a unique name: the client left the bus).
    public func watchNameOwnerChanged(_ handler: @escaping (String, String, String) -> Void) throws -> Disposable {
        try addMatch("type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged'")
        return onSignal { message in
            guard message.isSignal(interface: "org.freedesktop.DBus", member: "NameOwnerChanged"),
                  message.sender == "org.freedesktop.DBus",
                  let arguments = try? message.arguments(), arguments.count == 3,
                  let name = arguments[0].stringValue, let old = arguments[1].stringValue, let new = arguments[2].stringValue else { return }
            handler(name, old, new)
        }
    }

    /// Asks the bus for the Unix uid and process of a connection, without
    /// waiting (`GetConnectionCredentials`, whose `UnixUserID` and
    /// `ProcessID` the bus takes from the socket when the client connected).
    /// Fails when the connection has left the bus or the bus gives no uid.
    public func unixCredentials(of name: String, timeoutMilliseconds: Int32 = 25_000, completion: @escaping (Result<(uid: UInt32, pid: UInt32?), DBusError>) -> Void) {
        do {
            let message = try busCall("GetConnectionCredentials", [.string(name)])
            call(message, timeoutMilliseconds: timeoutMilliseconds) { result in
                completion(result.flatMap { reply in
                    let entries = (try? reply.arguments())?.first?.dictionaryEntries ?? []
                    guard let entry = entries.first(where: { $0.key == .string("UnixUserID") }), case .uint32(let uid)? = entry.value.variantValue else {
                        return .failure(DBusError.failed("the bus gave no UnixUserID for \(name)"))
                    }
                    let pid = entries.first { $0.key == .string("ProcessID") }.flatMap { entry -> UInt32? in
                        if case .uint32(let pid)? = entry.value.variantValue { return pid }
                        return nil
                    }
                    return .success((uid, pid))
                })
            }
        } catch {
            completion(.failure(DBusError.from(error)))
        }
    }
}

extension Connection {
    /// Waits until `name` has no owner on the bus (a replaced daemon that has
    /// finished and left), at most `timeoutMilliseconds`; returns whether it
    /// left. Unlike every other wait this one dispatches nothing: calls that
    /// arrive meanwhile stay queued, in order, until the loop runs again, so
    /// no client is answered before the caller is ready.
    public func waitWithoutDispatchUntilGone(_ name: String, timeoutMilliseconds: Int) -> Bool {
        let deadline = DispatchTime.now() + .milliseconds(timeoutMilliseconds)
        repeat {
            guard let message = try? busCall("NameHasOwner", [.string(name)]) else { return false }
            guard isOpen else { return false }
            guard let serial = try? transmit(message),
                  let reply = waitWithoutDispatch(forReplyTo: serial, timeoutMilliseconds: 1_000) else { return false }
            let owned = (try? reply.arguments().first) == .boolean(true)
            if !owned {
                return true
            }
            usleep(5_000)
        } while DispatchTime.now() < deadline
        return false
    }

    /// Reads the socket, keeping what it holds queued in order, until the
    /// reply to the call numbered `serial` is among it; nil after
    /// `timeoutMilliseconds` or when the connection ends.
    private func waitWithoutDispatch(forReplyTo serial: UInt32, timeoutMilliseconds: Int) -> Message? {
        let deadline = MonotonicClock.now().adding(Int64(timeoutMilliseconds) * 1_000_000)
        while isOpen, let reader {
            bridge.flushWrites()
            if let reply = bridge.takeQueuedReply(to: serial) {
                return reply
            }
            let now = MonotonicClock.now()
            guard now < deadline else { return nil }
            var readable = pollfd(fd: reader.descriptor, events: Int16(POLLIN), revents: 0)
            let waitMilliseconds = Int32(clamping: max(1, deadline.nanoseconds(since: now) / 1_000_000))
            guard poll(&readable, 1, waitMilliseconds) >= 0 || errno == EINTR else { return nil }
            readAvailable(pastAllowance: true)
        }
        return nil
    }
}
