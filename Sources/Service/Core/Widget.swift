import DBus
import RxWidgets

/// The kinds of widget, as they appear in paths and error messages.
enum WidgetKind: String, CaseIterable {
    case picker
    case table
    case form
}

/// What every served widget has: its name and path, who created it, its
/// revision, and the rule that a changing call is authorized, all or
/// nothing, and announced with one `PropertiesChanged` (Revision included).
class Widget {
    let kind: WidgetKind
    let name: String
    let path: ObjectPath
    let creatorUID: UInt32?
    /// The creator's unique name, for a widget destroyed when its creator leaves.
    let transientOwner: String?
    unowned let service: WidgetService
    private(set) var revision: UInt64 = 1
    /// Bumped by changes no property shows (new titles with the same counts).
    var contentVersion: UInt64 = 0
    /// Whether the widget is on the bus: its signals and changes are sent only then.
    var isServed = false
    /// Whether items were ever bound; queries before that are `ItemsNotBound`.
    var isBound = false
    /// The calls that bind items, named in `ItemsNotBound` messages.
    var bindingCalls: String { "SetItems" }
    private(set) var interface: Interface!
    /// The properties whose changes a call announces (all but Revision).
    private var watchedProperties: [Property] = []

    init(kind: WidgetKind, name: String, creator: MethodCall?, transient: Bool, service: WidgetService) {
        self.kind = kind
        self.name = name
        self.path = WidgetService.path(of: kind, name: name)
        self.creatorUID = creator?.senderUID
        self.transientOwner = transient ? creator?.sender : nil
        self.service = service
    }

    /// Builds the widget's interface; called once by the subclass's initializer.
    func declare(_ interface: Interface) {
        self.interface = interface
        watchedProperties = interface.properties.filter { $0.name != "Revision" }
    }

    /// The `Revision` property every widget interface has.
    func revisionProperty() -> Property {
        Property("Revision", .uint64) { [unowned self] in .uint64(revision) }
    }

    /// Refuses a caller who is neither the creator nor root.
    func authorize(_ call: MethodCall) throws {
        guard let creatorUID, let uid = call.senderUID, uid != creatorUID, uid != 0 else { return }
        throw WidgetsError.accessDenied("\(kind.rawValue) '\(name)' belongs to uid \(creatorUID); uid \(uid) may only read it")
    }

    /// Runs a changing call: authorizes it, runs `body` (which must change
    /// nothing when it throws), and when anything changed raises the revision
    /// and announces the changed properties.
    func mutate(_ call: MethodCall, _ body: () throws -> Void) throws {
        try authorize(call)
        let before = snapshot()
        try body()
        commit(since: before)
    }

    /// A `Method` whose handler changes the widget through `mutate`.
    func changing(_ name: String, in inputs: [Argument] = [], out outputs: [Argument] = [], _ body: @escaping (MethodCall) throws -> [DBusValue]) -> Method {
        Method(name, in: inputs, out: outputs) { [unowned self] call in
            var result: [DBusValue] = []
            try mutate(call) { result = try body(call) }
            return result
        }
    }

    private struct Snapshot {
        let properties: [DBusValue]
        let contentVersion: UInt64
    }

    private func snapshot() -> Snapshot {
        Snapshot(properties: watchedProperties.map { $0.get() }, contentVersion: contentVersion)
    }

    private func commit(since before: Snapshot) {
        let changed = zip(watchedProperties, before.properties).filter { $0.0.get() != $0.1 }.map(\.0.name)
        guard !changed.isEmpty || contentVersion != before.contentVersion else { return }
        revision += 1
        service.propertiesChanged(self, names: changed + ["Revision"])
    }

    /// Refuses a query before any items were bound.
    func requireItems() throws {
        guard isBound else {
            throw WidgetsError.itemsNotBound("\(kind.rawValue) '\(name)' has no items yet; call \(bindingCalls) first")
        }
    }

    /// A component or section index of bound items.
    func boundIndex(_ value: Int32, count: Int, _ what: String) throws -> Int {
        try requireItems()
        return try service.arguments.index(value, count: count, what)
    }

    /// Emits one of the widget's signals.
    func emit(_ member: String, _ arguments: [DBusValue]) {
        service.emit(self, member, arguments)
    }
}
