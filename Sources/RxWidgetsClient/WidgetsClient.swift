import DBus
import Glibc
import RxCoreEssentials
import WidgetsAPI

/// A connection to rxwidgetsd (`org.rxwidgets.Widgets1`) that makes and
/// finds remote widgets. Everything runs on the main loop, as the rest of
/// the library does; a blocking call runs the loop until its reply, so the
/// signals that arrive before it are delivered first.
public final class WidgetsClient {

    /// The connection every remote widget of this client uses.
    public let connection: Connection
    /// The daemon's unique name while it is on the bus, as far as this client has seen.
    public private(set) var daemon: String?
    /// Whether a NameOwnerChanged came, which is newer than the answer to GetNameOwner.
    private var ownerHeard = false
    private var remoteWidgets: [ObjectIdentifier: WeakWidget] = [:]
    private var ownerWatch: Disposable?
    /// Serves this client's validators and options providers, once it has any.
    lazy var objectServer = ObjectServer(connection: connection)
    /// How many objects this client has served, for unique paths.
    var servedObjects = 0
    private let daemonChanges = PublishRelay<String?>()
    /// How long (nanoseconds) this client's widgets wait for a daemon to
    /// come back to the bus after one left it — a restart, an upgrade, a
    /// crash — before every observable of them fails with
    /// `WidgetsClientError.daemonGoneName`. 0 (the default): they fail at
    /// once. While they wait, the bus is asked to start the daemon where it
    /// can be activated, and each widget says it is not served (`rx.served`).
    public var daemonReturnWait: Int64 = 0
    /// Ends the wait for a daemon to come back.
    private var returnDeadline: LoopTimer?

    /// A client of the bus that started this program (`DBUS_STARTER_ADDRESS`),
    /// else of the session bus (`DBUS_SESSION_BUS_ADDRESS`, else the socket
    /// at `$XDG_RUNTIME_DIR/bus`).
    public convenience init() throws {
        let starter = getenv("DBUS_STARTER_ADDRESS").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        guard let address = starter ?? Connection.sessionBusAddress else {
            throw WidgetsClientError(name: WidgetsClientError.noBusName, message: "neither DBUS_STARTER_ADDRESS nor DBUS_SESSION_BUS_ADDRESS is set, and there is no $XDG_RUNTIME_DIR/bus: no bus to find rxwidgetsd on")
        }
        try self.init(address: address)
    }

    /// A client of the bus at `address`.
    public init(address: String) throws {
        do {
            connection = try Connection(bus: .address(address))
            try connection.addMatch("type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(WidgetsAPI.busName)'")
            try connection.addMatch("type='signal',sender='\(WidgetsAPI.busName)',path='\(WidgetsAPI.rootPath.rawValue)',interface='\(StandardInterface.objectManager)',member='InterfacesRemoved'")
        } catch {
            throw WidgetsClientError(error)
        }
        ownerWatch = connection.onSignal { [weak self] message in
            guard let self else { return }
            if message.sender == "org.freedesktop.DBus", message.isSignal(interface: "org.freedesktop.DBus", member: "NameOwnerChanged"),
               let values = try? message.arguments(), values.count == 3, values[0].stringValue == WidgetsAPI.busName {
                ownerHeard = true
                daemonChanged(to: values[2].stringValue ?? "")
            } else if message.path == WidgetsAPI.rootPath.rawValue, message.isSignal(interface: StandardInterface.objectManager, member: "InterfacesRemoved"),
                      daemon == nil || message.sender == daemon, case .objectPath(let path)? = (try? message.arguments())?.first {
                for widget in remoteWidgets.values.compactMap(\.widget) where widget.path == path {
                    widget.wasDestroyed()
                }
            }
        }
        // Asked without waiting: the answer comes before the reply to any
        // call to the daemon. A NameOwnerChanged heard first is newer.
        connection.nameOwner(of: WidgetsAPI.busName) { [weak self] owner in
            guard let self, !ownerHeard, let owner else { return }
            daemon = owner
        }
    }

    deinit {
        returnDeadline?.dispose()
        ownerWatch?.dispose()
        connection.close()
    }

    // MARK: Widgets

    /// Creates a picker with `items` (titles, one array per component). With
    /// `replace`, a picker of that name the caller's uid owns is destroyed first.
    /// `dependent` makes the components after the first follow the one
    /// before (see `RemotePicker.setDependentItems`); `items` then gives component 0.
    /// `isPrivate` (with `transient`): read by this uid and 0 alone.
    public func createPicker(_ name: String, items: [[String]] = [], dependent: [[String: [String]]] = [], popup: Bool = false, transient: Bool = false, replace: Bool = false,
                             prompt: PromptRequest? = nil, isPrivate: Bool = false) throws -> RemotePicker {
        var options: [(key: String, value: DBusValue)] = [PickerOption.popup.with(.boolean(popup)), PickerOption.transient.with(.boolean(transient)), PickerOption.replace.with(.boolean(replace))]
            + (prompt.map { [PickerOption.prompt.with($0.option)] } ?? []) + (isPrivate ? [PickerOption.private.with(.boolean(true))] : [])
        let throughFiles = dependent.isEmpty && TitleFile.isLarge(items.flatMap { $0 })
        if !items.isEmpty && !throughFiles {
            options.append(PickerOption.items.with(items.dbusValue))
        }
        if !dependent.isEmpty {
            options.append(PickerOption.dependent.with(dependent.dbusValue))
        }
        let picker = try RemotePicker(client: self, path: try callManager(ManagerContract.createPicker, (name, Options(options))))
        guard throughFiles else { return picker }
        try bindingThroughFiles(picker) {
            for (component, titles) in items.enumerated() {
                try picker.loadItems(titles, inComponent: component)
            }
        }
        return picker
    }

    /// Binds a widget just made through files (`LoadItems`: items past what
    /// one call may carry); one that cannot be bound is destroyed, so the
    /// widget is made with its items or not at all, as in one call.
    private func bindingThroughFiles(_ widget: RemoteWidget, _ bind: () throws -> Void) throws {
        do {
            try bind()
        } catch {
            _ = try? callManager(ManagerContract.destroy, widget.path)
            throw error
        }
    }

    /// The existing picker `name`: `InvalidName` for a bad name, `UnknownObject` for none.
    public func picker(_ name: String) throws -> RemotePicker {
        try RemotePicker(client: self, path: try existing(.picker, name))
    }

    /// Creates a table with one section of string rows.
    public func createTable(_ name: String, items: [String] = [], transient: Bool = false, replace: Bool = false, prompt: PromptRequest? = nil) throws -> RemoteTable {
        var options: [(key: String, value: DBusValue)] = [TableOption.transient.with(.boolean(transient)), TableOption.replace.with(.boolean(replace))]
            + (prompt.map { [TableOption.prompt.with($0.option)] } ?? [])
        let throughFile = TitleFile.isLarge(items)
        if !items.isEmpty && !throughFile {
            options.append(TableOption.items.with(items.dbusValue))
        }
        let table = try RemoteTable(client: self, path: try callManager(ManagerContract.createTable, (name, Options(options))))
        guard throughFile else { return table }
        try bindingThroughFiles(table) {
            try table.loadItems(items)
        }
        return table
    }

    /// Creates a table with one section of `models` (strings, lists of
    /// column values, dictionaries) under column `headers` (none: []):
    /// bound in chunks after its creation (`SetItems`, then `AppendItems`,
    /// so no call carries more than a bus message may), or not made at all.
    public func createTable(_ name: String, models: [DBusValue], columns: [String], transient: Bool = false, prompt: PromptRequest? = nil) throws -> RemoteTable {
        var options: [(key: String, value: DBusValue)] = [TableOption.transient.with(.boolean(transient))] + (prompt.map { [TableOption.prompt.with($0.option)] } ?? [])
        if !columns.isEmpty {
            options.append(TableOption.columns.with(columns.dbusValue))
        }
        let table = try RemoteTable(client: self, path: try callManager(ManagerContract.createTable, (name, Options(options))))
        try bindingThroughFiles(table) {
            let chunk = 10_000
            try table.setItems(Array(models.prefix(chunk)))
            for start in stride(from: chunk, to: models.count, by: chunk) {
                try table.call(TableContract.appendItems, (0, Raw(models[start..<min(start + chunk, models.count)].map { Variant($0) })))
            }
        }
        return table
    }

    /// The existing table `name`.
    public func table(_ name: String) throws -> RemoteTable {
        try RemoteTable(client: self, path: try existing(.table, name))
    }

    /// Creates a form from a template name (`about-you`, `sign-up`) or a JSON
    /// spec; `locale` (an installed locale's name) words its messages, else
    /// the spec's or the daemon's own.
    public func createForm(_ name: String, spec: String, transient: Bool = false, replace: Bool = false, prompt: PromptRequest? = nil, locale: String? = nil) throws -> RemoteForm {
        let options = [FormOption.transient.with(.boolean(transient)), FormOption.replace.with(.boolean(replace))] + (prompt.map { [FormOption.prompt.with($0.option)] } ?? [])
            + (locale.map { [FormOption.locale.with(.string($0))] } ?? [])
        return try RemoteForm(client: self, path: try callManager(ManagerContract.createForm, (name, spec, Options(options))))
    }

    /// The existing form `name`.
    public func form(_ name: String) throws -> RemoteForm {
        try RemoteForm(client: self, path: try existing(.form, name))
    }

    /// The paths of every widget the daemon serves.
    public func widgetPaths() throws -> [ObjectPath] {
        let reply = try call(WidgetsAPI.rootPath.rawValue, "org.freedesktop.DBus.Properties", "Get", [.string(ManagerContract.name), .string(ManagerContract.widgets.name)])
        guard let paths = ManagerContract.widgets.decode(reply.first?.variantValue) else {
            throw WidgetsClientError.unexpectedReply("Get \(ManagerContract.widgets.name)", reply)
        }
        return paths
    }

    func existing(_ kind: WidgetKind, _ name: String) throws -> ObjectPath {
        guard NameRules.isWidgetName(name), let path = kind.path(name: name) else {
            throw WidgetsClientError(name: WidgetsErrorName.invalidName, message: "name \(quoted(name)) is not \(NameRules.widgetNameRule)")
        }
        return path
    }

    /// Calls a method of `ManagerContract` (the root object's) and waits.
    @discardableResult
    public func callManager<Inputs, Outputs>(_ method: MethodContract<Inputs, Outputs>, _ arguments: Inputs.Values) throws -> Outputs.Values {
        let reply = try call(WidgetsAPI.rootPath.rawValue, ManagerContract.name, method.name, Inputs.encode(arguments))
        do {
            return try Outputs.decode(reply)
        } catch {
            throw WidgetsClientError.unexpectedReply(method.name, reply)
        }
    }

    // MARK: Calls

    /// Calls the daemon and waits for the reply, delivering every signal
    /// that arrives before it first.
    func call(_ path: String, _ interface: String, _ member: String, _ arguments: [DBusValue] = []) throws -> [DBusValue] {
        do {
            let message = try Message.methodCall(destination: WidgetsAPI.busName, path: path, interface: interface, member: member)
            try message.append(arguments)
            let reply = try connection.callAndWait(message)
            noteDaemon(reply.sender)
            return try reply.arguments()
        } catch {
            throw WidgetsClientError(error)
        }
    }

    /// Calls the daemon without waiting: the observable emits the reply's
    /// arguments once (after the signals that came before it) and completes,
    /// or fails with a `WidgetsClientError`. Disposing it ignores the reply.
    func request(_ path: String, _ interface: String, _ member: String, _ arguments: [DBusValue] = []) -> Observable<[DBusValue]> {
        Observable.create { [weak self] observer in
            guard let self else {
                observer.on(.error(WidgetsClientError(name: WidgetsClientError.daemonGoneName, message: "the client is gone")))
                return Disposables.create()
            }
            var active = true
            do {
                let message = try Message.methodCall(destination: WidgetsAPI.busName, path: path, interface: interface, member: member)
                try message.append(arguments)
                connection.call(message) { [weak self] result in
                    guard active else { return }
                    switch result {
                    case .success(let reply):
                        self?.noteDaemon(reply.sender)
                        do {
                            observer.on(.next(try reply.arguments()))
                            observer.on(.completed)
                        } catch {
                            observer.on(.error(WidgetsClientError(error)))
                        }
                    case .failure(let error):
                        observer.on(.error(WidgetsClientError(error)))
                    }
                }
            } catch {
                observer.on(.error(WidgetsClientError(error)))
            }
            return Disposables.create { active = false }
        }
    }

    /// A reply's sender is the daemon until the bus says who owns the name:
    /// after that, a late reply of a replaced daemon does not take it back.
    private func noteDaemon(_ sender: String?) {
        if let sender, daemon == nil, !ownerHeard {
            daemon = sender
        }
    }

    // MARK: The daemon coming and going

    func register(_ widget: RemoteWidget) {
        remoteWidgets = remoteWidgets.filter { $0.value.widget != nil }
        remoteWidgets[ObjectIdentifier(widget)] = WeakWidget(widget: widget)
    }

    /// The daemon's unique name: the current one on subscription, then each
    /// change — nil when it left the bus.
    public var daemonOwner: Observable<String?> {
        daemonChanges.asObservable().startWith(daemon)
    }

    private func daemonChanged(to owner: String) {
        daemon = owner.isEmpty ? nil : owner
        daemonChanges.accept(daemon)
        let live = remoteWidgets.values.compactMap(\.widget)
        guard owner.isEmpty else {
            returnDeadline?.dispose()
            returnDeadline = nil
            for widget in live where daemon == owner {
                widget.daemonReturned(within: max(daemonReturnWait, WidgetsClient.restoreWait))
            }
            return
        }
        guard daemonReturnWait > 0 else {
            live.forEach { $0.daemonLeft() }
            return
        }
        live.forEach { $0.daemonAway() }
        connection.startService(WidgetsAPI.busName)
        returnDeadline?.dispose()
        returnDeadline = MainLoop.shared.addTimer(after: daemonReturnWait) { [weak self] in
            guard let self else { return }
            returnDeadline = nil
            if daemon == nil {
                remoteWidgets.values.compactMap(\.widget).forEach { $0.daemonLeft() }
            }
        }
    }

    /// How long (nanoseconds) a daemon that took the name has at least to
    /// serve a widget again (it puts its widgets back from its state
    /// directory as it starts) before the widget's observables fail.
    static let restoreWait: Int64 = 10_000_000_000
}

private struct WeakWidget {
    weak var widget: RemoteWidget?
}
