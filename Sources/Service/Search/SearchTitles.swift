import DBus

/// The titles of one part of a widget's rows (a picker's component, a
/// table's section) as the search reads them: the rows taken on the loop
/// (the array shared, not copied) and rendered as `TitleForRow` or
/// `CellForRow` renders them, on whichever thread searches.
struct SearchTitles: Sendable {
    enum Rows: Sendable {
        case values([DBusValue])
        case models([TableModel])
    }

    let rows: Rows
    /// The template rows are rendered with.
    let format: String
    /// The placeholder naming the part ("component" or "section") and its index.
    let partKey: String
    let part: Int
    /// The most characters a rendered title has.
    let limit: Int
    /// Whether the format is the default one, under which a string is its own title.
    private let plain: Bool

    init(rows: Rows, format: String, partKey: String, part: Int, limit: Int) {
        self.rows = rows
        self.format = format
        self.partKey = partKey
        self.part = part
        self.limit = limit
        plain = format == PickerAdapterConfig.valueFormat
    }

    var count: Int {
        switch rows {
        case .values(let values): return values.count
        case .models(let models): return models.count
        }
    }

    /// The title of `value`, the model of row `row`.
    @inline(__always)
    func title(of value: DBusValue, row: Int) -> String {
        // A string under the default format is its own title, as the adapters render it.
        if plain, case .string(let text) = value, text.utf8.count <= limit {
            return text
        }
        return fill(format, ["row": String(row), partKey: String(part), "value": value.textForm], limit: limit)
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
