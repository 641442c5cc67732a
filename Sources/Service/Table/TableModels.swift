import FoundationEssentials
import DBus
import RxWidgetsEssentials

/// A table row's model: a client's value, identified by equality.
struct TableModel: IdentifiableType, Equatable, Sendable {
    let value: DBusValue

    var identity: DBusValue {
        value
    }
}

/// A table section's model: its header, which identifies it across
/// bindings — the nth section of a header is the nth of that header before —
/// together with how often its rows were replaced wholesale (a replaced
/// section is a new one, so the table reloads rather than diff bulk data).
struct TableSectionID: IdentifiableType, Sendable {
    struct Identity: Hashable {
        let header: String
        let occurrence: Int
        let generation: Int
    }

    let header: String
    /// How many sections before it have the same header.
    let occurrence: Int
    var generation = 0

    var identity: Identity {
        Identity(header: header, occurrence: occurrence, generation: generation)
    }

    /// The models of sections with these headers, each numbered among those
    /// of its header, keeping the generation of the section it is in `old`.
    static func models(headers: [String], keepingGenerationsOf old: [TableSectionID]) -> [TableSectionID] {
        let generations = Dictionary(old.map { (Identity(header: $0.header, occurrence: $0.occurrence, generation: 0), $0.generation) }, uniquingKeysWith: { first, _ in first })
        var seen: [String: Int] = [:]
        return headers.map { header in
            let occurrence = seen[header, default: 0]
            seen[header] = occurrence + 1
            let generation = generations[Identity(header: header, occurrence: occurrence, generation: 0)] ?? 0
            return TableSectionID(header: header, occurrence: occurrence, generation: generation)
        }
    }
}

typealias TableSection = AnimatableSectionModel<TableSectionID, TableModel>


