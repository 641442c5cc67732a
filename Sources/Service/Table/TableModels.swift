import DBus
import RxWidgets

/// A table row's model: a client's value, identified by equality.
struct TableModel: IdentifiableType, Equatable {
    let value: DBusValue

    var identity: DBusValue {
        value
    }
}

/// A table section's model: its header, identified by position.
struct TableSectionID: IdentifiableType {
    let index: Int
    let header: String

    var identity: Int {
        index
    }
}

typealias TableSection = AnimatableSectionModel<TableSectionID, TableModel>

extension IndexPath {
    /// `(ii)`: section, row.
    var dbusValue: DBusValue {
        .structure([.int32(Int32(section)), .int32(Int32(row))])
    }
}
