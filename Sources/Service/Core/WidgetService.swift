import DBus
import RxWidgets

/// The `org.rxwidgets.Widgets1` service: the manager at the root object and
/// the widgets below it, on one connection.
public final class WidgetService {
    /// The well-known bus name.
    public static let busName = "org.rxwidgets.Widgets1"
    /// The root object.
    public static let rootPath = ObjectPath("/org/rxwidgets/Widgets1")!
    /// The manager's interface name.
    public static let managerInterface = "org.rxwidgets.Widgets1.Manager"

    let server: ObjectServer?
    let limits: Limits
    let arguments: Arguments
    let today: () -> CalendarDay
    private(set) var widgets: [ObjectPath: Widget] = [:]
    private var manager: Interface!

    /// Serves the API on `connection`; with no connection, builds the same
    /// interfaces without serving them (to print their introspection).
    public init(connection: Connection?, limits: Limits = Limits(), today: @escaping () -> CalendarDay = CalendarDay.today) throws {
        self.server = connection.map { ObjectServer(connection: $0, resolvesCredentials: true) }
        self.limits = limits
        self.arguments = Arguments(limits: limits)
        self.today = today
        manager = managerInterface()
        if let server {
            try server.export(WidgetService.rootPath, interfaces: [manager])
            server.addObjectManager(at: WidgetService.rootPath)
            try server.watchPeers()
            server.onPeerGone = { [weak self] name in
                self?.destroyWidgets(ownedBy: name)
            }
        }
    }

    static func path(of kind: WidgetKind, name: String) -> ObjectPath {
        ObjectPath("\(rootPath.rawValue)/\(kind.rawValue)/\(name)") ?? rootPath
    }

    /// The interface of each kind, with the manager's, for introspection files.
    public func declaredInterfaces() throws -> [Interface] {
        let picker = try PickerWidget(name: "introspection", options: [:], creator: nil, service: self)
        let table = try TableWidget(name: "introspection", options: [:], creator: nil, service: self)
        let form = try FormWidget(name: "introspection", spec: "sign-up", options: [:], creator: nil, service: self)
        return [manager, picker.interface, table.interface, form.interface]
    }

    // MARK: Registry

    func checkName(_ name: String, kind: WidgetKind) throws {
        let bytes = Array(name.utf8)
        let valid = (1...64).contains(bytes.count) && bytes.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
        }
        guard valid else {
            let shown = name.count > 80 ? String(name.prefix(80)) + "…" : name
            throw WidgetsError.invalidName("name '\(shown)' is not 1 to 64 of [A-Za-z0-9_]")
        }
        guard widgets[WidgetService.path(of: kind, name: name)] == nil else {
            throw WidgetsError.exists("a \(kind.rawValue) named '\(name)' exists")
        }
        guard widgets.count < limits.widgets else {
            throw WidgetsError.limitExceeded("\(limits.widgets) widgets exist; the limit is \(limits.widgets)")
        }
    }

    func add(_ widget: Widget) throws {
        widgets[widget.path] = widget
        do {
            try server?.export(widget.path, interfaces: [widget.interface])
        } catch {
            widgets[widget.path] = nil
            throw error
        }
        widget.isServed = true
        server?.propertiesChanged(path: WidgetService.rootPath, interface: WidgetService.managerInterface, names: ["Widgets"])
    }

    func destroy(_ path: ObjectPath) throws {
        guard let widget = widgets.removeValue(forKey: path) else {
            throw WidgetsError.unknownObject("no widget at \(path)")
        }
        widget.isServed = false
        try server?.unexport(path)
        server?.propertiesChanged(path: WidgetService.rootPath, interface: WidgetService.managerInterface, names: ["Widgets"])
    }

    private func destroyWidgets(ownedBy name: String) {
        let owned = widgets.values.filter { $0.transientOwner == name }.map(\.path).sorted()
        guard !owned.isEmpty else { return }
        server?.batch {
            for path in owned {
                do {
                    try destroy(path)
                } catch {
                    Hooks.log("<3>rxwidgetsd: cannot destroy \(path) of \(name): \(error)")
                }
            }
        }
    }

    // MARK: Signals

    func emit(_ widget: Widget, _ member: String, _ arguments: [DBusValue]) {
        guard let server, widget.isServed else { return }
        do {
            try server.emit(path: widget.path, interface: widget.interface.name, member: member, arguments)
        } catch {
            Hooks.log("<3>rxwidgetsd: cannot emit \(member) at \(widget.path): \(error)")
        }
    }

    func propertiesChanged(_ widget: Widget, names: [String]) {
        guard widget.isServed else { return }
        server?.propertiesChanged(path: widget.path, interface: widget.interface.name, names: names)
    }
}

extension WidgetService {
    /// Calls `trace` with every call and, when it failed, its error.
    public func traceCalls(_ trace: @escaping (Message, DBusError?) -> Void) {
        server?.traceCall = trace
    }
}
