import DBus
import RxCoreEssentials
import WidgetsAPI

/// What a widget of rows (a picker, a table) says of its rows beyond their
/// titles: the headers of their columns (`SetColumns`) and the template of
/// their description lines (`SetDescriptionFormat`). Kept, checked,
/// announced and restored alike by both kinds.
struct RowColumns: Equatable, Sendable {
    var headers: [String] = []
    var descriptionFormat = RowColumns.defaultDescriptionFormat

    /// A dictionary row's `description` key is its description.
    static let defaultDescriptionFormat = "{description}"

    /// Headers as a call gives them, checked: at most the column limit
    /// (`--max-columns`), each non-empty, within the string
    /// limit and unlike the others (a header names a dictionary's key, so
    /// two alike would name one column twice). Refusals name `what`, the
    /// header's index and its value.
    static func checked(_ headers: [String], _ checks: InputChecks, _ what: String) throws -> [String] {
        guard headers.count <= checks.limits.columnsPerWidget else {
            throw WidgetsError.limitExceeded("\(what) has \(headers.count) headers; the limit is \(checks.limits.columnsPerWidget) columns")
        }
        var seen = Set<String>()
        for (index, header) in headers.enumerated() {
            try checks.checkString(header, "\(what)[\(index)] (\(quoted(header)))")
            guard !header.isEmpty else {
                throw DBusError.invalidArgs("\(what)[\(index)] is empty; expected a header of 1 or more characters")
            }
            guard !header.unicodeScalars.contains("\u{0}") else {
                throw DBusError.invalidArgs("\(what)[\(index)] \(quoted(header)) holds a NUL; expected text without one")
            }
            guard seen.insert(header).inserted else {
                throw DBusError.invalidArgs("\(what)[\(index)] \(quoted(header)) is already header \(headers.firstIndex(of: header)!); expected headers unlike each other")
            }
        }
        return headers
    }

    /// A description template as `SetDescriptionFormat` takes it.
    static func checkedFormat(_ format: String, _ checks: InputChecks, _ what: String) throws -> String {
        try checks.checkString(format, what)
        guard !format.unicodeScalars.contains("\u{0}") else {
            throw DBusError.invalidArgs("\(what) \(quoted(format)) holds a NUL; expected text without one")
        }
        return format
    }

    /// What it holds, for the memory budget.
    var footprint: Int {
        headers.reduce(Footprint.of(descriptionFormat)) { $0 + Footprint.of($1) }
    }
}

extension RowColumns {
    /// The two fields a state record keeps: `as headers`, `s description format`.
    var pieces: [StateValue] {
        [.value(.array(element: .string, headers.map(DBusValue.string))), .value(.string(descriptionFormat))]
    }

    /// From a record's two fields; none (a record of a version before
    /// columns) is no columns and the default description. Nil for fields
    /// of another shape.
    init?(stored fields: ArraySlice<DBusValue>) {
        guard !fields.isEmpty else {
            self.init()
            return
        }
        guard fields.count == 2, let stored = fields.first?.arrayElements, case let headers = stored.compactMap(\.stringValue), headers.count == stored.count,
              let format = fields.last?.stringValue else { return nil }
        self.init(headers: headers, descriptionFormat: format)
    }
}
