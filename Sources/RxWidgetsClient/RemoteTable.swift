import DBus
import FoundationEssentials
import RxCoreEssentials
import WidgetsAPI

/// A table served by rxwidgetsd (`org.rxwidgets.Widgets1.Table`), called
/// through `TableContract`.
public final class RemoteTable: RemoteWidget {
    typealias API = TableContract

    init(client: WidgetsClient, path: ObjectPath) throws {
        try super.init(client: client, path: path, interface: API.name)
    }

    /// The number of rows of each section, kept current.
    public var rowCounts: [Int] {
        integers(API.rowCounts)
    }

    /// The selected rows, kept current.
    public var indexPathsForSelectedRows: [IndexPath] {
        value(API.selectedIndexPaths) ?? []
    }

    /// Whether several rows may be selected at once, kept current.
    public var allowsMultipleSelection: Bool {
        value(API.allowsMultipleSelection) ?? false
    }

    /// Lets several rows be selected at once, or one.
    public func setAllowsMultipleSelection(_ allowed: Bool) throws {
        try set(API.allowsMultipleSelection, to: allowed)
    }

    /// Whether a user may delete and move rows, kept current.
    public var isEditable: Bool {
        value(API.editable) ?? false
    }

    /// Lets a user delete and move rows, or not.
    public func setEditable(_ editable: Bool) throws {
        try set(API.editable, to: editable)
    }

    /// UIKit's `reloadData`: a served table drops its cache and reads the
    /// data source's row counts again; `Reloaded` is delivered before this returns.
    public func reloadData() throws {
        try call(API.reloadData, ())
    }

    /// A user's delete: `ItemDeleted`, `ModelDeleted` and `ItemsChanged` are
    /// delivered before this returns; `NotEditable` unless `isEditable`.
    public func deleteRow(at indexPath: IndexPath) throws {
        try call(API.deleteRow, RemoteTable.cell(indexPath))
    }

    /// A user's move of a row to another place; `NotEditable` unless `isEditable`.
    public func moveRow(at from: IndexPath, to destination: IndexPath) throws {
        try call(API.moveRow, (Int32(clamping: from.section), Int32(clamping: from.row), Int32(clamping: destination.section), Int32(clamping: destination.row)))
    }

    /// Binds one section of models.
    public func setItems(_ models: [DBusValue]) throws {
        try call(API.setItems, Raw(models.map(Variant.init)))
    }

    /// A user's selection: `ItemSelected` and `ModelSelected` are delivered before this returns.
    public func selectRow(at indexPath: IndexPath) throws {
        try call(API.selectRow, RemoteTable.cell(indexPath))
    }

    /// A user's deselection.
    public func deselectRow(at indexPath: IndexPath) throws {
        try call(API.deselectRow, RemoteTable.cell(indexPath))
    }

    /// A touch or cursor coming onto a row: `ItemUnhighlighted` for the row
    /// highlighted before, then `ItemHighlighted`, delivered before this returns.
    public func highlightRow(at indexPath: IndexPath) throws {
        try call(API.highlightRow, RemoteTable.cell(indexPath))
    }

    /// The touch or cursor leaving the highlighted row.
    public func unhighlightRow(at indexPath: IndexPath) throws {
        try call(API.unhighlightRow, RemoteTable.cell(indexPath))
    }

    /// Identifier and text of rows `first` … `first+count−1` of `section`, as
    /// `CellForRow` gives them; fewer where the reply would be too large.
    public func cells(section: Int, first: Int, count: Int) throws -> [(identifier: String, text: String)] {
        try call(API.cells, (Int32(clamping: section), Int32(clamping: first), Int32(clamping: count))).0.decoded().map { ($0.fields.0, $0.fields.1) }
    }

    /// Every section's header.
    public func headers() throws -> [String] {
        try call(API.headers, ())
    }

    static func cell(_ indexPath: IndexPath) -> (Int32, Int32) {
        (Int32(clamping: indexPath.section), Int32(clamping: indexPath.row))
    }
}

extension Reactive where Base: RemoteTable {
    private typealias API = TableContract

    private func indexPath(_ cell: (Int32, Int32)) -> IndexPath {
        IndexPath(row: Int(cell.1), section: Int(cell.0))
    }

    /// `ItemSelected`.
    public var itemSelected: Observable<IndexPath> {
        base.signal(API.itemSelected).map { indexPath($0) }
    }

    /// `ItemDeselected`.
    public var itemDeselected: Observable<IndexPath> {
        base.signal(API.itemDeselected).map { indexPath($0) }
    }

    /// `ItemHighlighted`.
    public var itemHighlighted: Observable<IndexPath> {
        base.signal(API.itemHighlighted).map { indexPath($0) }
    }

    /// `ItemUnhighlighted`.
    public var itemUnhighlighted: Observable<IndexPath> {
        base.signal(API.itemUnhighlighted).map { indexPath($0) }
    }

    /// `ModelSelected`: the selected row's model.
    public var modelSelected: Observable<DBusValue> {
        base.signal(API.modelSelected).map(\.value)
    }

    /// `ItemDeleted`.
    public var itemDeleted: Observable<IndexPath> {
        base.signal(API.itemDeleted).map { indexPath($0) }
    }

    /// `Reloaded`.
    public var reloaded: Observable<Void> {
        base.signal(API.reloaded)
    }

    /// `ItemMoved`: a user's move, from and to.
    public var itemMoved: Observable<(from: IndexPath, to: IndexPath)> {
        base.signal(API.itemMoved).map { move in
            (IndexPath(row: Int(move.1), section: Int(move.0)), IndexPath(row: Int(move.3), section: Int(move.2)))
        }
    }

    /// `SelectedIndexPaths`: the current value on subscription, then every change.
    public var selectedIndexPaths: Observable<[IndexPath]> {
        base.property(API.selectedIndexPaths)
    }

    /// `SelectRow` without blocking.
    public func selectRow(at indexPath: IndexPath) -> Observable<Void> {
        request(API.selectRow, RemoteTable.cell(indexPath))
    }

    /// `DeselectRow` without blocking.
    public func deselectRow(at indexPath: IndexPath) -> Observable<Void> {
        request(API.deselectRow, RemoteTable.cell(indexPath))
    }

    /// `DeleteRow` without blocking.
    public func deleteRow(at indexPath: IndexPath) -> Observable<Void> {
        request(API.deleteRow, RemoteTable.cell(indexPath))
    }

    /// `MoveRow` without blocking.
    public func moveRow(at from: IndexPath, to destination: IndexPath) -> Observable<Void> {
        request(API.moveRow, (Int32(clamping: from.section), Int32(clamping: from.row), Int32(clamping: destination.section), Int32(clamping: destination.row)))
    }

    /// `Cells` without blocking: identifier and text per row.
    public func cells(section: Int, first: Int, count: Int) -> Observable<[(identifier: String, text: String)]> {
        request(API.cells, (Int32(clamping: section), Int32(clamping: first), Int32(clamping: count))).map { reply in
            try reply.0.decoded().map { ($0.fields.0, $0.fields.1) }
        }
    }

    /// `Headers` without blocking.
    public func headers() -> Observable<[String]> {
        request(API.headers, ())
    }
}

extension RemoteTable: RemoteRowsWidget {
    public static var servedMembers: ServedRowsMembers { TableContract.served }
}

extension RemoteTable: RemoteSearchableWidget {
    public static var searchMembers: SearchMembers { TableContract.search }
}
