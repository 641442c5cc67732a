import FoundationEssentials
import DBus
import RxWidgets

/// A table row's model: a client's value, identified by equality.
struct TableModel: IdentifiableType, Equatable {
    let value: DBusValue

    var identity: DBusValue {
        value
    }
}

/// A table section's model: its header, identified by position and by how
/// often its rows were replaced wholesale (a replaced section is a new one,
/// so the table reloads rather than diff bulk data).
struct TableSectionID: IdentifiableType {
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

extension IndexPath: DBusConvertible {
    /// `(ii)`: section, row.
    public static var dbusType: DBusType { .structure([.int32, .int32]) }

    /// `(section, row)`.
    public var dbusValue: DBusValue {
        .structure([.int32(Int32(section)), .int32(Int32(row))])
    }

    /// From `(ii)`.
    public init(dbusValue: DBusValue) throws {
        guard case .structure(let fields) = dbusValue, fields.count == 2, case .int32(let section) = fields[0], case .int32(let row) = fields[1] else {
            throw DBusError.invalidArgs("expected '(ii)', got '\(dbusValue.type.signature)'")
        }
        self.init(row: Int(row), section: Int(section))
    }
}

/// A row's move as `ItemsChanged` lists it: `(iiii)`, from section and row, to section and row.
struct RowMove: DBusConvertible {
    let from: IndexPath
    let to: IndexPath

    static var dbusType: DBusType { .structure([.int32, .int32, .int32, .int32]) }

    var dbusValue: DBusValue {
        .structure([.int32(Int32(from.section)), .int32(Int32(from.row)), .int32(Int32(to.section)), .int32(Int32(to.row))])
    }

    init(from: IndexPath, to: IndexPath) {
        self.from = from
        self.to = to
    }

    init(dbusValue: DBusValue) throws {
        guard case .structure(let fields) = dbusValue, fields.count == 4 else {
            throw DBusError.invalidArgs("expected '(iiii)', got '\(dbusValue.type.signature)'")
        }
        let numbers = try fields.map { try Int32(dbusValue: $0) }
        self.init(from: IndexPath(row: Int(numbers[1]), section: Int(numbers[0])), to: IndexPath(row: Int(numbers[3]), section: Int(numbers[2])))
    }
}
