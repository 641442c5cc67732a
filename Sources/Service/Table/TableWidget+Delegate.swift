import DBus
import WidgetsAPI
import RxWidgets

/// A client's `org.rxwidgets.Widgets1.TableDelegate`: RxCocoa's forward
/// delegate across the bus, asked before a user's delete, move or select.
/// One question at a time: the call that asks is answered later, in order,
/// so the calls after it on the table wait behind it.
final class RemoteTableDelegate {
    let client: String
    let object: ObjectPath
    let timeout: Int32
    private var question: Disposable?
    private var abandon: (() -> Void)?

    init(client: String, object: ObjectPath, timeout: Int32) {
        self.client = client
        self.object = object
        self.timeout = timeout
    }

    var description: String { "the delegate \(object) of \(client)" }

    typealias Question = MethodContract<Parameters<Int32, Int32>, Parameters<Bool>>

    /// Asks `method` about the row at `path`; `done` gets the answer — true
    /// when the client does not serve that method (UIKit's default: the
    /// table's own rules decide) — or `DataSourceUnavailable`.
    func ask(_ method: Question, about path: IndexPath, on connection: Connection, _ done: @escaping (Result<Bool, DBusError>) -> Void) {
        let asked = "\(method.name)(\(path.section), \(path.row))"
        let source = description
        abandon = {
            done(.failure(DBusError(name: WidgetsErrorName.dataSourceUnavailable, message: "\(source) was let go of before it answered \(asked)")))
        }
        var finished = false
        var question = ClientQuestion(source: source, asked: asked, timeout: timeout, message: { [client, object] in
            try method.message(to: client, path: object, interface: TableDelegateContract.name, (Int32(path.section), Int32(path.row)))
        }, read: { try method.results(of: $0) })
        question.fallback = { error in
            error.name == DBusError.Name.unknownMethod || error.name == DBusError.Name.unknownInterface ? true : nil
        }
        let subscription = question.ask(on: connection) { [weak self] result in
            finished = true
            guard let self, abandon != nil else { return }
            self.question = nil
            abandon = nil
            done(result)
        }
        if !finished {
            self.question = subscription
        }
    }

    /// Lets go of the delegate: the question in flight is cancelled and its
    /// call told the delegate is gone.
    func letGo() {
        let running = question
        let waiting = abandon
        question = nil
        abandon = nil
        running?.dispose()
        waiting?()
    }
}

extension TableWidget {
    /// `AttachDelegate`: the client's object is asked before every delete,
    /// move and select from then on. Revision stays: nothing shown changed.
    func attachDelegate(_ object: ObjectPath, options given: DBusValue, by client: String) throws {
        let options = try context.arguments.options(given, allowed: ["timeout": .int32], argument: "options")
        let timeout = try ClientTimeout.from(options)
        remoteDelegate?.letGo()
        remoteDelegate = RemoteTableDelegate(client: client, object: object, timeout: timeout)
        Hooks.log("<6>rxwidgetsd: table '\(name)': \(remoteDelegate?.description ?? "") is its delegate")
    }

    /// `DetachDelegate`.
    func detachDelegate() throws {
        guard let delegate = remoteDelegate else {
            throw WidgetsError.notSupported("table '\(name)' has no delegate attached")
        }
        delegate.letGo()
        remoteDelegate = nil
    }

    /// A client left the bus: the delegate it served is let go of.
    func delegateClientLeft(_ uniqueName: String) {
        guard let delegate = remoteDelegate, delegate.client == uniqueName else { return }
        Hooks.log("<5>rxwidgetsd: table '\(name)': \(delegate.description) left the bus; the table's own rules decide again")
        try? detachDelegate()
    }

    /// A user's gesture on the row `row` names, asked of the delegate first
    /// when one is attached, and the served rows it reads (`needs`) fetched
    /// once it allowed it: `body` gets whether it did (true without a
    /// delegate) and runs as the call, its arguments checked again.
    func askingDelegate(_ call: MethodCall, _ later: () -> LaterAnswer<Void>, _ method: RemoteTableDelegate.Question, about row: () throws -> IndexPath,
                        reading needs: @escaping () throws -> [RemoteRows.Need] = { [] }, _ body: @escaping (Bool) throws -> Void) throws -> Answer<Void> {
        let source = adapter.served
        let missing = try source.map { try $0.missingPages(needs()) } ?? []
        guard let connection = context.server?.connection, remoteDelegate != nil || !missing.isEmpty else {
            try mutate(call) { try body(true) }
            return .now(())
        }
        try authorize(call)
        let path = try row()
        let answer = later()
        let carryOut = { [weak self] (allowed: Bool) in
            guard let self else { return }
            let run = { try self.asCall { try self.mutate(call) { try body(allowed) } } }
            guard allowed, let source, let missing = try? source.missingPages(needs()), !missing.isEmpty else {
                answer.send(Result { try run() })
                return
            }
            source.fetch(missing, on: connection, checks: context.arguments, byteBudget: context.limits.messageBytes) { fetched in
                answer.send(Result { try source.withPinned(try fetched.get(), run) })
            }
        }
        guard let delegate = remoteDelegate else {
            carryOut(true)
            return .later
        }
        delegate.ask(method, about: path, on: connection) { allowed in
            switch allowed {
            case .success(let allowed): carryOut(allowed)
            case .failure(let error): answer.send(.failure(error))
            }
        }
        return .later
    }

    /// The refusal of a gesture the delegate said no to.
    func refusedByDelegate(_ method: String, _ path: IndexPath) -> DBusError {
        WidgetsError.notEditable("\(method): \(remoteDelegate?.description ?? "the delegate") says row \(path.row) of section \(path.section) of table '\(name)' may not be \(method == "MoveRow" ? "moved" : "edited")")
    }
}
