import CDBus
import Glibc
import RxCoreEssentials

/// A connection to a message bus, driven by `MainLoop.shared`.
///
/// Exit-on-disconnect is off: when the bus goes away the connection reports
/// `onDisconnected` and the program decides. Every method of a connection is
/// for the main thread.
public final class Connection {
    /// Which bus to connect to.
    public enum Bus: Sendable, Equatable {
        /// The session bus (`DBUS_SESSION_BUS_ADDRESS`).
        case session
        /// The system bus.
        case system
        /// The bus at this address.
        case address(String)
    }

    let raw: OpaquePointer
    let bridge = LoopBridge()
    /// The serial given last (`nextSerial`).
    var lastSerial = Connection.firstSerial - 1
    /// The socket signals are written to directly, found once.
    private(set) lazy var directSocket = DirectSocket(of: raw)
    /// Whether messages written directly are held to go out together, and
    /// those held (numbered, in order).
    var isWritingTogether = false
    var writtenTogether: [[UInt8]] = []
    var writtenTogetherBytes = 0
    private var signalHandlers: [Int: (Message) -> Void] = [:]
    private var nextHandlerID = 0
    /// Reads the socket in place of libdbus (`SocketReader`), and its loop source.
    var reader: SocketReader?
    var readSource: LoopSource?
    /// Calls sent and not yet answered, by serial.
    var pendingReplies: [UInt32: PendingReply] = [:]
    /// Calls whose large replies are being read off the loop, by serial.
    var repliesBeingRead: [UInt32: PendingReply] = [:]
    /// What reading a large reply's body may take (`Message.inputArguments`):
    /// its longest string and its values' memory. A reply past either is
    /// an error of its call, found off the loop.
    public var replyLimits = (maximumStringBytes: Int.max, maximumDecodedBytes: Int.max)
    /// Bounds the calls `request` has in flight to other connections, as
    /// the bus counts them (a server's questions to its clients); nil: no bound.
    public var questionGate: QuestionGate?
    /// Whether `close` has run (the bus may have closed the connection first).
    private var isClosed = false
    /// The bus's refusal of a match rule sent without waiting, thrown by the
    /// next call this connection waits for.
    private var refusedMatch: DBusError?
    /// Whether `onDisconnected` was called.
    var hasReportedDisconnect = false
    /// Messages received framed but not valid, dropped (`refuseUnreadable`).
    var unreadableMessages = 0

    /// The connection's unique name, such as `:1.42`.
    public let uniqueName: String
    /// Whether the connection is still open.
    public private(set) var isOpen = true
    /// Receives method calls addressed to this connection and answers them;
    /// returns false to leave a call to the connection (which answers
    /// `Peer` calls and replies `UnknownMethod` to the rest, as libdbus does).
    var methodCallHandler: ((Message) -> Bool)?
    /// Runs after the loop has handed over what the connection received, in the same turn.
    var afterDispatch: (() -> Void)? {
        get { bridge.afterDispatch }
        set { bridge.afterDispatch = newValue }
    }
    /// True while the loop hands over what the connection received; `afterDispatch` follows.
    var isInDispatchJob: Bool { bridge.isInDispatchJob }
    /// Called once when the bus closes the connection.
    public var onDisconnected: (() -> Void)?
    /// The largest message `send` lets out, in bytes: the protocol's 128 MiB
    /// unless lowered (a bus may accept less: the system bus's default is
    /// 32 MiB). The bus disconnects a sender whose message breaks its limit
    /// or whose array passes 64 MiB, so `send` refuses such a message instead.
    public var maximumMessageBytes = Connection.protocolMessageLimit

    /// The D-Bus specification's caps: a message and one array.
    public static let protocolMessageLimit = 134_217_728
    public static let protocolArrayLimit = 67_108_864

    /// The session bus's address: `DBUS_SESSION_BUS_ADDRESS`, else the
    /// socket at `$XDG_RUNTIME_DIR/bus` where one is (as sd-bus and libdbus
    /// find it, so that ssh, sudo and cron sessions reach the user's bus).
    public static var sessionBusAddress: String? {
        if let address = getenv("DBUS_SESSION_BUS_ADDRESS").map({ String(cString: $0) }), !address.isEmpty {
            return address
        }
        guard let runtime = getenv("XDG_RUNTIME_DIR").map({ String(cString: $0) }), !runtime.isEmpty else { return nil }
        var status = stat()
        let socket = runtime + "/bus"
        guard stat(socket, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK, DBusNames.isValidString(socket) else { return nil }
        return "unix:path=" + socket.unicodeScalars.map { scalar in
            // Address values escape what is not an optionally-escaped byte (the D-Bus specification).
            scalar.isASCII && (scalar.properties.isAlphabetic || "0123456789-_/\\.*".unicodeScalars.contains(scalar))
                ? String(scalar) : String(scalar).utf8.map { "%" + ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        }.joined()
    }

    /// Connects and registers with the bus; throws a `DBusError` naming why not.
    public init(bus: Bus) throws {
        dbus_threads_init_default()
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        var opened: OpaquePointer?
        switch bus {
        case .session:
            if getenv("DBUS_SESSION_BUS_ADDRESS") == nil, let address = Connection.sessionBusAddress {
                // libdbus would try X11 autolaunch instead of the user's bus socket.
                opened = dbus_connection_open_private(address, &error)
                if let connection = opened, dbus_bus_register(connection, &error) == 0 {
                    dbus_connection_close(connection)
                    dbus_connection_unref(connection)
                    opened = nil
                }
            } else {
                opened = dbus_bus_get_private(DBUS_BUS_SESSION, &error)
            }
        case .system:
            opened = dbus_bus_get_private(DBUS_BUS_SYSTEM, &error)
        case .address(let address):
            guard DBusNames.isValidString(address) else { throw DBusError.invalidArgs("the bus address contains a NUL character") }
            opened = dbus_connection_open_private(address, &error)
            if let connection = opened, dbus_bus_register(connection, &error) == 0 {
                dbus_connection_close(connection)
                dbus_connection_unref(connection)
                opened = nil
            }
        }
        guard let connection = opened else {
            throw Connection.error(from: &error, fallback: "cannot connect to the bus")
        }
        dbus_connection_set_exit_on_disconnect(connection, 0)
        raw = connection
        uniqueName = dbus_bus_get_unique_name(connection).map { String(cString: $0) } ?? ""
        dbus_connection_add_filter(connection, connectionFilter, Unmanaged.passUnretained(self).toOpaque(), nil)
        bridge.install(on: connection)
        takeOverReading()
    }

    deinit {
        close()
        dbus_connection_unref(raw)
    }

    /// Closes the connection; later sends fail with `Disconnected`.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        if isOpen {
            writeTogether()
        }
        isOpen = false
        dbus_connection_remove_filter(raw, connectionFilter, Unmanaged.passUnretained(self).toOpaque())
        stopReading()
        bridge.uninstall()
        dbus_connection_close(raw)
    }

    static func error(from error: inout CDBus.DBusError, fallback: String) -> DBusError {
        guard dbus_error_is_set(&error) != 0 else { return .failed(fallback) }
        let name = error.name.map { String(cString: $0) } ?? DBusError.Name.failed
        let message = error.message.map { String(cString: $0) } ?? fallback
        return DBusError(name: name, message: message)
    }

    static let disconnected = DBusError(name: DBusError.Name.disconnected, message: "the connection is closed")

    // MARK: Sending

    /// Queues a message for sending and returns its serial; it goes out, in
    /// order, when the socket is writable.
    @discardableResult
    public func send(_ message: Message) throws -> UInt32 {
        guard isOpen, dbus_connection_get_is_connected(raw) != 0 else { throw Connection.disconnected }
        try checkSize(of: message)
        return try transmit(message)
    }

    /// Reads, writes and hands over what the socket has now, without waiting
    /// for the loop's next turn; for a server between long calls.
    public func pump() {
        guard isOpen else { return }
        bridge.pump()
    }

    /// `pump` for the middle of a long call (a `Breathing` breather):
    /// answers `Peer` calls and hands over the calls received, but keeps
    /// replies, signals and the bus leaving until the call has returned.
    public func breathe() {
        guard isOpen else { return }
        bridge.breathe()
    }

    /// Sets what may be received and not yet handed over before the
    /// connection stops reading the socket (by default 63 MiB and 4,096
    /// descriptors, as libdbus's).
    public func setReceivedAllowance(bytes: Int, descriptors: Int) {
        bridge.receivedAllowance = (bytes, descriptors)
    }

    /// Bytes queued for the bus and not yet written: they pile up when the
    /// bus stops reading this connection.
    public var outgoingBytes: Int {
        Int(dbus_connection_get_outgoing_size(raw))
    }

    /// Throws `MessageTooLarge` for a message `send` would refuse.
    public func checkSize(of message: Message) throws {
        try checkSize(message.extent)
    }

    /// Throws `MessageTooLarge` for a message of `extent` that `send` would refuse.
    func checkSize(_ extent: Message.Extent) throws {
        guard extent.bytes <= maximumMessageBytes, extent.largestArray <= Connection.protocolArrayLimit else {
            throw MessageTooLarge(extent: extent, limit: maximumMessageBytes)
        }
    }

    /// Sends a method call; `reply` receives the reply or the error (a
    /// `NoReply` error after `timeoutMilliseconds`), once, on a later turn —
    /// unless the returned disposable is disposed first, which cancels the
    /// pending call (a reply that still comes is dropped).
    @discardableResult
    public func call(_ message: Message, timeoutMilliseconds: Int32 = 25_000, reply: @escaping (Result<Message, DBusError>) -> Void) -> Disposable {
        let pendingReply = PendingReply(reply, deliver: bridge.deliver)
        guard isOpen else {
            MainLoop.shared.enqueue { pendingReply.complete(.failure(Connection.disconnected)) }
            return Disposables.create { pendingReply.cancel() }
        }
        // As `send`: a call the bus would cut the connection for is not sent.
        do {
            try checkSize(of: message)
        } catch {
            let refusal = DBusError(name: DBusError.Name.limitsExceeded, message: "\(error)")
            MainLoop.shared.enqueue { pendingReply.complete(.failure(refusal)) }
            return Disposables.create { pendingReply.cancel() }
        }
        let serial: UInt32
        do {
            serial = try transmit(message)
        } catch {
            let failure = DBusError.from(error)
            MainLoop.shared.enqueue { pendingReply.complete(.failure(failure)) }
            return Disposables.create { pendingReply.cancel() }
        }
        awaitReply(pendingReply, serial: serial, timeoutMilliseconds: timeoutMilliseconds)
        return Disposables.create { [weak self] in
            pendingReply.cancel()
            if self?.pendingReplies[serial] === pendingReply {
                self?.pendingReplies[serial] = nil
            }
        }
    }

    /// A method call as a `Single`: its reply, or its error; disposing
    /// before the reply cancels the pending call. Nothing is sent until
    /// subscription; each subscription sends the call once.
    public func request(_ message: @escaping () throws -> Message, timeoutMilliseconds: Int32 = 25_000) -> Single<Message> {
        Single.create { [weak self] observer in
            guard let self else {
                observer(.failure(Connection.disconnected))
                return Disposables.create()
            }
            do {
                if let questionGate {
                    return ask(try message(), through: questionGate, timeoutMilliseconds: timeoutMilliseconds, observer)
                }
                return call(try message(), timeoutMilliseconds: timeoutMilliseconds) { result in
                    switch result {
                    case .success(let reply): observer(.success(reply))
                    case .failure(let error): observer(.failure(error))
                    }
                }
            } catch {
                observer(.failure(error))
                return Disposables.create()
            }
        }
    }

    /// Sends a method call and runs the main loop until its reply arrives.
    /// For clients, tests and start-up only: a server must never block in a handler.
    public func callAndWait(_ message: Message, timeoutMilliseconds: Int32 = 25_000) throws -> Message {
        var result: Result<Message, DBusError>?
        call(message, timeoutMilliseconds: timeoutMilliseconds) { result = $0 }
        MainLoop.shared.run(while: { result == nil }, timeout: .milliseconds(Int(timeoutMilliseconds) + 1_000))
        if let refusal = refusedMatch {
            refusedMatch = nil
            throw refusal
        }
        guard let result else {
            throw DBusError(name: DBusError.Name.noReply, message: "no reply within \(timeoutMilliseconds) ms")
        }
        return try result.get()
    }

    /// Calls a method and waits for its reply's arguments (clients, tests, start-up).
    public func callAndWait(destination: String, path: String, interface: String?, member: String, _ arguments: [DBusValue] = [], timeoutMilliseconds: Int32 = 25_000) throws -> [DBusValue] {
        let message = try Message.methodCall(destination: destination, path: path, interface: interface, member: member)
        try message.append(arguments)
        return try callAndWait(message, timeoutMilliseconds: timeoutMilliseconds).arguments()
    }

    // MARK: Receiving

    /// Calls `handler` with every signal the connection receives, until the
    /// result is disposed. Add a match rule (`addMatch`) for signals not
    /// addressed to this connection.
    public func onSignal(_ handler: @escaping (Message) -> Void) -> Disposable {
        let id = nextHandlerID
        nextHandlerID += 1
        signalHandlers[id] = handler
        return Disposables.create { [weak self] in
            self?.signalHandlers[id] = nil
        }
    }

    /// Asks the bus to route signals matching `rule` here, without waiting:
    /// the bus handles a connection's messages in order, so the rule is in
    /// place before any call sent after it is delivered, and a refusal (too
    /// many rules) is thrown by the next call this connection waits for.
    /// Each round trip a client waits for costs its start a bus turn.
    public func addMatch(_ rule: String) throws {
        call(try busCall("AddMatch", [.string(rule)])) { [weak self] result in
            if case .failure(let refusal) = result, self?.refusedMatch == nil {
                self?.refusedMatch = refusal
            }
        }
    }

    /// Asks the bus to stop routing signals matching `rule` here, without waiting.
    public func removeMatch(_ rule: String) {
        guard isOpen, let message = try? busCall("RemoveMatch", [.string(rule)]) else { return }
        call(message) { _ in }
    }

    /// Hands over one message received: a reply to its call, a call to
    /// `methodCallHandler` (or answered as libdbus would: `Peer`, else
    /// `UnknownMethod`), a signal to the signal handlers.
    func route(_ message: Message) {
        switch message.kind {
        case .methodCall?:
            if methodCallHandler?(message) != true {
                answerUnhandled(message)
            }
        case .methodReturn?, .error?:
            questionGate?.answered(message.replySerial)
            guard let pending = pendingReplies.removeValue(forKey: message.replySerial) else { return }
            if message.extent.bytes > Message.wireReadBytes, message.wire != nil {
                readOffTheLoop(message, for: pending)
                return
            }
            let result: Result<Message, DBusError> = message.error.map { .failure($0) } ?? .success(message)
            pending.settle(result)
        case .signal?:
            if message.isSignal(interface: "org.freedesktop.DBus.Local", member: "Disconnected") {
                reportDisconnect()
                return
            }
            // The bus's welcome, NameAcquired of this connection's own unique
            // name, says what Hello said: it reached no handler while start-up
            // waited for the bus, and with nothing waited for, it still does not.
            if message.sender == "org.freedesktop.DBus", message.isSignal(interface: "org.freedesktop.DBus", member: "NameAcquired"),
               (try? message.arguments())?.first?.stringValue == uniqueName {
                return
            }
            bridge.deliver { [weak self] in
                guard let self else { return }
                for handler in signalHandlers.sorted(by: { $0.key < $1.key }).map(\.value) {
                    handler(message)
                }
            }
        default:
            return
        }
    }

    /// Marks the connection closed by the bus and, after the messages
    /// received before (a breath may hold some), tells `onDisconnected`;
    /// calls still waiting for replies get `Disconnected`.
    func reportDisconnect() {
        isOpen = false
        // A socket at its end stays readable: left watched, it would wake the loop for ever.
        readSource?.dispose()
        readSource = nil
        guard !hasReportedDisconnect else { return }
        hasReportedDisconnect = true
        let waiting = pendingReplies.sorted { $0.key < $1.key }.map(\.value)
        pendingReplies = [:]
        waiting.forEach { $0.settle(.failure(Connection.disconnected)) }
        bridge.deliver { [weak self] in self?.onDisconnected?() }
    }
}

/// The completion of one call, run once.
final class PendingReply {
    private var completion: ((Result<Message, DBusError>) -> Void)?
    private let deliver: (@escaping () -> Void) -> Void
    /// The call's timeout while it waits.
    var timer: LoopTimer?

    /// A completion delivered in order with the connection's signals.
    init(_ completion: @escaping (Result<Message, DBusError>) -> Void, deliver: @escaping (@escaping () -> Void) -> Void) {
        self.completion = completion
        self.deliver = deliver
    }

    func complete(_ result: Result<Message, DBusError>) {
        let run = completion
        completion = nil
        timer?.dispose()
        timer = nil
        run?(result)
    }

    /// Completes the call in order with what was received before its reply.
    func settle(_ result: Result<Message, DBusError>) {
        timer?.dispose()
        timer = nil
        deliver { self.complete(result) }
    }

    /// The completion never runs.
    func cancel() {
        completion = nil
        timer?.dispose()
        timer = nil
    }
}

/// libdbus dispatches only what it makes itself (it reads nothing): a
/// `Disconnected` after a write failed.
private let connectionFilter: DBusHandleMessageFunction = { _, message, data in
    guard let message, let data else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
    let connection = Unmanaged<Connection>.fromOpaque(data).takeUnretainedValue()
    connection.route(Message(retaining: message))
    return DBUS_HANDLER_RESULT_HANDLED
}
