import CGtk
import FrontEndCore
import Localization
import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine

/// A table window's columns and descriptions: the cells of a column view
/// with a column per header, titles with their descriptions under them,
/// and the rows in the order a header's click sorted them.
extension TableWindow {
    /// Cells of column `index`: each row's text of that column, as `RowDetails` gives it.
    func columnFactory(_ index: Int) -> OpaquePointer {
        let factory = gtk_signal_list_item_factory_new()!
        Signals.onObject(UnsafeMutableRawPointer(factory), "setup") { item in
            let label = gtk_label_new(nil)!
            gtk_label_set_xalign(label.c(), 0)
            gtk_list_item_set_child(OpaquePointer(item), label)
        }
        Signals.onObject(UnsafeMutableRawPointer(factory), "bind") { [weak self] item in
            guard let self, let item else { return }
            let label: Widget = gtk_list_item_get_child(OpaquePointer(item))
            let columns = details[Int(gtk_list_item_get_position(OpaquePointer(item)))]?.columns ?? []
            gtk_label_set_text(label.c(), columns.indices.contains(index) ? columns[index] : "")
        }
        return factory
    }

    /// The texts of the list's rows `rows` in the order sorted: the rows
    /// they show read by runs of neighbours, cells and details together.
    func sortedTexts(_ positions: Range<Int>) -> Observable<[String]> {
        let shownRows = model.shownRows
        let rows = positions.clamped(to: 0..<shownRows.count).map { shownRows[$0].row }
        let table = core.table
        let reads = RowOrder.runs(of: rows).map { run in
            Observable.zip(table.rx.cells(section: 0, first: run.lowerBound, count: run.count), table.rx.rowDetails(in: 0, first: run.lowerBound, count: run.count))
                .map { (run, $0.map(\.text), $1.details) }.asSingle()
        }
        return Single.zip(reads).map { [weak self] fetched in
            var texts: [Int: (String, RowDetail?)] = [:]
            for (run, cells, details) in fetched {
                for (offset, cell) in cells.enumerated() {
                    texts[run.lowerBound + offset] = (cell, details.indices.contains(offset) ? details[offset] : nil)
                }
            }
            return rows.enumerated().map { offset, row in
                self?.details[positions.lowerBound + offset] = texts[row]?.1
                return texts[row]?.0 ?? ""
            }
        }.asObservable()
    }

    /// A header clicked: every row's text of that column read (in pages),
    /// then the rows shown in its order; nil shows them in their own.
    func sort(by key: (column: Int, ascending: Bool)?) {
        sortedBy = key
        guard let key else {
            core.program.receive(.ordered(nil))
            return
        }
        let counts = model.daemon.rowCounts
        guard counts.count == 1, counts[0] <= RowOrder.maximumRows else {
            // TRANSLATORS: {0} is a number of rows (1,000,000 or so).
            dialog.say(tr("a click on a header sorts a table of one section of at most {0} rows", RowOrder.maximumRows.groupedDigits))
            return
        }
        let table = core.table
        let pages = stride(from: 0, to: counts[0], by: RemoteWindowLimits.pageLimit).map { first in
            table.rx.rowDetails(in: 0, first: first, count: min(RemoteWindowLimits.pageLimit, counts[0] - first)).map(\.details).asSingle()
        }
        Single.zip(pages).subscribe(onSuccess: { [weak self] pages in
            guard let self, sortedBy.map({ $0 == key }) == true else { return }
            let keys = pages.flatMap { $0 }.map { $0.columns.indices.contains(key.column) ? $0.columns[key.column] : "" }
            core.program.receive(.ordered(RowOrder(keys: keys, ascending: key.ascending)))
        }, onFailure: { [weak self] in self?.dialog.say("\($0)") }).disposed(by: disposeBag)
    }
}
