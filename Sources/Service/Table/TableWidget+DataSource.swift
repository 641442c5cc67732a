import FoundationEssentials
import DBus
import WidgetsAPI
import RxWidgetsEssentials

/// A client as the table's data source (`AttachDataSource`): the adapter
/// reads cells and models from `RemoteRows`, and a call that needs rows not
/// at hand is answered once the client gave them.
extension TableWidget {
    /// What a table returns to when its data source is let go of: its
    /// selection then, and whether any sections were bound (the sections
    /// themselves stay in the bound data source meanwhile).
    struct BeforeSource {
        let selected: [IndexPath]
        let bound: Bool
    }

    /// `AttachDataSource`: reads the client's row counts, then serves its
    /// rows in place of the bound ones.
    func attachDataSource(_ object: ObjectPath, options given: DBusValue, call: MethodCall, later: () -> LaterAnswer<Void>) throws -> Answer<Void> {
        try attachDataSource(object, options: given, call: call, later: later, interface: .table, servedFootprint: footprint(served: true)) { [weak self] source, counts in
            self?.serve(from: source, rowCounts: counts)
        }
    }

    /// Swaps the rows for the source's: the table reloads, its selection
    /// kept aside for when the source is let go of.
    private func serve(from source: RemoteRows, rowCounts: [Int]) {
        if let attached = adapter.served {
            attached.letGo()
        } else {
            beforeSource = BeforeSource(selected: table.indexPathsForSelectedRows ?? [], bound: isBound)
        }
        source.reset(rowCounts: rowCounts)
        adapter.served = source
        isBound = true
        reloadAll(clearingSelection: true)
        Hooks.log("<6>rxwidgetsd: table '\(name)': \(source.description) serves \(rowCounts.count) sections")
    }

    /// The table takes its data source's rows again, announced as `Reloaded`.
    private func reloadAll(clearingSelection: Bool) {
        if clearingSelection {
            for path in table.indexPathsForSelectedRows ?? [] {
                table.deselectRow(at: path, animated: false)
            }
        }
        reportContentChange()
        table.reloadData()
        searchRowsChanged()
        emit(API.reloaded)
    }

    /// `DetachDataSource`, or the source's client left the bus: the bound
    /// sections come back, with their selection.
    func detachDataSource() throws {
        guard let source = adapter.served else {
            throw WidgetsError.notSupported("table '\(name)' has no data source attached")
        }
        source.letGo()
        adapter.served = nil
        let before = beforeSource ?? BeforeSource(selected: [], bound: false)
        beforeSource = nil
        isBound = before.bound
        reloadAll(clearingSelection: true)
        for path in before.selected where table.contains(path) {
            table.selectRow(at: path, animated: false, scrollPosition: .none)
        }
    }

    /// A client left the bus: when it served the rows, the bound ones come back.
    func dataSourceClientLeft(_ uniqueName: String) {
        guard let source = adapter.served, source.client == uniqueName else { return }
        Hooks.log("<5>rxwidgetsd: table '\(name)': \(source.description) left the bus; the table shows its bound sections again")
        changeOnItsOwn { try? detachDataSource() }
    }

    /// `ReloadData`: a served table reads its source's row counts again,
    /// drops the cache and reloads; bound sections are the daemon's and stay.
    func reloadData(call: MethodCall, later: () -> LaterAnswer<Void>) throws -> Answer<Void> {
        try authorize(call)
        guard let source = adapter.served else { return .now(()) }
        return try readingRowCounts(of: source, sections: context.limits.componentsPerWidget, call: call, later: later) { [weak self] counts in
            source.reset(rowCounts: counts)
            self?.reloadAll(clearingSelection: true)
        }
    }

    /// What a call reads of a served table: one part of some rows.
    func reading(_ part: Int, _ section: Int, _ rows: Range<Int>) -> [RemoteRows.Need] {
        [RemoteRows.Need(part: part, section: section, rows: rows)]
    }

    /// The models a user's selection of `path` reads: its own, and the one
    /// it deselects when only one row may be selected.
    func modelsSelecting(_ path: IndexPath) -> [RemoteRows.Need] {
        var paths = [path]
        if !table.allowsMultipleSelection, let previous = table.indexPathForSelectedRow, previous != path {
            paths.append(previous)
        }
        return paths.map { RemoteRows.Need(part: RemoteRows.Interface.modelsPart, section: $0.section, rows: $0.row..<$0.row + 1) }
    }

    /// Refuses a call that binds or edits rows while a data source serves them.
    func refuseWhileServed(_ method: String) throws {
        guard let source = adapter.served else { return }
        throw WidgetsError.notSupported("table '\(name)' is served by \(source.description), which owns its rows; \(method) changes rows, so change them there and call ReloadData, or call DetachDataSource first")
    }
}
