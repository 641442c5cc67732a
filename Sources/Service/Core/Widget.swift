import DBus
import WidgetsAPI
import RxWidgets

/// The kinds of widget, as they appear in paths and error messages.
enum WidgetKind: String, CaseIterable {
    case picker
    case table
    case form
}

/// What every served widget has: its name and path, the uid that owns it,
/// its revision, and the rule that a changing call is authorized, all or
/// nothing, and announced with one `PropertiesChanged` (Revision included).
///
/// A widget's interface is declared once for its kind (a subclass's static
/// `declaration`); the object server holds the interface bound to the
/// widget, and with it the widget, for as long as it serves it.
class Widget {
    let kind: WidgetKind
    let name: String
    let path: ObjectPath
    /// The uid that may change it (besides 0); always known (API rule 6).
    let ownerUID: UInt32
    /// The creator's unique name, for a widget destroyed when its creator leaves.
    let transientOwner: String?
    let context: WidgetContext
    private var ownRevision: UInt64 = 1
    /// Bumped by changes no property shows (new titles with the same counts).
    var contentVersion: UInt64 = 0
    /// Whether the widget is on the bus: its signals and changes are sent only then.
    var isServed = false
    /// Whether items were ever bound; queries before that are `ItemsNotBound`.
    var isBound = false
    /// The calls that bind items, named in `ItemsNotBound` messages.
    var bindingCalls: String { "SetItems" }

    init(kind: WidgetKind, name: String, creator: Creator, transient: Bool, context: WidgetContext) {
        self.kind = kind
        self.name = name
        self.path = WidgetService.path(of: kind, name: name)
        self.ownerUID = creator.uid
        self.transientOwner = transient ? creator.uniqueName : nil
        self.context = context
    }

    /// The name of the widget's interface.
    var interfaceName: String {
        preconditionFailure("\(Self.self) does not name its interface")
    }

    /// The widget's interface, bound to it, for the object server.
    func boundInterface() -> Interface {
        preconditionFailure("\(Self.self) does not declare its interface")
    }

    /// The current values of the properties whose changes a call announces,
    /// by name (Revision left out).
    /// The values of the properties named `names` (all but Revision when
    /// nil), as the widget's declaration gives them.
    func watchedValues(_ names: [String]?) -> [(name: String, value: DBusValue)] {
        preconditionFailure("\(Self.self) does not declare its properties")
    }

    /// The widget's own state for its state file (API rule 10), read back by
    /// its kind's `restored(from:context:)`.
    func stateValues() -> [DBusValue] {
        preconditionFailure("\(Self.self) does not say what it keeps")
    }

    /// Called once the widget is on the bus, before the creating call's reply.
    func didAppear() {}

    /// 1 when created, then one more for every call that changed the widget (API rule 2).
    var revision: UInt64 {
        ownRevision
    }

    /// Counts a call that changed the widget. A widget whose model counts
    /// its own changes overrides this and `revision`, so the number has one owner.
    func advanceRevision() {
        ownRevision += 1
    }

    /// Takes up the revision a restored widget had; before it is served.
    func resume(atRevision revision: UInt64) {
        ownRevision = max(revision, 1)
    }

    /// Refuses a caller who is neither the owner nor root, and one whose uid
    /// the bus could not tell (API rule 6: the check fails closed).
    func authorize(_ call: MethodCall) throws {
        guard let uid = call.senderUID else {
            throw WidgetsError.accessDenied("the bus could not tell the uid of \(call.sender) (it may have left the bus); changing \(kind.rawValue) '\(name)' needs a known uid")
        }
        guard uid == ownerUID || uid == 0 else {
            throw WidgetsError.accessDenied("\(kind.rawValue) '\(name)' belongs to uid \(ownerUID); uid \(uid) may only read it")
        }
    }

    /// Runs a changing call: authorizes it, runs `body` (which must change
    /// nothing when it throws), and when anything changed raises the revision
    /// and announces the changed properties. A call that can change only some
    /// properties names them in `touching`, so only those are read before and
    /// after it; nil compares them all.
    func mutate(_ call: MethodCall, touching touched: [String]? = nil, _ body: () throws -> Void) throws {
        try authorize(call)
        // Refused before the body runs: a change that could not be counted is no change.
        guard revision < UInt64.max else {
            throw WidgetsError.limitExceeded("\(kind.rawValue) '\(name)' is at Revision \(revision), the largest there is; it takes no more changes (destroy and create it anew)")
        }
        let before = watchedValues(touched)
        let contentBefore = contentVersion
        try body()
        // A closure, not the key path \.0.name: a tuple key path is resolved
        // at run time on every call (a tenth of a select's cost in callgrind).
        let changed = zip(watchedValues(touched), before).filter { $0.0.value != $0.1.value }.map { $0.0.name }
        guard !changed.isEmpty || contentVersion != contentBefore else { return }
        advanceRevision()
        context.propertiesChanged(self, names: changed + ["Revision"])
        context.store?.changed(self)
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
        return try context.arguments.index(value, count: count, what)
    }

    /// Emits one of the widget's signals, with arguments of its declared types.
    func emit<each Value>(_ signal: TypedSignal<repeat each Value>, _ value: repeat each Value) {
        context.emit(self, signal, repeat each value)
    }
}

/// Who asked for a widget: the uid that will own it and the connection that
/// made the call.
struct Creator {
    let uid: UInt32
    let uniqueName: String

    /// The caller of `call`; `AccessDenied` when the bus could not tell its
    /// uid, so that no widget is ever left without a known owner.
    init(_ call: MethodCall) throws {
        guard let uid = call.senderUID else {
            throw WidgetsError.accessDenied("the bus could not tell the uid of \(call.sender) (it may have left the bus); a widget needs a known owner")
        }
        self.uid = uid
        self.uniqueName = call.sender
    }

    /// The owner a state file names, for a widget restored from it.
    init(restoring file: StateFile) {
        uid = file.ownerUID
        uniqueName = ""
    }
}

extension MethodContract {
    /// The contract's handler for a call that changes the widget, run
    /// through `Widget.mutate` (authorized, counted, announced).
    func changing<Target: Widget>(touching touched: [String]? = nil, _ body: @escaping @Sendable (Target, Inputs.Values, MethodCall) throws -> Outputs.Values) -> MethodDeclaration<Target> {
        serve { widget, arguments, call in
            var result: Outputs.Values?
            try widget.mutate(call, touching: touched) { result = try body(widget, arguments, call) }
            guard let result else { throw DBusError.failed("internal error: \(name) ran no handler") }
            return result
        }
    }
}

extension InterfaceDeclaration where Target: Widget {
    /// The values `Widget.watchedValues` compares: the properties named
    /// `names`, or every property that can change but Revision (a constant
    /// one, such as a form's Layout, is never read for a change).
    func watchedValues(of widget: Target, _ names: [String]?) -> [(name: String, value: DBusValue)] {
        // One pass and one array: this runs twice in every changing call.
        properties.compactMap { property in
            let watched = names.map { $0.contains(property.name) } ?? (property.name != "Revision" && property.emitsChanged != .const)
            return watched ? (property.name, property.get(widget)) : nil
        }
    }
}

