import FoundationEssentials
import DBus
import RxWidgetsEssentials

/// A table is searched in every section at once; `Matches` reads one.
extension TableWidget: SearchableWidget {
    static let searchPart = "section"

    var searchRowCounts: [Int] {
        (0..<table.numberOfSections).map { table.numberOfRows(inSection: $0) }
    }

    func searchTitles(part: Int) -> SearchTitles? {
        let sections = dataSource.sectionModels
        guard adapter.served == nil, sections.indices.contains(part) else { return nil }
        return SearchTitles(rows: .models(sections[part].items), format: cellFormat, partKey: Self.searchPart, part: part, limit: context.limits.stringLength)
    }

    func searchTitle(row: Int, part: Int) -> String {
        table.cellForRow(at: IndexPath(row: row, section: part))?.textLabel?.text ?? ""
    }

    var servedBy: String? { adapter.served?.description }

    func answer<Values>(_ call: MethodCall, _ later: () -> LaterAnswer<Values>, readingPart part: Int, rows: Range<Int>, _ body: @escaping () throws -> Values) throws -> Answer<Values> {
        try answer(call, later, from: adapter.served, changing: false, reading: { reading(RemoteRows.Interface.cellsPart, part, rows) }, body)
    }
}
