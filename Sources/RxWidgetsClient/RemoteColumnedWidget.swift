import DBus
import WidgetsAPI

/// A row's description and the texts of its columns (`RowDetails`).
public struct RowDetail: Equatable, Sendable {
    public let description: String
    public let columns: [String]

    public init(description: String, columns: [String]) {
        self.description = description
        self.columns = columns
    }

    /// The details of a `RowDetails` reply.
    static func decoded(_ reply: Raw<[DBusStruct<String, [String]>]>) -> [RowDetail] {
        (reply.value.arrayElements ?? []).compactMap { element in
            guard case .structure(let fields) = element, fields.count == 2, case .string(let description) = fields[0] else { return nil }
            return RowDetail(description: description, columns: (fields[1].arrayElements ?? []).compactMap(\.stringValue))
        }
    }
}

/// A remote widget whose rows have columns and descriptions (`SetColumns`,
/// `SetDescriptionFormat`, `RowDetails`).
public protocol RemoteColumnedWidget: RemoteWidget {
    /// The kind's column members.
    static var columnMembers: ColumnMembers { get }
}

extension RemoteColumnedWidget {
    /// Names the columns of the rows; [] removes them.
    public func setColumns(_ headers: [String]) throws {
        try call(Self.columnMembers.setColumns, headers)
    }

    /// The template of each row's description line.
    public func setDescriptionFormat(_ format: String) throws {
        try call(Self.columnMembers.setDescriptionFormat, format)
    }

    /// The column headers, kept current.
    public var columns: [String] {
        value(Self.columnMembers.columns) ?? []
    }

    /// The description and column texts of rows `first` … `first+count−1` of `part`.
    public func rowDetails(in part: Int, first: Int, count: Int) throws -> [RowDetail] {
        RowDetail.decoded(try call(Self.columnMembers.rowDetails, (Int32(clamping: part), Int32(clamping: first), Int32(clamping: count))).0)
    }
}

extension Reactive where Base: RemoteColumnedWidget {
    /// `RowDetails` without blocking: the details and the Revision they belong to.
    public func rowDetails(in part: Int, first: Int, count: Int) -> Observable<(details: [RowDetail], revision: UInt64)> {
        request(Base.columnMembers.rowDetails, (Int32(clamping: part), Int32(clamping: first), Int32(clamping: count))).map { (RowDetail.decoded($0.0), $0.1) }
    }
}

extension RemoteTable: RemoteColumnedWidget {
    public static var columnMembers: ColumnMembers { TableContract.columns }
}

extension RemotePicker: RemoteColumnedWidget {
    public static var columnMembers: ColumnMembers { PickerContract.columns }
}
