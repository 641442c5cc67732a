import DBus

/// What a file chooser keeps across restarts (API rule 10), as a typed record.
///
/// Version 1: `s mode`, `b multiple`, `a(sas) filters`, `i filter`,
/// `s folder`, `as selection`, `s name`, `b confirm_overwrite`.
struct FileChooserState {
    static let version: UInt32 = 1

    var mode: String
    var multiple: Bool
    var filters: [(name: String, patterns: [String])]
    var filter: Int32
    var folder: String
    var selection: [String]
    var name: String
    var confirmOverwrite: Bool

    static let described = "(u version, s mode, b multiple, a(sas) filters, i filter, s folder, as selection, s name, b confirm_overwrite)"
}

extension FileChooserState {
    /// The record a state file holds, of any version this daemon wrote.
    init(stored state: [DBusValue]) throws {
        let (version, fields) = StateRecord.read(state)
        guard version == FileChooserState.version, fields.count == 8, let mode = fields[0].stringValue, case .boolean(let multiple) = fields[1],
              let filters = try? [DBusStruct<String, [String]>](dbusValue: fields[2]), case .int32(let filter) = fields[3], let folder = fields[4].stringValue,
              let selection = try? [String](dbusValue: fields[5]), let name = fields[6].stringValue, case .boolean(let confirmOverwrite) = fields[7] else {
            throw StateRecord.unreadable("file chooser", version: version, fields: fields.count, expected: FileChooserState.described)
        }
        self.init(mode: mode, multiple: multiple, filters: filters.map { (name: $0.fields.0, patterns: $0.fields.1) }, filter: filter, folder: folder, selection: selection, name: name,
                  confirmOverwrite: confirmOverwrite)
    }

    var pieces: [StateValue] {
        StateRecord.pieces(version: FileChooserState.version, [
            .value(.string(mode)), .value(.boolean(multiple)),
            .value(.array(element: .structure([.string, .array(.string)]), filters.map { .structure([.string($0.name), $0.patterns.dbusValue]) })),
            .value(.int32(filter)), .value(.string(folder)), .value(selection.dbusValue), .value(.string(name)), .value(.boolean(confirmOverwrite)),
        ])
    }
}
