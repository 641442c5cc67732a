import FoundationEssentials
import DBus
import RxWidgets

/// A table row's model: a client's value, identified by equality.
struct TableModel: IdentifiableType, Equatable, Sendable {
    let value: DBusValue

    var identity: DBusValue {
        value
    }
}

/// A table section's model: its header, identified by position and by how
/// often its rows were replaced wholesale (a replaced section is a new one,
/// so the table reloads rather than diff bulk data).
struct TableSectionID: IdentifiableType, Sendable {
    struct Identity: Hashable {
        let index: Int
        let generation: Int
    }

    let index: Int
    let header: String
    var generation = 0

    var identity: Identity {
        Identity(index: index, generation: generation)
    }
}

typealias TableSection = AnimatableSectionModel<TableSectionID, TableModel>


