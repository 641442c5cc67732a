import DBus

/// A kind's state as its state file keeps it: the record's version (`u`),
/// then its fields in the order that version lists them. Each kind's record
/// (`PickerState`, `TableState`, `FormState`) says what its versions hold
/// and reads every one it wrote. Files written before records had versions
/// begin with a field, never a `u`: they are read as version 0, their
/// fields told apart by count as they were then.
enum StateRecord {
    /// `version`, then `fields`, as the writer takes them.
    static func pieces(version: UInt32, _ fields: [StateValue]) -> [StateValue] {
        [.value(.uint32(version))] + fields
    }

    /// The version and the fields of a stored record.
    static func read(_ state: [DBusValue]) -> (version: UInt32, fields: [DBusValue]) {
        guard case .uint32(let version)? = state.first else { return (0, state) }
        return (version, Array(state.dropFirst()))
    }

    /// A record of an unknown version or shape: what it should have been, for the log.
    static func unreadable(_ kind: String, version: UInt32, fields: Int, expected: String) -> StateFile.ReadError {
        StateFile.ReadError(description: "a \(kind)'s state of version \(version) with \(fields) fields is not one this daemon wrote; expected \(expected)")
    }
}
