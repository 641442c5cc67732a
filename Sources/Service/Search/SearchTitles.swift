import DBus

/// The titles of one part of a widget's rows (a picker's component, a
/// table's section) as the search reads them: the rows taken on the loop
/// (the array shared, not copied) and rendered as `TitleForRow` or
/// `CellForRow` renders them — with their descriptions when the search
/// asks for them (`RowText.searched`) — on whichever thread searches.
struct SearchTitles: Sendable {
    enum Rows: Sendable {
        case values([DBusValue])
        case models([TableModel])
    }

    let rows: Rows
    /// How a row reads.
    let text: RowText
    let part: Int
    /// What of each row is searched.
    let fields: SearchFields

    init(rows: Rows, text: RowText, part: Int, fields: SearchFields) {
        self.rows = rows
        self.text = text
        self.part = part
        self.fields = fields
    }

    var count: Int {
        switch rows {
        case .values(let values): return values.count
        case .models(let models): return models.count
        }
    }

    /// The text searched of `value`, the model of row `row`.
    @inline(__always)
    func title(of value: DBusValue, row: Int) -> String {
        text.searched(value, row: row, part: part, fields: fields)
    }

    /// Calls `body` with each row of `rows` (indexes into all rows) and its
    /// title, in order, while it returns true; the rows array is taken once,
    /// not for every row.
    func forEach(in rows: some Sequence<Int>, _ body: (Int, String) -> Bool) {
        switch self.rows {
        case .values(let values):
            for row in rows where !body(row, title(of: values[row], row: row)) { return }
        case .models(let models):
            for row in rows where !body(row, title(of: models[row].value, row: row)) { return }
        }
    }
}
