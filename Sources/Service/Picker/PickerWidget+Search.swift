import DBus

/// A picker is searched by component: `SetFilter`'s `component` option
/// names the one searched; the others keep all their rows.
extension PickerWidget: SearchableWidget {
    static let searchPart = "component"

    var searchRowCounts: [Int] { picker.rowCounts }

    func searchTitles(part: Int) -> SearchTitles? {
        guard adapter.served == nil, adapter.components.indices.contains(part) else { return nil }
        return SearchTitles(rows: .values(adapter.components[part]), format: adapter.config.format, partKey: Self.searchPart, part: part, limit: adapter.titleLimit)
    }

    func searchTitle(row: Int, part: Int) -> String {
        picker.title(forRow: row, forComponent: part) ?? ""
    }

    var servedBy: String? { adapter.served?.description }

    func answer<Values>(_ call: MethodCall, _ later: () -> LaterAnswer<Values>, readingPart part: Int, rows: Range<Int>, _ body: @escaping () throws -> Values) throws -> Answer<Values> {
        try answer(call, later, reading: { [(part, rows)] }, body)
    }
}
