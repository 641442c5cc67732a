import DBus

/// What a state file keeps of a transient widget: the unique name of its
/// creator, whose leaving the bus destroys it, and whether it is private.
/// A daemon that restores the file (after `--replace`, a restart or a
/// crash) puts the widget back only while that creator is still on the
/// bus, and keeps watching it; the file ends with the piece
/// `(s "transient", av record)`, before any prompt's record.
struct TransientRecord: Equatable {
    static let tag = "transient"
    static let version: UInt32 = 1

    var creator: String
    var isPrivate: Bool

    var piece: StateValue {
        StateRecord.tagged(TransientRecord.tag, version: TransientRecord.version, [.value(.string(creator)), .value(.boolean(isPrivate))])
    }
}

extension TransientRecord {
    /// The record a state file holds; `StateFile.ReadError` for one this daemon did not write.
    init(stored record: [DBusValue]) throws {
        let (version, fields) = StateRecord.read(record.map { $0.variantValue ?? $0 })
        guard version == TransientRecord.version, fields.count == 2, let creator = fields[0].stringValue, creator.hasPrefix(":"),
              case .boolean(let isPrivate) = fields[1] else {
            throw StateRecord.unreadable("transient widget", version: version, fields: fields.count, expected: "(u version, s creator, b private)")
        }
        self.init(creator: creator, isPrivate: isPrivate)
    }
}
