import DBus
import WidgetsAPI

/// What a prompt keeps across restarts (API rule 10), stored in its
/// widget's file after the kind's own record, as one piece
/// `(s "prompt", av record)` (`StateFile.promptRecord`).
///
/// Version 1: `s title`, `s message`, `av default` (empty: none),
/// `au for_uid` (empty: none), `u asker_uid`, `u asker_pid`,
/// `s asker_command`, `s state`, `t deadline`, `av answer` (empty: none;
/// secrets never stored, API rule 13), `u answered_by_uid`,
/// `s answered_by_process`.
struct PromptRecord: Equatable {
    static let version: UInt32 = 1
    static let tag = "prompt"

    var title: String
    var message: String
    var defaultAnswer: DBusValue?
    var forUID: UInt32?
    var asker: Prompt.Asker
    var state: PromptState
    var deadline: UInt64
    var answer: DBusValue?
    var answeredBy: (uid: UInt32, process: String)

    static let described = "(u version, s title, s message, av default, au for_uid, u asker_uid, u asker_pid, s asker_command, s state, t deadline, av answer, u answered_by_uid, s answered_by_process)"

    static func == (lhs: PromptRecord, rhs: PromptRecord) -> Bool {
        lhs.title == rhs.title && lhs.message == rhs.message && lhs.defaultAnswer == rhs.defaultAnswer && lhs.forUID == rhs.forUID && lhs.asker == rhs.asker
            && lhs.state == rhs.state && lhs.deadline == rhs.deadline && lhs.answer == rhs.answer && lhs.answeredBy == rhs.answeredBy
    }
}

extension PromptRecord {
    /// The record a state file holds; one this daemon did not write is refused.
    init(stored record: [DBusValue]) throws {
        let (version, fields) = StateRecord.read(record.map { $0.variantValue ?? $0 })
        func optional(_ value: DBusValue) -> DBusValue?? {
            guard let elements = value.arrayElements, elements.count <= 1 else { return nil }
            return .some(elements.first?.variantValue ?? elements.first)
        }
        guard version == PromptRecord.version, fields.count == 12, let title = fields[0].stringValue, let message = fields[1].stringValue,
              let defaultAnswer = optional(fields[2]), let forUIDs = try? [UInt32](dbusValue: fields[3]), forUIDs.count <= 1,
              case .uint32(let askerUID) = fields[4], case .uint32(let askerPID) = fields[5], let command = fields[6].stringValue,
              let state = fields[7].stringValue.flatMap(PromptState.init(rawValue:)), case .uint64(let deadline) = fields[8],
              let answer = optional(fields[9]), case .uint32(let answeredByUID) = fields[10], let process = fields[11].stringValue,
              (state == .waiting) == (answer == nil) else {
            throw StateRecord.unreadable("prompt", version: version, fields: fields.count, expected: PromptRecord.described)
        }
        self.init(title: title, message: message, defaultAnswer: defaultAnswer, forUID: forUIDs.first, asker: Prompt.Asker(uid: askerUID, pid: askerPID, command: command),
                  state: state, deadline: deadline, answer: answer, answeredBy: (answeredByUID, process))
    }

    /// The piece the widget's file ends with.
    var piece: StateValue {
        func optional(_ value: DBusValue?) -> StateValue { .variants(value.map { [$0] } ?? []) }
        return StateRecord.tagged(PromptRecord.tag, version: PromptRecord.version, [
            .value(.string(title)), .value(.string(message)), optional(defaultAnswer), .value(.array(element: .uint32, forUID.map { [.uint32($0)] } ?? [])),
            .value(.uint32(asker.uid)), .value(.uint32(asker.pid)), .value(.string(asker.command)), .value(.string(state.rawValue)), .value(.uint64(deadline)),
            optional(answer), .value(.uint32(answeredBy.uid)), .value(.string(answeredBy.process)),
        ])
    }
}
