import DBus
import RxWidgetsEssentials
import WidgetsAPI

/// Calls on a widget whose rows a client serves (`RemoteRows`): answered
/// now when what they read is at hand, else once the client gave it.
extension RowsWidget {
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
        let reads = try needs()
        guard !source.missingPages(reads).isEmpty, context.server?.connection != nil else { return .now(try run(call, changing: changing, body)) }
        let answer = later()
        gather(reads, from: source) { [weak self] pages in
            guard let self else { return }
            answer.send(Result { try source.withPinned(try pages.get()) { try self.asCall { try self.run(call, changing: changing, body) } } })
        }
        return .later
    }

    /// Makes the rows `needs` read at hand for one call: the cached pages
    /// they cover are kept for it, and the missing ones asked for; `done`
    /// gets every page to pin while the call runs.
    func gather(_ needs: [RemoteRows.Need], from source: RemoteRows, _ done: @escaping (Result<[RemoteRows.PageKey: [DBusValue]], DBusError>) -> Void) {
        source.adaptPageSize()
        let kept = source.cachedPages(needs)
        let missing = source.missingPages(needs)
        guard !missing.isEmpty, let connection = context.server?.connection else { return done(.success(kept)) }
        source.fetch(missing, on: connection, checks: context.arguments, byteBudget: context.limits.messageBytes) { fetched in
            done(fetched.map { $0.merging(kept) { fetched, _ in fetched } })
        }
    }

    /// Runs a call's body, through `mutate` when it changes the widget.
    private func run<Values>(_ call: MethodCall, changing: Bool, _ body: () throws -> Values) throws -> Values {
        guard changing else { return try body() }
        var result: Values?
        try mutate(call) { result = try body() }
        guard let result else { throw DBusError.failed("internal error: the change ran no handler") }
        return result
    }

    /// `AttachDataSource`: the options checked, the cache admitted against
    /// the memory budget (the widget then holds `servedFootprint`), the
    /// client's row counts read; `serve` swaps the rows for its, as the call.
    func attachDataSource(_ object: ObjectPath, options given: DBusValue, call: MethodCall, later: () -> LaterAnswer<Void>, interface: RemoteRows.Interface,
                          servedFootprint: Int, serve: @escaping (RemoteRows, [Int]) -> Void) throws -> Answer<Void> {
        try authorize(call)
        let options = try RemoteRows.options(from: try context.arguments.options(given, allowed: DataSourceOption.types, argument: "options"))
        try admit(footprint: servedFootprint, "a data source's cache of \(RemoteRows.cacheBytes) bytes")
        let source = RemoteRows(client: call.sender, object: object, options: options, interface: interface)
        return try readingRowCounts(of: source, sections: context.limits.componentsPerWidget, call: call, later: later) { serve(source, $0) }
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
