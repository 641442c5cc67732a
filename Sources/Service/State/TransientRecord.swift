import DBus

/// What a state file keeps of a transient widget: the unique name of its
/// creator, whose leaving the bus destroys it, the id of the bus that name
/// belongs to, and whether it is private. A daemon that restores the file
/// (after `--replace`, a restart or a crash) puts the widget back only on
/// that bus and while that creator is still on it, and keeps watching it;
/// the file ends with the piece `(s "transient", av record)`, before any
/// prompt's record.
struct TransientRecord: Equatable {
    static let tag = "transient"
    static let version: UInt32 = 1

    var creator: String
    var bus: String
    var isPrivate: Bool

    var piece: StateValue {
        StateRecord.tagged(TransientRecord.tag, version: TransientRecord.version, [.value(.string(creator)), .value(.string(bus)), .value(.boolean(isPrivate))])
    }
}

extension TransientRecord {
    /// The record a state file holds; `StateFile.ReadError` for one this daemon did not write.
    init(stored record: [DBusValue]) throws {
        let (version, fields) = StateRecord.read(record.map { $0.variantValue ?? $0 })
        guard version == TransientRecord.version, fields.count == 3, let creator = fields[0].stringValue, creator.hasPrefix(":"),
              let bus = fields[1].stringValue, case .boolean(let isPrivate) = fields[2] else {
            throw StateRecord.unreadable("transient widget", version: version, fields: fields.count, expected: "(u version, s creator, s bus, b private)")
        }
        self.init(creator: creator, bus: bus, isPrivate: isPrivate)
    }
}
