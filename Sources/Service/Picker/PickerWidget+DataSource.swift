import DBus
import WidgetsAPI
import RxWidgetsEssentials

/// A client as the picker's data source (`AttachDataSource`): the adapter
/// reads the rows from `RemoteRows`, and a call that needs rows not at
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
        return try attachDataSource(object, options: given, call: call, later: later, interface: .picker, servedFootprint: footprint(served: true)) { [weak self] source, counts in
            self?.serve(from: source, rowCounts: counts)
        }
    }

    /// Swaps the rows for the source's, keeping the bound ones to return to.
    private func serve(from source: RemoteRows, rowCounts: [Int]) {
        if let attached = adapter.served {
            attached.letGo()
        } else {
            beforeSource = BoundRows(components: adapter.components, selected: picker.selectedRows, bound: isBound)
        }
        source.reset(rowCounts: rowCounts)
        isBound = true
        reportContentChange()
        items.accept(.served(source))
        searchRowsChanged()
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
        searchRowsChanged()
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
    func reloadServed(_ source: RemoteRows, call: MethodCall, later: () -> LaterAnswer<Void>) throws -> Answer<Void> {
        try authorize(call)
        return try readingRowCounts(of: source, sections: context.limits.componentsPerWidget, call: call, later: later) { [weak self] counts in
            source.reset(rowCounts: counts)
            self?.reportContentChange()
            self?.picker.reloadAllComponents()
            self?.searchRowsChanged()
        }
    }

    /// Answers a call now when the rows it reads are at hand, else once
    /// the data source gave them (`Widget.answer`).
    func answer<Values>(_ call: MethodCall, _ later: () -> LaterAnswer<Values>, changing: Bool = false, reading needs: () throws -> [RowSpan], _ body: @escaping () throws -> Values) throws -> Answer<Values> {
        try answer(call, later, from: adapter.served, changing: changing, reading: { try needs().map { RemoteRows.Need(part: 0, section: $0.component, rows: $0.rows) } }, body)
    }

    /// The rows a selection's `ModelSelected` reads, as `rx.modelSelected`
    /// reads them: every component's selected row, `row` in `component`.
    func rowsModelSelected(reads row: Int, in component: Int) -> [RowSpan] {
        picker.rowsOfSelectedModels(selecting: (row, component)).compactMap { $0.row >= 0 ? ($0.section, $0.row..<$0.row + 1) : nil }
    }

    /// Refuses a call that binds rows while a data source serves them.
    func refuseWhileServed(_ method: String) throws {
        guard let source = adapter.served else { return }
        throw WidgetsError.notSupported("picker '\(name)' is served by \(source.description); \(method) binds items, so call DetachDataSource first")
    }
}
