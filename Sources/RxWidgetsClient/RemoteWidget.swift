import DBus
import RxCoreEssentials
import WidgetsAPI

/// A widget served by rxwidgetsd, seen from a client: its properties, seeded
/// by one `GetAll` and kept current by `PropertiesChanged`, and its signals
/// as observables. It holds its client (and so the connection and any
/// transient widget it made) alive; subscriptions to its observables do not
/// hold it. One match rule routes its signals here, removed when it is released.
///
/// When the widget is destroyed (`InterfacesRemoved`: by its owner, or with
/// its transient creator) every observable of it fails, once, with
/// `WidgetsClientError.widgetDestroyedName`. When the daemon leaves the bus
/// every observable of the widget fails with `WidgetsClientError.daemonGoneName`
/// — at once, or when none came back within the client's `daemonReturnWait`.
/// When a daemon takes the name (after a gap, or from another with
/// `--replace`), the widget is not `served` until its properties were read
/// from that daemon (it may still be putting its widgets back); then every
/// property is announced as changed, and subscriptions that did not fail go
/// on. A daemon that does not serve the widget in time fails its observables.
public class RemoteWidget {
    /// The client it belongs to.
    public let client: WidgetsClient
    /// Its object path.
    public let path: ObjectPath
    let interface: String
    /// The current values of its properties, by name, unwrapped from their variants.
    public private(set) var properties: [String: DBusValue] = [:]
    private var signals: [String: PublishSubject<[DBusValue]>] = [:]
    private var propertyChanges = PublishSubject<[String]>()
    private var signalWatch: Disposable?
    /// `Get`s of invalidated properties still waiting for their answer.
    private var pendingReads: [String: Disposable] = [:]
    private let matchRule: String
    /// Whether the daemon serves the widget now (see the type's comment).
    private let served = BehaviorRelay(value: true)
    /// The ask (or the wait before the next) of a daemon that took the name,
    /// until it serves the widget.
    private var servedPoll: Disposable?
    /// Counts the daemons that took the name: an answer to an ask made for
    /// an earlier one is not taken.
    private var servedGeneration = 0

    init(client: WidgetsClient, path: ObjectPath, interface: String) throws {
        self.client = client
        self.path = path
        self.interface = interface
        matchRule = "type='signal',sender='\(WidgetsAPI.busName)',path='\(path.rawValue)'"
        do {
            try client.connection.addMatch(matchRule)
        } catch {
            throw WidgetsClientError(error)
        }
        signalWatch = client.connection.onSignal { [weak self] in self?.receive($0) }
        do {
            try readProperties()
        } catch {
            release()
            throw error
        }
        client.register(self)
    }

    deinit {
        servedPoll?.dispose()
        pendingReads.values.forEach { $0.dispose() }
        release()
        propertyChanges.dispose()
        for subject in signals.values {
            subject.dispose()
        }
    }

    private func release() {
        signalWatch?.dispose()
        signalWatch = nil
        client.connection.removeMatch(matchRule)
    }

    private func readProperties() throws {
        try take(client.call(path.rawValue, "org.freedesktop.DBus.Properties", "GetAll", [.string(interface)]))
    }

    /// Keeps the properties of a `GetAll` reply.
    private func take(_ reply: [DBusValue]) throws {
        guard let entries = reply.first?.dictionaryEntries else {
            throw WidgetsClientError.unexpectedReply("GetAll", reply)
        }
        for entry in entries {
            properties[entry.key.stringValue ?? ""] = entry.value.variantValue ?? entry.value
        }
    }

    // MARK: Receiving

    private func receive(_ message: Message) {
        guard message.path == path.rawValue, let sender = message.sender, sender == client.daemon || client.daemon == nil else { return }
        guard let arguments = try? message.arguments() else { return }
        if message.isSignal(interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged") {
            guard arguments.count == 3, arguments[0].stringValue == interface else { return }
            var names: [String] = []
            for entry in arguments[1].dictionaryEntries ?? [] {
                guard let name = entry.key.stringValue else { continue }
                properties[name] = entry.value.variantValue ?? entry.value
                names.append(name)
            }
            propertyChanges.on(.next(names))
            for name in (arguments[2].arrayElements ?? []).compactMap(\.stringValue) {
                reread(name)
            }
        } else if message.interface == interface, let member = message.member {
            signals[member]?.on(.next(arguments))
        }
    }

    /// Reads a property the daemon announced as invalidated (one whose new
    /// value was too large to send with the change); until the answer, and
    /// for good when it cannot be read, the cached value is dropped.
    private func reread(_ name: String) {
        properties[name] = nil
        pendingReads[name]?.dispose()
        pendingReads[name] = client.request(path.rawValue, "org.freedesktop.DBus.Properties", "Get", [.string(interface), .string(name)])
            .subscribe(onNext: { [weak self] reply in
                guard let self, let value = reply.first?.variantValue else { return }
                properties[name] = value
                propertyChanges.on(.next([name]))
            }, onDisposed: { [weak self] in
                self?.pendingReads[name] = nil
            })
    }

    /// Every emission of the signal `member`, its arguments as they came.
    func signal(_ member: String) -> Observable<[DBusValue]> {
        if let subject = signals[member] {
            return subject.asObservable()
        }
        let subject = PublishSubject<[DBusValue]>()
        signals[member] = subject
        return subject.asObservable()
    }

    /// Every emission of a signal of the contract, its arguments decoded as
    /// the contract types them (an emission of another shape is skipped).
    public func signal<each Value>(_ signal: TypedSignal<repeat each Value>) -> Observable<(repeat each Value)> {
        self.signal(signal.name).compactMap { try? signal.decode($0) }
    }

    /// A property of the contract as the cache holds it now; nil before it
    /// was read or when its value is not of the contract's type.
    public func value<Value>(_ property: PropertyContract<Value>) -> Value? {
        property.decode(properties[property.name])
    }

    /// A property of the contract read from the daemon now (`Get`), for one
    /// whose changes are not announced; nil when it cannot be read.
    public func read<Value>(_ property: PropertyContract<Value>) -> Value? {
        let reply = try? client.call(path.rawValue, "org.freedesktop.DBus.Properties", "Get", [.string(interface), .string(property.name)])
        return property.decode(reply?.first?.variantValue)
    }

    /// A property of the contract: its current value at once, then every
    /// new value `PropertiesChanged` announces.
    public func property<Value>(_ property: PropertyContract<Value>) -> Observable<Value> {
        self.property(property.name).compactMap { property.decode($0) }
    }

    /// The property `name`: its current value at once, then every new value
    /// `PropertiesChanged` announces.
    func property(_ name: String) -> Observable<DBusValue> {
        Observable.deferred { [weak self] in
            guard let self, let current = properties[name] else { return Observable.empty() }
            return propertyChanges.asObservable()
                .filter { $0.contains(name) }
                .compactMap { [weak self] _ in self?.properties[name] }
                .startWith(current)
        }
    }

    /// An `ai` property (`RowCounts`, `SelectedRows`) as integers; empty before it was read.
    func integers(_ property: PropertyContract<[Int32]>) -> [Int] {
        (value(property) ?? []).map(Int.init)
    }

    // MARK: Calls

    /// Calls a method of the contract on this widget and waits for the
    /// reply, decoded as the contract types it; signals that came before the
    /// reply are delivered first.
    @discardableResult
    public func call<Inputs, Outputs>(_ method: MethodContract<Inputs, Outputs>, _ arguments: Inputs.Values) throws -> Outputs.Values {
        let reply = try call(method.name, Inputs.encode(arguments))
        do {
            return try Outputs.decode(reply)
        } catch {
            throw WidgetsClientError.unexpectedReply(method.name, reply)
        }
    }

    /// Calls a method of the contract without waiting; see `Reactive.request`.
    func request<Inputs, Outputs>(_ method: MethodContract<Inputs, Outputs>, _ arguments: Inputs.Values) -> Observable<Outputs.Values> {
        request(method.name, Inputs.encode(arguments)).map { reply in
            do {
                return try Outputs.decode(reply)
            } catch {
                throw WidgetsClientError.unexpectedReply(method.name, reply)
            }
        }
    }

    /// Calls a method of the widget's interface and waits for the reply.
    @discardableResult
    func call(_ member: String, _ arguments: [DBusValue] = []) throws -> [DBusValue] {
        let reply = try client.call(path.rawValue, interface, member, arguments)
        // A call answered: the daemon serves the widget, whether or not the last ask found it.
        if servedPoll != nil, (try? readProperties()) != nil {
            servedAgain()
        }
        return reply
    }

    /// Calls a method without waiting; see `Reactive.request`.
    func request(_ member: String, _ arguments: [DBusValue] = []) -> Observable<[DBusValue]> {
        client.request(path.rawValue, interface, member, arguments)
    }

    /// Reads every property again and waits: the daemon answers calls in
    /// the order they were sent, so the state read is the one after every
    /// call this client sent before — what to act on when a person's keys
    /// ran ahead of the replies.
    public func refresh() throws {
        try readProperties()
    }

    /// Sets a read-write property of the contract and waits.
    public func set<Value>(_ property: PropertyContract<Value>, to value: Value) throws {
        _ = try client.call(path.rawValue, "org.freedesktop.DBus.Properties", "Set", [.string(interface), .string(property.name), .variant(value.dbusValue)])
    }

    /// The widget's `Revision`, kept current (0 before it was read).
    public var revision: UInt64 {
        // Every widget interface has the same Revision: the picker's contract names it.
        value(PickerContract.widget.revision) ?? 0
    }

    /// Destroys the widget on the daemon.
    public func destroy() throws {
        try client.callManager(ManagerContract.destroy, path)
    }

    // MARK: The daemon coming and going

    /// Whether the daemon serves the widget now: false from the moment the
    /// daemon left the bus or another took its name until the widget's
    /// properties were read from the one that has it.
    public var isServed: Bool { served.value }

    var servedValues: Observable<Bool> {
        served.asObservable().distinctUntilChanged()
    }

    /// The daemon left; the client waits for one to come back.
    func daemonAway() {
        stopAsking()
        served.accept(false)
    }

    /// Whether `error`, a call's failure, says only that no daemon served the
    /// widget at that moment — it left the bus, or the one that took the
    /// name was still putting its widgets back — while the client waits for
    /// one to come back (`WidgetsClient.daemonReturnWait`): the call was
    /// lost, not refused, and the state the returned daemon announces is
    /// what to go on from.
    public func failedInAbsence(_ error: Error) -> Bool {
        guard client.daemonReturnWait > 0, let error = error as? WidgetsClientError else { return false }
        switch error.name {
        case "org.freedesktop.DBus.Error.NoReply", "org.freedesktop.DBus.Error.ServiceUnknown",
             "org.freedesktop.DBus.Error.NameHasNoOwner", "org.freedesktop.DBus.Error.Disconnected":
            return true
        case "org.freedesktop.DBus.Error.UnknownObject":
            return !isServed
        default:
            return false
        }
    }

    /// Stops asking whether the widget is served; answers on the way are not taken.
    private func stopAsking() {
        servedGeneration += 1
        servedPoll?.dispose()
        servedPoll = nil
    }

    func daemonLeft() {
        daemonAway()
        failObservables(WidgetsClientError(name: WidgetsClientError.daemonGoneName, message: "rxwidgetsd left the bus; \(path) is not served"))
    }

    /// The daemon destroyed the widget: every observable of it fails with
    /// `WidgetsClientError.widgetDestroyedName`, once.
    func wasDestroyed() {
        stopAsking()
        failObservables(WidgetsClientError(name: WidgetsClientError.widgetDestroyedName, message: "\(path) was destroyed"))
    }

    /// Ends every observable of the widget with `error`; later subscribers start anew.
    private func failObservables(_ error: WidgetsClientError) {
        for (member, subject) in signals {
            subject.on(.error(error))
            signals[member] = nil
        }
        propertyChanges.on(.error(error))
        propertyChanges = PublishSubject()
    }

    /// A daemon took the name: the widget is served again once its
    /// properties are read from it, asked at once and then 50 ms after each
    /// refusal (one ask at a time, without waiting, so nothing runs inside
    /// another) for up to `wait` nanoseconds; else its observables fail.
    func daemonReturned(within wait: Int64) {
        daemonAway()
        ask(generation: servedGeneration, until: MonotonicClock.now().adding(max(wait, 0)))
    }

    private func ask(generation: Int, until deadline: MonotonicClock.Instant) {
        servedPoll = client.request(path.rawValue, "org.freedesktop.DBus.Properties", "GetAll", [.string(interface)])
            .subscribe(onNext: { [weak self] reply in
                guard let self, generation == servedGeneration, (try? take(reply)) != nil else { return }
                servedAgain()
            }, onError: { [weak self] _ in
                guard let self, generation == servedGeneration else { return }
                guard MonotonicClock.now() < deadline else {
                    stopAsking()
                    failObservables(WidgetsClientError(name: WidgetsClientError.daemonGoneName, message: "rxwidgetsd came back without \(path)"))
                    return
                }
                let wait = MainLoop.shared.addTimer(after: 50_000_000) { [weak self] in
                    guard let self, generation == servedGeneration else { return }
                    ask(generation: generation, until: deadline)
                }
                servedPoll = Disposables.create { wait.dispose() }
            })
    }

    /// The properties were read from the daemon that has the name: every
    /// one is announced as changed, then the widget is served — so what
    /// waited for it sees the state it came back with.
    private func servedAgain() {
        stopAsking()
        propertyChanges.on(.next(properties.keys.sorted()))
        served.accept(true)
    }
}

extension RemoteWidget: ReactiveCompatible {}

extension Reactive where Base: RemoteWidget {
    /// Whether the daemon serves the widget (`RemoteWidget.isServed`): the
    /// current value on subscription, then each change.
    public var served: Observable<Bool> {
        base.servedValues
    }

    /// `served` from the first time the daemon does not serve the widget:
    /// false when it goes away, true when one serves it again. A widget
    /// served from the start sees nothing until then.
    public var servedChanges: Observable<Bool> {
        served.skip(while: { $0 })
    }

    /// The widget's `Revision`: the current value on subscription, then every change.
    public var revision: Observable<UInt64> {
        // Every widget interface has the same Revision: the picker's contract names it.
        base.property(PickerContract.widget.revision)
    }

    /// Calls a method of the contract without blocking: emits the reply,
    /// decoded, once and completes (after the signals the call caused), or
    /// fails with a `WidgetsClientError`. Nothing is sent until it is subscribed.
    public func request<Inputs, Outputs>(_ method: MethodContract<Inputs, Outputs>, _ arguments: Inputs.Values) -> Observable<Outputs.Values> {
        base.request(method, arguments)
    }
}
