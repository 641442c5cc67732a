import DBus
import RxCoreEssentials
import WidgetsAPI

/// A widget as `WidgetsClient.widgets()` lists it.
public struct WidgetSummary: Equatable, Sendable {
    /// Its object path.
    public let path: ObjectPath
    /// `picker`, `table` or `form`.
    public let kind: String
    /// Its `Revision`.
    public let revision: UInt64
}

/// One signal of a widget, its arguments named as the contract names them.
public struct WidgetSignal {
    /// The widget's path.
    public let path: String
    /// The interface, `org.rxwidgets.Widgets1.Picker` and the like.
    public let interface: String
    /// The signal's name.
    public let member: String
    /// Each argument's name and value, in order (variants unwrapped).
    public let arguments: [(name: String, value: DBusValue)]
}

extension WidgetsClient {
    /// Every widget the daemon serves, sorted by path, from one `GetManagedObjects`.
    public func widgets() throws -> [WidgetSummary] {
        let reply = try call(WidgetsAPI.rootPath.rawValue, StandardInterface.objectManager, "GetManagedObjects")
        var widgets: [WidgetSummary] = []
        for object in reply.first?.dictionaryEntries ?? [] {
            guard case .objectPath(let path) = object.key else { continue }
            for interface in object.value.dictionaryEntries ?? [] {
                guard let name = interface.key.stringValue, name != ManagerContract.name,
                      let contract = WidgetsAPI.interfaces.first(where: { $0.name == name }) else { continue }
                let revision = (interface.value.dictionaryEntries ?? []).first { $0.key.stringValue == PickerContract.widget.revision.name }
                widgets.append(WidgetSummary(path: path, kind: String(contract.name.split(separator: ".").last ?? "").lowercased(),
                                             revision: PickerContract.widget.revision.decode(revision?.value.variantValue) ?? 0))
            }
        }
        return widgets.sorted { $0.path < $1.path }
    }

    /// Every signal of the widgets at `path` (all of them when nil) but
    /// `PropertiesChanged`, in the order the daemon sent them, with the
    /// arguments named by the contract; watching all, also widgets
    /// appearing and going (`InterfacesAdded`, `InterfacesRemoved`: the
    /// object's path and its interfaces' names). It ends when the bus closes the
    /// connection (an error); disposing it removes its match rule.
    public func watchSignals(path: String? = nil) throws -> Observable<WidgetSignal> {
        if let path, ObjectPath(path) == nil {
            throw WidgetsClientError(name: WidgetsClientError.invalidArgsName, message: "\(quoted(path)) is not an object path")
        }
        let rule = "type='signal',sender='\(WidgetsAPI.busName)'" + (path.map { ",path='\($0)'" } ?? ",path_namespace='\(WidgetsAPI.rootPath.rawValue)'")
        do {
            try connection.addMatch(rule)
        } catch {
            throw WidgetsClientError(error)
        }
        // The daemon sends the signals of a widget only some uids may read
        // (a prompt `for_uid`) to the connections whose uid it knows: a
        // call makes this one's known.
        _ = try widgets()
        var names: [String: [String: [String]]] = [:]
        for contract in WidgetsAPI.interfaces + WidgetsAPI.addedInterfaces {
            names[contract.name] = Dictionary(contract.shape.signals.map { ($0.name, $0.arguments.map(\.name)) }) { first, _ in first }
        }
        return Observable.create { [weak self] observer in
            guard let self else { return Disposables.create() }
            let watch = connection.onSignal { message in
                if message.sender != "org.freedesktop.DBus", message.interface == StandardInterface.objectManager, message.path == WidgetsAPI.rootPath.rawValue,
                   let member = message.member, let arguments = try? message.arguments(), arguments.count == 2 {
                    // The interfaces' names, not the properties InterfacesAdded also carries.
                    let interfaces = arguments[1].dictionaryEntries.map { $0.map(\.key) } ?? arguments[1].arrayElements ?? []
                    observer.on(.next(WidgetSignal(path: message.path ?? "", interface: StandardInterface.objectManager, member: member,
                                                   arguments: [("object_path", arguments[0]), ("interfaces", .array(element: .string, interfaces))])))
                    return
                }
                guard let interface = message.interface, let labels = names[interface]?[message.member ?? ""] else { return }
                let values = ((try? message.arguments()) ?? []).map { $0.variantValue ?? $0 }
                let named = values.enumerated().map { (labels.indices.contains($0.offset) ? labels[$0.offset] : "arg\($0.offset)", $0.element) }
                observer.on(.next(WidgetSignal(path: message.path ?? "", interface: interface, member: message.member ?? "", arguments: named)))
            }
            let previous = connection.onDisconnected
            connection.onDisconnected = {
                previous?()
                observer.on(.error(WidgetsClientError(name: DBusError.Name.disconnected, message: "the bus closed the connection")))
            }
            return Disposables.create { [weak self] in
                watch.dispose()
                self?.connection.removeMatch(rule)
            }
        }
    }
}
