import DBus
import WidgetsAPI
import RxWidgetsEssentials

extension TableWidget {
    /// A user's gesture on the row `row` names, asked of the delegate first
    /// when one is attached, and the served rows it reads (`needs`) fetched
    /// once it allowed it: `body` gets whether it did (true without a
    /// delegate) and runs as the call, its arguments checked again.
    func askingDelegate(_ call: MethodCall, _ later: () -> LaterAnswer<Void>, _ method: MethodContract<Parameters<Int32, Int32>, Parameters<Bool>>, about row: () throws -> IndexPath,
                        reading needs: @escaping () throws -> [RemoteRows.Need] = { [] }, _ body: @escaping (Bool) throws -> Void) throws -> Answer<Void> {
        let missing = try adapter.served.map { try $0.missingPages(needs()) } ?? []
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
            // The source now: the one asked about may have been let go of while the delegate answered.
            guard allowed, let source = adapter.served, let reads = try? needs(), !source.missingPages(reads).isEmpty else {
                answer.send(Result { try run() })
                return
            }
            gather(reads, from: source) { pages in
                answer.send(Result { try source.withPinned(try pages.get(), run) })
            }
        }
        guard let delegate = remoteDelegate else {
            carryOut(true)
            return .later
        }
        delegate.ask(method, (Int32(path.section), Int32(path.row)), asked: "\(method.name)(\(path.section), \(path.row))", on: connection) { allowed in
            switch allowed {
            // A question it does not serve is UIKit's default: the table's own rules decide.
            case .success(let allowed): carryOut(allowed ?? true)
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
