import DBus
import RxWidgetsEssentials

/// What a widget needs of the service that serves it: the limits its input
/// is checked against, "today" for forms, and the server its signals and
/// property changes go out on. It holds the server weakly and no widget, so
/// no reference cycle runs through it.
final class WidgetContext {
    let limits: Limits
    let arguments: InputChecks
    let today: () -> CalendarDay
    weak var server: ObjectServer?
    /// What the widgets hold, against the limits' memory budgets.
    let memory: MemoryBudget
    /// Where changed widgets are written; nil with `--no-state`.
    var store: StateStore?
    /// The bus's id (`GetId`), asked once: a transient widget's creator is
    /// named by its unique name, which only this bus gives that meaning
    /// (a new bus hands the same names out again).
    lazy var busID: String = {
        guard let reply = try? server?.connection.callBus("GetId", []) else { return "" }
        return reply.first?.stringValue ?? ""
    }()

    /// Signals not sent are logged at most once a second each.
    private var unsent = LogThrottle()

    init(limits: Limits, today: @escaping () -> CalendarDay, server: ObjectServer?) {
        self.limits = limits
        self.arguments = InputChecks(limits: limits)
        self.memory = MemoryBudget(limit: limits.memoryBytes, limitPerUID: limits.memoryQuota)
        self.today = today
        self.server = server
    }

    /// Emits a widget's signal; false when it could not be sent (logged).
    @discardableResult
    func emit<each Value>(_ widget: WidgetHost, on interface: String, _ signal: TypedSignal<repeat each Value>, _ value: repeat each Value) -> Bool {
        guard let server, widget.isServed else { return true }
        // State before events (API rule 1), coalesced or not: inside a
        // call, the call's own changes go out with it, before its signals.
        if widget.isInCall {
            widget.coalesced?.sendWithTheCall()
        } else {
            widget.coalesced?.flush()
        }
        do {
            try server.emit(path: widget.path, interface: interface, signal, repeat each value)
            return true
        } catch {
            let admitted = unsent.admit(signal.name)
            guard admitted.log else { return false }
            let leftOut = admitted.leftOut > 0 ? " (and \(admitted.leftOut) more \(signal.name) not sent in the second before)" : ""
            Hooks.log("<3>rxwidgetsd: \(signal.name) at \(widget.path) not sent: \(error)\(leftOut)")
            return false
        }
    }

    /// Announces changed properties of the widget's own interface (coalesced
    /// for a widget whose changes are), or of `interface` (its prompt's).
    func propertiesChanged(_ widget: WidgetHost, names: [String], on interface: String? = nil) {
        guard widget.isServed else { return }
        if let interface {
            server?.propertiesChanged(path: widget.path, interface: interface, names: names)
            return
        }
        if let coalesced = widget.coalesced {
            coalesced.changed(names)
            return
        }
        server?.propertiesChanged(path: widget.path, interface: widget.kind.interfaceName, names: names)
    }
}
