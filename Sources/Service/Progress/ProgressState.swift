import DBus

/// What a progress keeps across restarts (API rule 10), as a typed record.
///
/// Version 1: `d value`, `d maximum`, `s text`, `b cancellable`, `s state`,
/// `a(ss) steps` (title and status).
struct ProgressState {
    static let version: UInt32 = 1

    var value: Double
    var maximum: Double
    var text: String
    var cancellable: Bool
    var state: String
    var steps: [(title: String, status: String)]

    static let described = "(u version, d value, d maximum, s text, b cancellable, s state, a(ss) steps)"
}

extension ProgressState {
    /// The record a state file holds, of any version this daemon wrote.
    init(stored state: [DBusValue]) throws {
        let (version, fields) = StateRecord.read(state)
        guard version >= 1, version <= ProgressState.version, fields.count == 6, case .double(let value) = fields[0], case .double(let maximum) = fields[1],
              let text = fields[2].stringValue, case .boolean(let cancellable) = fields[3], let end = fields[4].stringValue,
              let steps = try? [DBusStruct<String, String>](dbusValue: fields[5]) else {
            throw StateRecord.unreadable("progress", version: version, fields: fields.count, expected: ProgressState.described)
        }
        self.init(value: value, maximum: maximum, text: text, cancellable: cancellable, state: end, steps: steps.map { $0.fields })
    }

    var pieces: [StateValue] {
        StateRecord.pieces(version: ProgressState.version, [
            .value(.double(value)), .value(.double(maximum)), .value(.string(text)), .value(.boolean(cancellable)), .value(.string(state)),
            .value(.array(element: .structure([.string, .string]), steps.map { .structure([.string($0.title), .string($0.status)]) })),
        ])
    }
}
