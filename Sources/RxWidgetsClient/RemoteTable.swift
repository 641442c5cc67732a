import DBus
import FoundationEssentials
import RxCoreEssentials

/// A table served by rxwidgetsd (`org.rxwidgets.Widgets1.Table`).
public final class RemoteTable: RemoteWidget {
    static let interfaceName = "org.rxwidgets.Widgets1.Table"

    init(client: WidgetsClient, path: ObjectPath) throws {
        try super.init(client: client, path: path, interface: RemoteTable.interfaceName)
    }

    /// The number of rows of each section, kept current.
    public var rowCounts: [Int] {
        RemoteWidget.integers(properties["RowCounts"])
    }

    /// The selected rows, kept current.
    public var indexPathsForSelectedRows: [IndexPath] {
        RemoteTable.indexPaths(properties["SelectedIndexPaths"])
    }

    static func indexPaths(_ value: DBusValue?) -> [IndexPath] {
        (value?.arrayElements ?? []).compactMap { element in
            guard case .structure(let fields) = element, fields.count == 2, case .int32(let section) = fields[0], case .int32(let row) = fields[1] else { return nil }
            return IndexPath(row: Int(row), section: Int(section))
        }
    }

    /// Binds one section of models.
    public func setItems(_ models: [DBusValue]) throws {
        try call("SetItems", [.array(element: .variant, models.map { .variant($0) })])
    }

    /// A user's selection: `ItemSelected` and `ModelSelected` are delivered before this returns.
    public func selectRow(at indexPath: IndexPath) throws {
        try call("SelectRow", [.int32(Int32(indexPath.section)), .int32(Int32(indexPath.row))])
    }

    /// A user's deselection.
    public func deselectRow(at indexPath: IndexPath) throws {
        try call("DeselectRow", [.int32(Int32(indexPath.section)), .int32(Int32(indexPath.row))])
    }

    /// A touch or cursor coming onto a row: `ItemUnhighlighted` for the row
    /// highlighted before, then `ItemHighlighted`, delivered before this returns.
    public func highlightRow(at indexPath: IndexPath) throws {
        try call("HighlightRow", [.int32(Int32(indexPath.section)), .int32(Int32(indexPath.row))])
    }

    /// The touch or cursor leaving the highlighted row.
    public func unhighlightRow(at indexPath: IndexPath) throws {
        try call("UnhighlightRow", [.int32(Int32(indexPath.section)), .int32(Int32(indexPath.row))])
    }

    /// Identifier and text of rows `first` … `first+count−1` of `section`, as `CellForRow` gives them.
    public func cells(section: Int, first: Int, count: Int) throws -> [(identifier: String, text: String)] {
        let reply = try call("Cells", [.int32(Int32(section)), .int32(Int32(first)), .int32(Int32(count))])
        guard let cells = reply.first?.arrayElements else { throw WidgetsClientError.unexpectedReply("Cells", reply) }
        return cells.compactMap { cell in
            guard case .structure(let fields) = cell, fields.count == 2, let identifier = fields[0].stringValue, let text = fields[1].stringValue else { return nil }
            return (identifier, text)
        }
    }

    /// Every section's header.
    public func headers() throws -> [String] {
        let reply = try call("Headers")
        guard let headers = try? [String](dbusValue: reply.first ?? .int32(0)) else { throw WidgetsClientError.unexpectedReply("Headers", reply) }
        return headers
    }
}

extension Reactive where Base: RemoteTable {
    private func indexPath(_ values: [DBusValue]) -> IndexPath? {
        guard values.count == 2, case .int32(let section) = values[0], case .int32(let row) = values[1] else { return nil }
        return IndexPath(row: Int(row), section: Int(section))
    }

    /// `ItemSelected`.
    public var itemSelected: Observable<IndexPath> {
        base.signal("ItemSelected").compactMap { indexPath($0) }
    }

    /// `ItemDeselected`.
    public var itemDeselected: Observable<IndexPath> {
        base.signal("ItemDeselected").compactMap { indexPath($0) }
    }

    /// `ItemHighlighted`.
    public var itemHighlighted: Observable<IndexPath> {
        base.signal("ItemHighlighted").compactMap { indexPath($0) }
    }

    /// `ItemUnhighlighted`.
    public var itemUnhighlighted: Observable<IndexPath> {
        base.signal("ItemUnhighlighted").compactMap { indexPath($0) }
    }

    /// `ModelSelected`: the selected row's model.
    public var modelSelected: Observable<DBusValue> {
        base.signal("ModelSelected").compactMap(\.first)
    }

    /// `ItemDeleted`.
    public var itemDeleted: Observable<IndexPath> {
        base.signal("ItemDeleted").compactMap { indexPath($0) }
    }

    /// `Reloaded`.
    public var reloaded: Observable<Void> {
        base.signal("Reloaded").map { _ in () }
    }

    /// `SelectedIndexPaths`: the current value on subscription, then every change.
    public var selectedIndexPaths: Observable<[IndexPath]> {
        base.property("SelectedIndexPaths").map { RemoteTable.indexPaths($0) }
    }

    /// `SelectRow` without blocking.
    public func selectRow(at indexPath: IndexPath) -> Observable<Void> {
        request("SelectRow", [.int32(Int32(indexPath.section)), .int32(Int32(indexPath.row))]).map { _ in () }
    }
}
