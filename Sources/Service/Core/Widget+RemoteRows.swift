import DBus
import RxWidgets

/// Calls on a widget whose rows a client serves (`RemoteRows`): answered
/// now when what they read is at hand, else once the client gave it.
extension Widget {
    /// Answers a call now when the rows it reads are at hand (always without
    /// a source), else once the data source gave them, or with
    /// `DataSourceUnavailable`; the calls after it wait meanwhile. A
    /// changing call is authorized before anything is asked, and `body`
    /// runs (again checking its arguments) as the call, state first.
    func answer<Values>(_ call: MethodCall, _ later: () -> LaterAnswer<Values>, from source: RemoteRows?, changing: Bool,
                        reading needs: () throws -> [RemoteRows.Need], _ body: @escaping () throws -> Values) throws -> Answer<Values> {
        guard let source else { return .now(try run(call, changing: changing, body)) }
        if changing {
            try authorize(call)
        }
        let missing = source.missingPages(try needs())
        guard !missing.isEmpty, let connection = context.server?.connection else { return .now(try run(call, changing: changing, body)) }
        let answer = later()
        source.fetch(missing, on: connection, checks: context.arguments, byteBudget: context.limits.messageBytes) { [weak self] fetched in
            guard let self else { return }
            answer.send(Result {
                let pages = try fetched.get()
                return try source.withPinned(pages) { try self.asCall { try self.run(call, changing: changing, body) } }
            })
        }
        return .later
    }

    /// Runs a call's body, through `mutate` when it changes the widget.
    private func run<Values>(_ call: MethodCall, changing: Bool, _ body: () throws -> Values) throws -> Values {
        guard changing else { return try body() }
        var result: Values?
        try mutate(call) { result = try body() }
        guard let result else { throw DBusError.failed("internal error: the change ran no handler") }
        return result
    }

    /// Reads a client's row counts for `AttachDataSource` or a reload, then
    /// runs `apply` with them as the call; the call is answered then.
    func readingRowCounts(of source: RemoteRows, sections: Int, call: MethodCall, later: () -> LaterAnswer<Void>, _ apply: @escaping ([Int]) -> Void) throws -> Answer<Void> {
        guard let connection = context.server?.connection else {
            throw DBusError.failed("the daemon has no connection to ask the data source on")
        }
        let answer = later()
        source.readRowCounts(on: connection, sections: sections) { [weak self] counts in
            guard let self else { return }
            answer.send(Result {
                let counts = try counts.get()
                try self.asCall { try self.mutate(call) { apply(counts) } }
            })
        }
        return .later
    }
}
