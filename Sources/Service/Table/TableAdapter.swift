import FoundationEssentials
import DBus
import RxWidgetsEssentials

/// The served table's data source: the sections bound in the daemon (an
/// animated data source, which diffs each binding against the last), or a
/// client's data source read through its page cache while one is attached.
/// The table and `rx.model(at:)` ask it; it answers from whichever serves.
final class TableAdapter: TableViewDataSource, RxTableViewDataSourceType, SectionedViewDataSourceType {
    typealias Element = [TableSection]

    /// The bound sections; kept while a client serves, to return to.
    let bound: RxTableViewSectionedAnimatedDataSource<TableSection>
    /// The client's data source serving the rows, when one does.
    var served: RemoteRows?

    init(bound: RxTableViewSectionedAnimatedDataSource<TableSection>) {
        self.bound = bound
    }

    func tableView(_ tableView: TableView, observedEvent: Event<[TableSection]>) {
        bound.tableView(tableView, observedEvent: observedEvent)
    }

    /// A row's model; a served row's, which the call reading it has had
    /// fetched, is the unit value when it was not.
    func model(at indexPath: IndexPath) throws -> Any {
        guard let served else { return try bound.model(at: indexPath) }
        guard served.rowCounts.indices.contains(indexPath.section), indexPath.row >= 0, indexPath.row < served.rowCounts[indexPath.section] else {
            throw RxCocoaError.itemsNotYetBound(object: "table")
        }
        return TableModel(value: served.row(indexPath.row, part: RemoteRows.Interface.modelsPart, section: indexPath.section) ?? .string(""))
    }

    func numberOfSections(in tableView: TableView) -> Int {
        served?.rowCounts.count ?? bound.numberOfSections(in: tableView)
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        guard let served else { return bound.tableView(tableView, numberOfRowsInSection: section) }
        return served.rowCounts.indices.contains(section) ? served.rowCounts[section] : 0
    }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        guard let served else { return bound.tableView(tableView, cellForRowAt: indexPath) }
        guard case .structure(let fields)? = served.row(indexPath.row, part: RemoteRows.Interface.cellsPart, section: indexPath.section), fields.count == 2 else {
            return TableViewCell(style: .default, reuseIdentifier: "")
        }
        let cell = TableViewCell(style: .default, reuseIdentifier: fields[0].stringValue ?? "")
        cell.textLabel?.text = fields[1].stringValue ?? ""
        return cell
    }

    /// A served section has no header.
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        served == nil ? bound.tableView(tableView, titleForHeaderInSection: section) : ""
    }

    func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
        served == nil ? bound.tableView(tableView, titleForFooterInSection: section) : nil
    }

    func sectionIndexTitles(for tableView: TableView) -> [String]? {
        served == nil ? bound.sectionIndexTitles(for: tableView) : nil
    }

    func tableView(_ tableView: TableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
        bound.tableView(tableView, sectionForSectionIndexTitle: title, at: index)
    }

    /// A served row is the client's: the daemon neither deletes nor moves it.
    func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool {
        served == nil && bound.tableView(tableView, canEditRowAt: indexPath)
    }

    func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool {
        served == nil && bound.tableView(tableView, canMoveRowAt: indexPath)
    }

    func tableView(_ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        bound.tableView(tableView, commit: editingStyle, forRowAt: indexPath)
    }

    func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        bound.tableView(tableView, moveRowAt: sourceIndexPath, to: destinationIndexPath)
    }
}
