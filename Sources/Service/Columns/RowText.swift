import DBus

/// How a widget's rows read as text: the title a format renders, the
/// columns a model holds, the description line — one set of rules for
/// `TitleForRow`, `CellForRow`, `RowDetails` and the search, on whichever
/// thread reads them (it holds only values).
struct RowText: Sendable {
    /// The title template (`SetAdapter`'s format, `SetCellFormat`).
    let format: String
    let columns: RowColumns
    /// The placeholder naming the rows' part: "component" or "section".
    let partKey: String
    /// The most characters (Unicode scalars) any text rendered has.
    let limit: Int
    /// Whether the format is the default one, under which a string is its own title.
    private let plain: Bool

    init(format: String, columns: RowColumns, partKey: String, limit: Int) {
        self.format = format
        self.columns = columns
        self.partKey = partKey
        self.limit = limit
        plain = format == PickerAdapterConfig.valueFormat
    }

    /// The title of `value`, the model of row `row` of part `part`. Under
    /// the default format: a string is itself, a dictionary with a `title`
    /// key is titled by it, a row of a widget with columns by its columns
    /// joined by two spaces, anything else by its text form.
    @inline(__always)
    func title(of value: DBusValue, row: Int, part: Int) -> String {
        if plain {
            if case .string(let text) = value, text.utf8.count <= limit {
                return text
            }
            if let title = RowText.entry("title", of: value) {
                return clipped(title.textForm)
            }
            if !columns.headers.isEmpty {
                return clipped(columnTexts(of: value).joined(separator: "  "))
            }
        }
        return render(format, value, row: row, part: part, missingIsEmpty: false)
    }

    /// The description line of `value`: the description format filled, a
    /// placeholder naming nothing the row has left empty.
    func description(of value: DBusValue, row: Int, part: Int) -> String {
        render(columns.descriptionFormat, value, row: row, part: part, missingIsEmpty: true)
    }

    /// The text of each column of `value`, one per header: a list's values
    /// in order, a dictionary's values of the headers' keys, any other
    /// model as the first column; "" where the model has none.
    func columnTexts(of value: DBusValue) -> [String] {
        columns.headers.indices.map { clipped(column($0, of: value)?.textForm ?? "") }
    }

    /// What a search in `fields` reads of a row: its title, its
    /// description, or both on two lines.
    func searched(_ value: DBusValue, row: Int, part: Int, fields: SearchFields) -> String {
        switch fields {
        case .title: return title(of: value, row: row, part: part)
        case .description: return description(of: value, row: row, part: part)
        case .both: return title(of: value, row: row, part: part) + "\n" + description(of: value, row: row, part: part)
        }
    }

    // MARK: Placeholders

    private func render(_ template: String, _ value: DBusValue, row: Int, part: Int, missingIsEmpty: Bool) -> String {
        fill(template, limit: limit) { name in
            switch name {
            case "row": return String(row)
            case partKey: return String(part)
            case "value": return value.textForm
            default: break
            }
            if let index = Int(name), index >= 0, name.allSatisfy(\.isASCII) {
                return column(index, of: value)?.textForm ?? ""
            }
            let key = String(name)
            if let index = columns.headers.firstIndex(of: key) {
                return column(index, of: value)?.textForm ?? ""
            }
            if let entry = RowText.entry(key, of: value) {
                return entry.textForm
            }
            return missingIsEmpty || key == "description" ? "" : nil
        }
    }

    /// Column `index` of `value`, when the model holds one there.
    private func column(_ index: Int, of value: DBusValue) -> DBusValue? {
        switch value {
        case .variant(let inner):
            return column(index, of: inner)
        case .structure(let fields):
            return fields.indices.contains(index) ? fields[index] : nil
        case .array(_, let elements):
            if case .dictEntry? = elements.first {
                return columns.headers.indices.contains(index) ? RowText.entry(columns.headers[index], of: value) : nil
            }
            return elements.indices.contains(index) ? elements[index] : nil
        default:
            return index == 0 ? value : nil
        }
    }

    /// The value of a dictionary's string key `key`; nil for any other model.
    static func entry(_ key: String, of value: DBusValue) -> DBusValue? {
        guard case .array(_, let elements) = value else {
            if case .variant(let inner) = value { return entry(key, of: inner) }
            return nil
        }
        for element in elements {
            guard case .dictEntry(let entryKey, let entryValue) = element else { return nil }
            if case .string(key) = entryKey {
                return entryValue
            }
        }
        return nil
    }

    private func clipped(_ text: String) -> String {
        guard !text.fits(characters: limit) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit)))
    }
}

/// What a search reads of each row (`SetFilter`'s `in`).
enum SearchFields: Sendable, Equatable {
    case title, description, both
}
