import DBus
import WidgetsAPI
import RxWidgetsEssentials

/// The `org.rxwidgets.Widgets1` service: the manager at the root object and
/// the widgets below it, on one connection.
public final class WidgetService {
    let server: ObjectServer
    let context: WidgetContext
    /// The widgets by path: the one registry of them (the object server
    /// holds the interfaces bound to them, not the widgets).
    private(set) var widgets: [ObjectPath: any ServedWidget] = [:]
    /// Prompts made so far: orders the waiting ones (`Manager.Prompts`).
    var promptsCreated: UInt64 = 0

    var limits: Limits { context.limits }

    /// Serves the API on `connection`.
    public init(connection: Connection, limits: Limits = Limits(), today: @escaping () -> CalendarDay = CalendarDay.today) throws {
        // Each interface's handlers are checked against its contract where
        // they are declared: here, before anything is served, not at the
        // first widget of a kind.
        _ = WidgetService.declaredInterfaces
        server = ObjectServer(connection: connection, resolvesCredentials: true)
        connection.maximumMessageBytes = limits.messageBytes
        server.maximumSignalBytes = limits.signalBytes
        server.maximumQueuedBytes = limits.queuedBytes
        server.limitExceededErrorName = WidgetsErrorName.limitExceeded
        server.maximumInputStringBytes = limits.inputStringBytes
        server.boundQuestions(limits.questions)
        // A client's answer is input too: no string past the longest taken,
        // no more memory than a call may take.
        connection.replyLimits = (limits.inputStringBytes, limits.readingBytes)
        context = WidgetContext(limits: limits, today: today, server: server)
        server.maximumDecodedBytes = { [weak self] path, uid in
            self?.decodingBudget(at: path, caller: uid) ?? .max
        }
        try server.export(WidgetsAPI.rootPath, interfaces: [WidgetService.managerDeclaration.bind(to: self)])
        server.addObjectManager(at: WidgetsAPI.rootPath)
        try server.watchPeers()
        server.onPeerGone = { [weak self] name in
            self?.destroyWidgets(ownedBy: name)
            for widget in self?.widgets.values.map({ $0 }) ?? [] {
                widget.peerLeft(name)
            }
        }
    }

    /// What reading a call's arguments may take of memory: what the called
    /// widget holds and may still grow by, and API rule 8's 64 MiB beyond.
    /// A call past it could only be refused for the memory its data would
    /// take, so it stops being read there: a 64 MiB byte array (a value a
    /// byte, 2 GiB read) took 1.6 GiB before it was refused.
    func decodingBudget(at path: ObjectPath, caller uid: UInt32?) -> Int {
        let widget = widgets[path]
        let owner = widget?.ownerUID ?? uid ?? 0
        return context.memory.room(forOwner: owner) + (widget?.host.accountedBytes ?? 0) + Limits.callSlackBytes
    }

    static func path(of kind: WidgetKind, name: String) -> ObjectPath {
        kind.path(name: name) ?? WidgetsAPI.rootPath
    }

    /// The interface of each kind, the manager's first, for introspection files.
    public static var declaredInterfaces: [InterfaceShape] {
        [managerDeclaration.shape, PickerWidget.declaration.shape, TableWidget.declaration.shape, FormWidget.declaration.shape, ProgressWidget.declaration.shape, FileChooserWidget.declaration.shape, Prompt.declaration.shape]
    }

    /// The interfaces clients serve and the daemon calls (remote checks,
    /// options, data sources), for introspection files and the reference.
    public static var clientInterfaces: [InterfaceShape] {
        WidgetsAPI.clientInterfaces.map(\.shape)
    }

    // MARK: Registry

    /// Refuses a name that breaks the grammar or is taken, and a creator
    /// over the widget limit or its uid's quota; a widget about to be
    /// replaced neither takes the name nor counts.
    func checkNew(_ name: String, kind: WidgetKind, creator: Creator, replacing replaced: (any ServedWidget)? = nil) throws {
        guard NameRules.isWidgetName(name) else {
            throw WidgetsError.invalidName("name \(quoted(name)) is not \(NameRules.widgetNameRule)")
        }
        guard replaced != nil || widgets[WidgetService.path(of: kind, name: name)] == nil else {
            throw WidgetsError.exists("a \(kind.rawValue) named '\(name)' exists (the option 'replace' destroys it first)")
        }
        let freed = replaced == nil ? 0 : 1
        guard widgets.count - freed < limits.widgets else {
            throw WidgetsError.limitExceeded("\(widgets.count) widgets exist; the limit is \(limits.widgets)")
        }
        // Counted from the registry: at most the widget limit, once per creation.
        let held = widgets.values.reduce(0) { $0 + ($1.ownerUID == creator.uid ? 1 : 0) } - (replaced?.ownerUID == creator.uid ? freed : 0)
        guard creator.uid == 0 || held < limits.widgetQuota else {
            throw WidgetsError.limitExceeded("uid \(creator.uid) holds \(held) widgets; the limit per uid is \(limits.widgetQuota)")
        }
    }

    /// Puts a new widget on the bus, or leaves no trace of it; it is kept
    /// in the state directory from then on (unless `persist` is false: a
    /// widget just read from there).
    func add(_ widget: any ServedWidget, persist: Bool = true) throws {
        try widget.admitWhole()
        // A prompt for another uid (`for_uid`) is read by that uid, its asker's and 0 alone, a private widget by its owner's: values, signals and all.
        let readers = widget.host.prompt?.forUID.map { Set([$0, widget.ownerUID, 0]) } ?? (widget.host.isPrivate ? [widget.ownerUID, 0] : nil)
        try server.export(widget.path, interfaces: [widget.boundInterface()] + (widget.host.prompt.map { [$0.boundInterface()] } ?? []), readers: readers)
        widgets[widget.path] = widget
        widget.host.isServed = true
        widget.account()
        server.propertiesChanged(path: WidgetsAPI.rootPath, interface: ManagerContract.name, names: [ManagerContract.widgets.name])
        if let prompt = widget.host.prompt {
            widget.promptsChanged()
            prompt.armDeadline()
        }
        if persist {
            context.store?.changed(widget)
        }
    }

    func destroy(_ path: ObjectPath) throws {
        guard let widget = widgets.removeValue(forKey: path) else {
            throw WidgetsError.unknownObject("no widget at \(path)")
        }
        // What a coalescing widget gathered goes out before it leaves.
        widget.host.coalesced?.flush()
        widget.host.isServed = false
        widget.host.prompt?.stop()
        widget.releaseAccount()
        context.store?.removed(widget)
        try server.unexport(path)
        server.propertiesChanged(path: WidgetsAPI.rootPath, interface: ManagerContract.name, names: [ManagerContract.widgets.name])
        if widget.host.prompt?.state == .waiting {
            widget.promptsChanged()
        }
    }

    private func destroyWidgets(ownedBy name: String) {
        let owned = widgets.values.filter { $0.transientOwner == name }.map(\.path).sorted()
        guard !owned.isEmpty else { return }
        server.batch {
            for path in owned {
                do {
                    try destroy(path)
                } catch {
                    Hooks.log("<3>rxwidgetsd: cannot destroy \(path) of \(name): \(error)")
                }
            }
        }
    }
}

extension WidgetService {
    /// Answers the calls received before the daemon stopped (for at most a
    /// second), then refuses every call: run before the state is flushed,
    /// so no call is answered whose change the state files miss.
    public func finishServing() {
        server.finishServing(within: 1_000_000_000)
    }

    /// Calls `trace` with every call and, when it failed, its error.
    public func traceCalls(_ trace: @escaping (Message, DBusError?) -> Void) {
        server.traceCall = trace
    }
}
