import FoundationEssentials
import DBus
import RxWidgetsEssentials

/// A table is searched in every section at once; `Matches` reads one.
extension TableWidget: ColumnedWidget {
    static let searchPart = "section"

    var searchRowCounts: [Int] {
        (0..<table.numberOfSections).map { table.numberOfRows(inSection: $0) }
    }

    func searchTitles(part: Int, fields: SearchFields) -> SearchTitles? {
        boundModels(part: part).map { SearchTitles(rows: $0, text: rowText, part: part, fields: fields) }
    }

    func boundModels(part: Int) -> SearchTitles.Rows? {
        let sections = dataSource.sectionModels
        guard adapter.served == nil, sections.indices.contains(part) else { return nil }
        return .models(sections[part].items)
    }

    var rowText: RowText {
        RowText(format: cellFormat, columns: rowColumns, partKey: Self.searchPart, limit: context.limits.stringLength)
    }

    func searchTitle(row: Int, part: Int) -> String {
        table.cellForRow(at: IndexPath(row: row, section: part))?.textLabel?.text ?? ""
    }

    var servedBy: String? { adapter.served?.description }

    func answer<Values>(_ call: MethodCall, _ later: () -> LaterAnswer<Values>, readingPart part: Int, rows: Range<Int>, _ body: @escaping () throws -> Values) throws -> Answer<Values> {
        try answer(call, later, from: adapter.served, changing: false, reading: { reading(RemoteRows.Interface.cellsPart, part, rows) }, body)
    }
}
