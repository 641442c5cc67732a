import DBus
import WidgetsAPI
import RxWidgets

/// A client as the picker's data source (`AttachDataSource`): the adapter
/// reads the rows from `RemotePickerRows`, and a call that needs rows not at
/// hand is answered once the client gave them.
extension PickerWidget {
    /// The rows bound in the daemon, their selection, and whether any were:
    /// what a picker returns to when its data source is let go of.
    struct BoundRows {
        let components: [[DBusValue]]
        let selected: [Int]
        let bound: Bool
    }

    /// Rows of a component a call reads.
    typealias RowSpan = (component: Int, rows: Range<Int>)

    /// `AttachDataSource`: reads the client's row counts, then serves its
    /// rows in place of the bound ones (kept, for `DetachDataSource`).
    func attachDataSource(_ object: ObjectPath, options given: DBusValue, call: MethodCall, later: () -> LaterAnswer<Void>) throws -> Answer<Void> {
        try authorize(call)
        guard dependent == nil else {
            throw WidgetsError.notSupported("picker '\(name)' has dependent components, which it derives itself; it cannot take a data source")
        }
        let options = try RemotePickerRows.options(from: try context.arguments.options(given, allowed: RemotePickerRows.Options.types, argument: "options"))
        try admit(footprint: footprint(served: true), "a data source's cache of \(RemotePickerRows.cacheBytes) bytes")
        guard let connection = context.server?.connection else {
            throw DBusError.failed("the daemon has no connection to ask the data source on")
        }
        let source = RemotePickerRows(client: call.sender, object: object, options: options)
        let answer = later()
        source.readRowCounts(on: connection, components: context.limits.componentsPerWidget) { [weak self] counts in
            guard let self else { return }
            answer.send(Result {
                let counts = try counts.get()
                try self.asCall {
                    try self.mutate(call) { self.serve(from: source, rowCounts: counts) }
                }
            })
        }
        return .later
    }

    /// Swaps the rows for the source's, keeping the bound ones to return to.
    private func serve(from source: RemotePickerRows, rowCounts: [Int]) {
        if let attached = adapter.served {
            attached.letGo()
        } else {
            beforeSource = BoundRows(components: adapter.components, selected: picker.selectedRows, bound: isBound)
        }
        source.reset(rowCounts: rowCounts)
        isBound = true
        reportContentChange()
        items.accept(.served(source))
        Hooks.log("<6>rxwidgetsd: picker '\(name)': \(source.description) serves \(rowCounts.count) components")
    }

    /// `DetachDataSource`, or the source's client left the bus: the rows
    /// bound before it was attached come back, with their selection.
    func detachDataSource() throws {
        guard let source = adapter.served else {
            throw WidgetsError.notSupported("picker '\(name)' has no data source attached")
        }
        source.letGo()
        let before = beforeSource ?? BoundRows(components: [], selected: [], bound: false)
        beforeSource = nil
        isBound = before.bound
        reportContentChange()
        items.accept(.bound(before.components))
        for (component, row) in before.selected.enumerated() where row >= 0 {
            picker.selectRow(row, inComponent: component, animated: false)
        }
    }

    /// A client left the bus: when it served the rows, the bound ones come back.
    func dataSourceClientLeft(_ uniqueName: String) {
        guard let source = adapter.served, source.client == uniqueName else { return }
        Hooks.log("<5>rxwidgetsd: picker '\(name)': \(source.description) left the bus; the picker shows its bound items again")
        changeOnItsOwn { try? detachDataSource() }
    }

    /// `ReloadAllComponents` / `ReloadComponent` on a served picker: the
    /// source's row counts are read again and the cache dropped.
    func reloadServed(_ source: RemotePickerRows, call: MethodCall, later: () -> LaterAnswer<Void>) throws -> Answer<Void> {
        try authorize(call)
        guard let connection = context.server?.connection else {
            throw DBusError.failed("the daemon has no connection to ask the data source on")
        }
        let answer = later()
        source.readRowCounts(on: connection, components: context.limits.componentsPerWidget) { [weak self] counts in
            guard let self else { return }
            answer.send(Result {
                let counts = try counts.get()
                try self.asCall {
                    try self.mutate(call) {
                        source.reset(rowCounts: counts)
                        self.reportContentChange()
                        self.picker.reloadAllComponents()
                    }
                }
            })
        }
        return .later
    }

    /// Answers a call now when the rows it reads are at hand (always for
    /// bound rows), else once the data source gave them, or with
    /// `DataSourceUnavailable`; the calls after it wait meanwhile. A
    /// changing call is authorized before anything is asked, and `body`
    /// runs (again checking its arguments) as the call, state first.
    func answer<Values>(_ call: MethodCall, _ later: () -> LaterAnswer<Values>, changing: Bool = false, reading needs: () throws -> [RowSpan], _ body: @escaping () throws -> Values) throws -> Answer<Values> {
        guard let source = adapter.served else { return .now(try run(call, changing: changing, body)) }
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

    /// Runs a call's body, through `mutate` when it changes the picker.
    private func run<Values>(_ call: MethodCall, changing: Bool, _ body: () throws -> Values) throws -> Values {
        guard changing else { return try body() }
        var result: Values?
        try mutate(call) { result = try body() }
        guard let result else { throw DBusError.failed("internal error: the change ran no handler") }
        return result
    }

    /// The rows a selection's `ModelSelected` reads: every component's
    /// selected row, `row` in `component`.
    func rowsModelSelected(reads row: Int, in component: Int) -> [RowSpan] {
        (0..<picker.numberOfComponents).compactMap { index in
            let selected = index == component ? row : picker.selectedRow(inComponent: index)
            return selected >= 0 ? (index, selected..<selected + 1) : nil
        }
    }

    /// Refuses a call that binds rows while a data source serves them.
    func refuseWhileServed(_ method: String) throws {
        guard let source = adapter.served else { return }
        throw WidgetsError.notSupported("picker '\(name)' is served by \(source.description); \(method) binds items, so call DetachDataSource first")
    }
}
