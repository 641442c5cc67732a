import DBus
import WidgetsAPI
import RxWidgetsEssentials

/// What every served widget has, owned in one place: its kind, name and
/// path, the uid that owns it, its revision, whether it is served, what the
/// memory budget holds for it, and the changes the call being handled made.
/// Each kind of widget holds one (`ServedWidget.host`) and reaches it
/// through `ServedWidget`'s members; nothing else keeps these facts.
final class WidgetHost {
    let kind: WidgetKind
    let name: String
    let path: ObjectPath
    /// The uid that may change it (besides 0); always known (API rule 6).
    let ownerUID: UInt32
    /// The creator's unique name, for a widget destroyed when its creator leaves.
    private(set) var transientOwner: String?
    let context: WidgetContext
    /// 1 when created, then one more for every call that changed the widget
    /// (API rule 2); the one count of the widget's changes.
    fileprivate(set) var revision: UInt64 = 1
    /// What the changing call being handled has changed so far: the
    /// properties the widget reported, those of its prompt, and whether
    /// anything changed at all; nil outside a changing call.
    fileprivate var callChanges: (properties: [String], promptProperties: [String], any: Bool)?
    /// The widget's question, when it was created with the option `prompt`.
    var prompt: Prompt?
    /// Whether the widget is on the bus (in the service's registry): its
    /// signals and changes are sent only then. Kept with the widget because
    /// a widget outlives its registration in closures that still hold it
    /// (a remote answer, a state write) and must then stay silent.
    var isServed = false
    /// What the memory budget holds for the widget: its footprint when it
    /// was last accounted (0 before it is served).
    fileprivate(set) var accountedBytes = 0
    /// For a widget whose changes reach the bus coalesced (a progress):
    /// what it changed since its last `PropertiesChanged`; nil for one
    /// whose every call announces its own.
    var coalesced: CoalescedChanges?

    /// `isPrivate`: only its owner's uid and 0 read it (a transient widget's option).
    init(kind: WidgetKind, name: String, creator: Creator, transient: Bool, isPrivate: Bool = false, context: WidgetContext) {
        self.kind = kind
        self.name = name
        self.path = WidgetService.path(of: kind, name: name)
        self.ownerUID = creator.uid
        self.transientOwner = transient ? creator.uniqueName : nil
        self.isPrivate = isPrivate && transient
        self.context = context
    }

    /// Read by its owner's uid and 0 alone: values, signals and all.
    private(set) var isPrivate: Bool

    /// A widget restored from a state file it was transient in: its creator
    /// is still on the bus and destroys it by leaving, as before.
    func resumeTransience(_ record: TransientRecord) {
        transientOwner = record.creator
        isPrivate = record.isPrivate
    }

    /// What a state file keeps of the widget's transience; nil for a lasting widget.
    var transientRecord: TransientRecord? {
        transientOwner.map { TransientRecord(creator: $0, bus: context.busID, isPrivate: isPrivate) }
    }

    /// Whether a changing call of the widget is being handled.
    var isInCall: Bool {
        callChanges != nil
    }

    /// The widget as messages name it: `picker 'fruit'`.
    var described: String {
        "\(kind.rawValue) '\(name)'"
    }
}

/// A widget the daemon serves. A kind (a final class) holds its `host` and
/// says what only it knows: its interface, its state for the state file and
/// the bytes it holds; everything common — authorizing, counting and
/// announcing changes, accounting memory, emitting signals — is written
/// once, here, on top of those.
///
/// A widget's interface is declared once for its kind (its `declaration`);
/// the object server holds the interface bound to the widget, and with it
/// the widget, for as long as it serves it.
protocol ServedWidget: AnyObject {
    /// Its identity, owner, revision and serving state.
    var host: WidgetHost { get }
    /// The widget's interface, bound to it, for the object server.
    func boundInterface() -> Interface
    /// The widget's own state for its state file (API rule 10), read back by
    /// its kind's `restored(from:context:)`: captured on the loop as
    /// copy-on-write values, cheaply, and turned into the file's D-Bus values
    /// by the returned function on the writer thread — a million rows each
    /// wrapped in a variant would hold the loop for tens of milliseconds.
    func stateSnapshot() -> StateSnapshot
    /// The bytes the widget holds as `Footprint` counts them (its kind's
    /// fixed part and its data); cheap to read, as it is read after every
    /// changing call.
    var footprint: Int { get }
    /// A client left the bus: the widget lets go of what that client served it.
    func peerLeft(_ uniqueName: String)
    /// Called once the widget is on the bus, before the creating call's reply.
    func didAppear()
    /// The widget's state as its prompt's answer (API "Prompt", `Finish`);
    /// `validated` refuses a state a person could not submit (an invalid form).
    func promptAnswer(validated: Bool) throws -> DBusValue
    /// The D-Bus type of `promptAnswer`: a prompt's `default` must be one.
    var promptAnswerType: DBusType { get }
    /// `Finish` of its prompt: runs `finish` with the answer as a changing
    /// call; a widget whose answer reads rows a client serves reads them first.
    func finishingPrompt(_ call: MethodCall, _ later: () -> LaterAnswer<Void>, _ finish: @escaping (DBusValue) throws -> Void) throws -> Answer<Void>
    /// An answer as `reader` may see it (a form's secrets redacted, API rule 13).
    func redacted(_ answer: DBusValue, for reader: PropertyReader) -> DBusValue
    /// The answer a passing deadline gives without a default: the widget's
    /// state then, unvalidated, handed to `finish` as a change of its own —
    /// at once, or once rows a client serves were read.
    func timingOut(_ finish: @escaping (DBusValue) -> Void)
}

typealias StateSnapshot = @Sendable () -> [StateValue]

extension ServedWidget {
    /// What the widget's file holds: its kind's record, then its prompt's.
    func fileSnapshot() -> StateSnapshot {
        let own = stateSnapshot()
        let records = [host.transientRecord?.piece, host.prompt?.record.piece].compactMap { $0 }
        guard !records.isEmpty else { return own }
        return { own() + records }
    }
}

extension ServedWidget {
    var kind: WidgetKind { host.kind }
    var name: String { host.name }
    var path: ObjectPath { host.path }
    var ownerUID: UInt32 { host.ownerUID }
    var transientOwner: String? { host.transientOwner }
    var context: WidgetContext { host.context }
    var revision: UInt64 { host.revision }
    var isServed: Bool { host.isServed }

    func peerLeft(_ uniqueName: String) {}
    func didAppear() {}
    func redacted(_ answer: DBusValue, for reader: PropertyReader) -> DBusValue { answer }

    func timingOut(_ finish: @escaping (DBusValue) -> Void) {
        changeOnItsOwn { finish((try? promptAnswer(validated: false)) ?? .string("")) }
    }

    func finishingPrompt(_ call: MethodCall, _ later: () -> LaterAnswer<Void>, _ finish: @escaping (DBusValue) throws -> Void) throws -> Answer<Void> {
        try mutate(call) { try finish(try promptAnswer(validated: true)) }
        return .now(())
    }

    /// Refuses a change that would make the widget hold `proposed` bytes
    /// past the memory budgets; run before the change. `change` says what
    /// would grow, for the message. A widget being built passes: it is
    /// admitted whole when it is added (after the widget it replaces is gone).
    func admit(footprint proposed: Int, _ change: @autoclosure () -> String) throws {
        guard host.isServed else { return }
        try context.memory.check(owner: ownerUID, from: host.accountedBytes, to: proposed + promptFootprint, "\(host.described) with \(change())")
    }

    /// What the widget's prompt holds (its texts, default and answer).
    private var promptFootprint: Int {
        host.prompt?.footprint ?? 0
    }

    /// Refuses a widget about to be added that would hold more than the
    /// memory budgets leave.
    func admitWhole() throws {
        try context.memory.check(owner: ownerUID, from: host.accountedBytes, to: footprint + promptFootprint, host.described)
    }

    /// Accounts the widget (and its prompt) at its footprint now: once it
    /// is served, and after every call that changed it; nothing before it
    /// is served.
    func account() {
        guard host.isServed else { return }
        let now = footprint + promptFootprint
        context.memory.record(owner: ownerUID, from: host.accountedBytes, to: now)
        host.accountedBytes = now
    }

    /// Gives back what the widget held, once it is off the bus.
    func releaseAccount() {
        context.memory.record(owner: ownerUID, from: host.accountedBytes, to: 0)
        host.accountedBytes = 0
    }

    /// Takes up the revision a restored widget had; before it is served.
    func resume(atRevision revision: UInt64) {
        host.revision = max(revision, 1)
    }

    /// Reports that the changing call being handled changed these
    /// properties; the widget's models call it (through their change
    /// streams) as they change. Outside a changing call it records nothing.
    func reportChange(_ properties: String...) {
        guard host.callChanges != nil else { return }
        // A handful of names: a linear search costs less than hashing them.
        for property in properties where host.callChanges?.properties.contains(property) == false {
            host.callChanges?.properties.append(property)
        }
        host.callChanges?.any = true
    }

    /// Reports that the changing call being handled changed these
    /// properties of the widget's prompt.
    func reportPromptChange(_ properties: String...) {
        guard host.callChanges != nil else { return }
        let new = properties.filter { host.callChanges?.promptProperties.contains($0) == false }
        host.callChanges?.promptProperties.append(contentsOf: new)
        host.callChanges?.any = true
    }

    /// The Manager's `Prompts` changed: a prompt came, finished or went.
    func promptsChanged() {
        context.server?.propertiesChanged(path: WidgetsAPI.rootPath, interface: ManagerContract.name, names: [ManagerContract.prompts.name])
    }

    /// Reports a change no property shows (new titles with the same
    /// counts): the call still counts as one that changed the widget.
    func reportContentChange() {
        guard host.callChanges != nil else { return }
        host.callChanges?.any = true
    }

    /// Refuses a caller who is neither the owner nor root, and one whose uid
    /// the bus could not tell (API rule 6: the check fails closed).
    func authorize(_ call: MethodCall) throws {
        try authorize(Method.Caller(sender: call.sender, uid: call.senderUID))
    }

    /// `authorize(_:)` from a call's header alone, before its body is read.
    func authorize(_ caller: Method.Caller) throws {
        guard let uid = caller.uid else {
            throw WidgetsError.accessDenied("the bus could not tell the uid of \(caller.sender) (it may have left the bus); changing \(host.described) needs a known uid")
        }
        // `for_uid` answers a waiting prompt: its gestures, not the widget for good.
        guard uid == ownerUID || uid == 0 || (uid == host.prompt?.forUID && host.prompt?.state == .waiting) else {
            throw WidgetsError.accessDenied("\(host.described) belongs to uid \(ownerUID); uid \(uid) may only read it")
        }
    }

    /// Runs a changing call: authorizes it, runs `body` (which must change
    /// nothing when it throws), and when the widget reported a change, raises
    /// the revision and announces what changed with `Revision`. No property
    /// is read to find out what changed.
    func mutate(_ call: MethodCall, _ body: () throws -> Void) throws {
        try authorize(call)
        // Refused before the body runs: a change that could not be counted is no change.
        guard revision < UInt64.max else {
            throw WidgetsError.limitExceeded("\(host.described) is at Revision \(revision), the largest there is; it takes no more changes (destroy and create it anew)")
        }
        try counted(body)
    }

    /// Runs a change no call made (a remote answer came, a check timed
    /// out) as a call's: counted, announced state first, stored. Inside a
    /// changing call of this widget it is part of that call. A widget at the
    /// top Revision still changes, and its Revision stays.
    func changeOnItsOwn(_ body: () -> Void) {
        guard host.callChanges == nil, let server = context.server else {
            body()
            return
        }
        server.batch { counted(body) }
    }

    /// Runs `body` recording the changes it reports; raises the revision
    /// and announces them with `Revision` when there were any.
    private func counted(_ body: () throws -> Void) rethrows {
        host.callChanges = ([], [], false)
        defer { host.callChanges = nil }
        try body()
        guard let changes = host.callChanges, changes.any else { return }
        account()
        host.revision = host.revision < UInt64.max ? host.revision + 1 : host.revision
        context.propertiesChanged(host, names: changes.properties + [WidgetHost.revisionProperty])
        if !changes.promptProperties.isEmpty {
            context.propertiesChanged(host, names: changes.promptProperties, on: PromptContract.name)
        }
        // A prompt that finished leaves the Manager's Prompts.
        if changes.promptProperties.contains(PromptContract.state.name) {
            promptsChanged()
        }
        context.store?.changed(self)
    }

    /// Emits one of the widget's signals, with arguments of its declared types.
    func emit<each Value>(_ signal: TypedSignal<repeat each Value>, _ value: repeat each Value) {
        context.emit(host, on: kind.interfaceName, signal, repeat each value)
    }

    /// Emits a signal of another interface the widget serves (its prompt's).
    func emit<each Value>(on interface: String, _ signal: TypedSignal<repeat each Value>, _ value: repeat each Value) {
        context.emit(host, on: interface, signal, repeat each value)
    }

    /// Emits `signal`, or `fallback` when `signal` cannot be sent (over the
    /// signal limit): a change a client cannot hear must still tell it to reload.
    func emit<each Value>(_ signal: TypedSignal<repeat each Value>, _ value: repeat each Value, orElse fallback: TypedSignal<>) {
        if !context.emit(host, on: kind.interfaceName, signal, repeat each value) {
            context.emit(host, on: kind.interfaceName, fallback)
        }
    }
}

extension WidgetHost {
    /// `Revision`, the same in every widget interface.
    static let revisionProperty = PickerContract.widget.revision.name
}

/// A widget of rows (a picker, a table): rows are bound or not, and a
/// client may attach a forward delegate.
protocol RowsWidget: ServedWidget {
    /// Whether items were ever bound; queries before that are `ItemsNotBound`.
    var isBound: Bool { get set }
    /// A client's forward delegate, when one is attached (`AttachDelegate`).
    var remoteDelegate: RemoteDelegate? { get set }
    /// The calls that bind items, named in `ItemsNotBound` messages.
    var bindingCalls: String { get }
}

extension RowsWidget {
    /// Refuses a query before any items were bound.
    func requireItems() throws {
        guard isBound else {
            throw WidgetsError.itemsNotBound("\(host.described) has no items yet; call \(bindingCalls) first")
        }
    }

    /// A component or section index of bound items.
    func boundIndex(_ value: Int32, count: Int, _ what: String) throws -> Int {
        try requireItems()
        return try context.arguments.index(value, count: count, what)
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
    /// through `ServedWidget.mutate` (authorized, counted, announced).
    func changing<Target: ServedWidget & SendableMetatype>(_ body: @escaping @Sendable (Target, Inputs.Values, MethodCall) throws -> Outputs.Values) -> MethodDeclaration<Target> {
        serve { widget, arguments, call in
            var result: Outputs.Values?
            try widget.mutate(call) { result = try body(widget, arguments, call) }
            guard let result else { throw DBusError.failed("internal error: \(name) ran no handler") }
            return result
        }.admitting { widget, caller in try widget.authorize(caller) }
    }

    /// A changing call with bulk arguments: `prepare` turns them into what
    /// the widget binds, checked against the limits (`InputChecks`) and
    /// compared with `snapshot` (what the widget held as the call's reading
    /// began), reading nothing else, so that the server may run it off the
    /// loop; `body` runs once the call is authorized and calls its second
    /// argument for the result (which throws what `prepare` threw) after its
    /// own checks, so that their errors come first, as they did inline.
    func changing<Target: ServedWidget & SendableMetatype, Snapshot: Sendable, Prepared: Sendable>(
        snapshot: @escaping @Sendable (Target) -> Snapshot,
        preparing prepare: @escaping @Sendable (InputChecks, Snapshot, Inputs.Values) throws -> Prepared,
        _ body: @escaping @Sendable (Target, () throws -> Prepared, MethodCall) throws -> Outputs.Values
    ) -> MethodDeclaration<Target> {
        serve(preparing: { (widget: Target) in
            let (checks, held) = (widget.context.arguments, snapshot(widget))
            return { arguments in try prepare(checks, held, arguments) }
        }) { widget, prepared, call in
            var result: Outputs.Values?
            try widget.mutate(call) { result = try body(widget, prepared, call) }
            guard let result else { throw DBusError.failed("internal error: \(name) ran no handler") }
            return result
        }.admitting { widget, caller in try widget.authorize(caller) }
    }
}
