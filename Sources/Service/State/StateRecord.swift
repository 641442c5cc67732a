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

    /// A record a state file keeps beside the kind's own (a prompt's, a
    /// transient widget's): `(s tag, av record)`, the record `version`
    /// then `fields`, each inside a variant.
    static func tagged(_ tag: String, version: UInt32, _ fields: [StateValue]) -> StateValue {
        .structure([.value(.string(tag)), .array(element: .variant, pieces(version: version, fields).map { .value(.variant($0.materialized)) })])
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
