import DBus

/// What a picker keeps across restarts (API rule 10), as a typed record.
///
/// Version 2: `b popup`, `b visible`, `b bound`, `aav components`,
/// `s adapter`, `a{sv} adapter options` (as `SetAdapter` takes them),
/// `ai selected rows`, `aa{sas} dependent` (the maps of dependent
/// components; empty without), `as columns`, `s description format`.
/// Version 1 is the first eight: no columns, the default description.
/// Version 0 (files without a version) is the
/// same fields, the last missing in files written before dependent
/// components existed.
struct PickerState {
    static let version: UInt32 = 2

    var popup: Bool
    var visible: Bool
    /// Whether items were bound (a picker may be bound to no rows).
    var bound: Bool
    /// The models of every component.
    var components: [[DBusValue]]
    var adapter: String
    var adapterOptions: DBusValue
    var selected: [Int32]
    var dependent: DBusValue
    var columns: RowColumns

    static let described = "(u version, b popup, b visible, b bound, aav components, s adapter, a{sv} options, ai selected, aa{sas} dependent, as columns, s description format)"
}

extension PickerState {
    /// The record a state file holds, of any version this daemon wrote.
    init(stored state: [DBusValue]) throws {
        let (version, fields) = StateRecord.read(state)
        let expected = version == 0 ? 7...8 : version == 1 ? 8...8 : 10...10
        // Components are an array of arrays of rows: anything else is not
        // read as no rows (the widget would come back as another one).
        guard version <= PickerState.version, expected.contains(fields.count),
              case .boolean(let popup) = fields[0], case .boolean(let visible) = fields[1], case .boolean(let bound) = fields[2],
              let stored = fields[3].arrayElements, case let components = stored.compactMap(\.arrayElements), components.count == stored.count,
              let adapter = fields[4].stringValue, let selected = try? [Int32](dbusValue: fields[6]), let columns = RowColumns(stored: fields.dropFirst(8)) else {
            throw StateRecord.unreadable("picker", version: version, fields: fields.count, expected: PickerState.described)
        }
        let dependent = fields.count >= 8 ? fields[7] : .array(element: .array(.dictEntry(key: .string, value: .array(.string))), [])
        self.init(popup: popup, visible: visible, bound: bound,
                  components: components.map { $0.map { $0.variantValue ?? $0 } },
                  adapter: adapter, adapterOptions: fields[5], selected: selected, dependent: dependent, columns: columns)
    }

    /// The record for the state writer: the models are wrapped in variants
    /// there, off the loop.
    var pieces: [StateValue] {
        StateRecord.pieces(version: PickerState.version, [
            .value(.boolean(popup)), .value(.boolean(visible)), .value(.boolean(bound)),
            .array(element: .array(.variant), components.map(StateValue.variants)),
            .value(.string(adapter)), .value(adapterOptions),
            .value(.array(element: .int32, selected.map(DBusValue.int32))), .value(dependent),
        ] + columns.pieces)
    }
}
