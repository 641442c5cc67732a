import DBus
import RxWidgetsEssentials
import WidgetsAPI

/// What a table keeps across restarts (API rule 10), as a typed record.
///
/// Version 2: `b bound`, `a(sav) sections` (header and models), `s cell
/// format`, `a(ii) selected`, `b multiple selection`, `b editable`, `as
/// columns`, `s description format`. Version 1, and 0 (files without a
/// version), are the first six: no columns, the default description.
struct TableState {
    static let version: UInt32 = 2

    var bound: Bool
    var sections: [(header: String, models: [DBusValue])]
    var cellFormat: String
    var selected: [IndexPath]
    var allowsMultipleSelection: Bool
    var editable: Bool
    var columns: RowColumns

    static let described = "(u version, b bound, a(sav) sections, s format, a(ii) selected, b multiple, b editable, as columns, s description format)"
}

extension TableState {
    /// The record a state file holds, of any version this daemon wrote.
    init(stored state: [DBusValue]) throws {
        let (version, fields) = StateRecord.read(state)
        // Sections are (header, models) each: anything else is not read as
        // empty sections (the widget would come back as another one).
        guard version <= TableState.version, fields.count == (version < 2 ? 6 : 8), case .boolean(let bound) = fields[0], let format = fields[2].stringValue,
              let stored = fields[1].arrayElements, case let sections = stored.compactMap(TableState.section), sections.count == stored.count,
              let selected = try? [IndexPath](dbusValue: fields[3]), case .boolean(let multiple) = fields[4], case .boolean(let editable) = fields[5] else {
            throw StateRecord.unreadable("table", version: version, fields: fields.count, expected: TableState.described)
        }
        guard let columns = RowColumns(stored: fields.dropFirst(6)) else {
            throw StateRecord.unreadable("table", version: version, fields: fields.count, expected: TableState.described)
        }
        self.init(bound: bound, sections: sections, cellFormat: format, selected: selected, allowsMultipleSelection: multiple, editable: editable, columns: columns)
    }

    /// A stored section's header and models; nil for anything but a `(s, av)`.
    private static func section(_ value: DBusValue) -> (header: String, models: [DBusValue])? {
        guard case .structure(let parts) = value, parts.count == 2, let header = parts[0].stringValue, let models = parts[1].arrayElements else { return nil }
        return (header, models.map { $0.variantValue ?? $0 })
    }

    /// The record for the state writer: the models are wrapped in variants
    /// there, off the loop.
    var pieces: [StateValue] {
        StateRecord.pieces(version: TableState.version, [
            .value(.boolean(bound)),
            .array(element: .structure([.string, .array(.variant)]), sections.map { .structure([.value(.string($0.header)), .variants($0.models)]) }),
            .value(.string(cellFormat)), .value(selected.dbusValue), .value(.boolean(allowsMultipleSelection)), .value(.boolean(editable)),
        ] + columns.pieces)
    }
}
