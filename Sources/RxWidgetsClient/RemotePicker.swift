import DBus
import RxCoreEssentials

/// A picker served by rxwidgetsd (`org.rxwidgets.Widgets1.Picker`).
public final class RemotePicker: RemoteWidget {
    static let interfaceName = "org.rxwidgets.Widgets1.Picker"

    init(client: WidgetsClient, path: ObjectPath) throws {
        try super.init(client: client, path: path, interface: RemotePicker.interfaceName)
    }

    /// The number of components, kept current.
    public var numberOfComponents: Int {
        Int((try? Int32(dbusValue: properties["NumberOfComponents"] ?? .int32(0))) ?? 0)
    }

    /// The number of rows of each component, kept current.
    public var rowCounts: [Int] {
        RemoteWidget.integers(properties["RowCounts"])
    }

    /// The selected row of each component (-1 for one without rows), kept current.
    public var selectedRows: [Int] {
        RemoteWidget.integers(properties["SelectedRows"])
    }

    /// Whether a popup picker is shown, kept current.
    public var isVisible: Bool {
        properties["Visible"] == .boolean(true)
    }

    /// A user's selection of `row` in `component`: `ItemSelected` and
    /// `ModelSelected` are delivered before this returns.
    public func selectRow(_ row: Int, inComponent component: Int) throws {
        try call("SelectRow", [.int32(Int32(row)), .int32(Int32(component))])
    }

    /// A programmatic selection: `SelectedRows` changes, no `ItemSelected`.
    public func setSelectedRow(_ row: Int, inComponent component: Int) throws {
        try call("SetSelectedRow", [.int32(Int32(row)), .int32(Int32(component))])
    }

    /// Binds titles, one array per component.
    public func setItems(_ items: [[String]]) throws {
        try call("SetItems", [items.dbusValue])
    }

    /// The titles of rows `first` … `first+count−1` of `component`, as `TitleForRow` gives them.
    public func titles(component: Int, first: Int, count: Int) throws -> [String] {
        let reply = try call("Titles", [.int32(Int32(component)), .int32(Int32(first)), .int32(Int32(count))])
        guard let titles = try? [String](dbusValue: reply.first ?? .int32(0)) else {
            throw WidgetsClientError.unexpectedReply("Titles", reply)
        }
        return titles
    }

    /// A row's title.
    public func title(row: Int, component: Int) throws -> String {
        let reply = try call("TitleForRow", [.int32(Int32(row)), .int32(Int32(component))])
        guard let title = reply.first?.stringValue else { throw WidgetsClientError.unexpectedReply("TitleForRow", reply) }
        return title
    }

    /// Shows a popup picker.
    public func show() throws {
        try call("Show")
    }

    /// Hides a popup picker.
    public func hide() throws {
        try call("Hide")
    }

    /// Done on a popup picker: `SelectedItem` is delivered before this returns.
    public func done() throws {
        try call("Done")
    }

    /// Cancel on a popup picker: `Closed` is delivered before this returns.
    public func cancel() throws {
        try call("Cancel")
    }
}

extension Reactive where Base: RemotePicker {
    /// `ItemSelected`: a user's selection.
    public var itemSelected: Observable<(row: Int, component: Int)> {
        base.signal("ItemSelected").compactMap { values in
            guard values.count == 2, case .int32(let row) = values[0], case .int32(let component) = values[1] else { return nil }
            return (Int(row), Int(component))
        }
    }

    /// `ModelSelected`: the selected model of every component.
    public var modelSelected: Observable<[DBusValue]> {
        base.signal("ModelSelected").compactMap { values in values.first?.arrayElements?.map { $0.variantValue ?? $0 } }
    }

    /// `SelectedItem`: Done on a popup picker.
    public var selectedItem: Observable<(index: Int, title: String)> {
        base.signal("SelectedItem").compactMap { values in
            guard values.count == 2, case .int32(let index) = values[0], let title = values[1].stringValue else { return nil }
            return (Int(index), title)
        }
    }

    /// `Closed`: Cancel on a popup picker.
    public var closed: Observable<Void> {
        base.signal("Closed").map { _ in () }
    }

    /// `SelectedRows`: the current value on subscription, then every change.
    public var selectedRows: Observable<[Int]> {
        base.property("SelectedRows").map { RemoteWidget.integers($0) }
    }

    /// `RowCounts`: the current value on subscription, then every change.
    public var rowCounts: Observable<[Int]> {
        base.property("RowCounts").map { RemoteWidget.integers($0) }
    }

    /// `Visible`: the current value on subscription, then every change.
    public var visible: Observable<Bool> {
        base.property("Visible").compactMap { try? Bool(dbusValue: $0) }
    }

    /// `SelectRow` without blocking: completes once answered.
    public func selectRow(_ row: Int, inComponent component: Int) -> Observable<Void> {
        request("SelectRow", [.int32(Int32(row)), .int32(Int32(component))]).map { _ in () }
    }

    /// `Titles` without blocking.
    public func titles(component: Int, first: Int, count: Int) -> Observable<[String]> {
        request("Titles", [.int32(Int32(component)), .int32(Int32(first)), .int32(Int32(count))]).map { reply in
            guard let titles = try? [String](dbusValue: reply.first ?? .int32(0)) else { throw WidgetsClientError.unexpectedReply("Titles", reply) }
            return titles
        }
    }

    /// `Done` without blocking.
    public func done() -> Observable<Void> {
        request("Done").map { _ in () }
    }

    /// `Cancel` without blocking.
    public func cancel() -> Observable<Void> {
        request("Cancel").map { _ in () }
    }
}
