import DBus

/// A picker is searched by component: `SetFilter`'s `component` option
/// names the one searched; the others keep all their rows.
extension PickerWidget: ColumnedWidget {
    static let searchPart = "component"

    var searchRowCounts: [Int] { picker.rowCounts }

    func searchTitles(part: Int, fields: SearchFields) -> SearchTitles? {
        boundModels(part: part).map { SearchTitles(rows: $0, text: rowText, part: part, fields: fields) }
    }

    func boundModels(part: Int) -> SearchTitles.Rows? {
        guard adapter.served == nil, adapter.components.indices.contains(part) else { return nil }
        return .values(adapter.components[part])
    }

    var rowText: RowText { adapter.rowText }

    var rowColumns: RowColumns {
        get { adapter.columns }
        set { adapter.columns = newValue }
    }

    func searchTitle(row: Int, part: Int) -> String {
        picker.title(forRow: row, forComponent: part) ?? ""
    }

    var servedBy: String? { adapter.served?.description }

    func answer<Values>(_ call: MethodCall, _ later: () -> LaterAnswer<Values>, readingPart part: Int, rows: Range<Int>, _ body: @escaping () throws -> Values) throws -> Answer<Values> {
        try answer(call, later, reading: { [(part, rows)] }, body)
    }
}
