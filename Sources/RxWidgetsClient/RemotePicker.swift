import DBus
import RxCoreEssentials
import WidgetsAPI

/// A picker served by rxwidgetsd (`org.rxwidgets.Widgets1.Picker`), called
/// through `PickerContract`.
public final class RemotePicker: RemoteWidget {
    typealias API = PickerContract

    init(client: WidgetsClient, path: ObjectPath) throws {
        try super.init(client: client, path: path, interface: API.name)
    }

    /// The number of components, kept current.
    public var numberOfComponents: Int {
        Int(value(API.numberOfComponents) ?? 0)
    }

    /// The number of rows of each component, kept current.
    public var rowCounts: [Int] {
        integers(API.rowCounts)
    }

    /// The selected row of each component (-1 for one without rows), kept current.
    public var selectedRows: [Int] {
        integers(API.selectedRows)
    }

    /// Whether it is a popup picker (with Show, Hide, Done and Cancel).
    public var isPopup: Bool {
        value(API.popup) ?? false
    }

    /// Whether a popup picker is shown, kept current.
    public var isVisible: Bool {
        value(API.visible) ?? false
    }

    /// A user's selection of `row` in `component`: `ItemSelected` and
    /// `ModelSelected` are delivered before this returns.
    public func selectRow(_ row: Int, inComponent component: Int) throws {
        try call(API.selectRow, (Int32(clamping: row), Int32(clamping: component)))
    }

    /// A programmatic selection: `SelectedRows` changes, no `ItemSelected`.
    public func setSelectedRow(_ row: Int, inComponent component: Int) throws {
        try call(API.setSelectedRow, (Int32(clamping: row), Int32(clamping: component)))
    }

    /// Binds titles, one array per component.
    public func setItems(_ items: [[String]]) throws {
        try call(API.setItems, Raw(items))
    }

    /// Binds models, one array per component (strings, lists of column
    /// values, dictionaries: a dictionary's `title` key titles its row).
    public func setModels(_ components: [[DBusValue]]) throws {
        try call(API.setModels, Raw(components.map { $0.map(Variant.init) }))
    }

    /// Makes each component after the first follow the one before it:
    /// `dependent[k]` maps each title of component k to the titles of
    /// component k+1 (country → city). Selecting a row rebinds the later
    /// components in the same call.
    public func setDependentItems(_ dependent: [[String: [String]]]) throws {
        try call(API.setDependentItems, Raw(dependent))
    }

    /// The titles of rows `first` … `first+count−1` of `component`, as
    /// `TitleForRow` gives them; fewer where the reply would be too large
    /// (read on from `first` plus the titles returned).
    public func titles(component: Int, first: Int, count: Int) throws -> [String] {
        try call(API.titles, (Int32(clamping: component), Int32(clamping: first), Int32(clamping: count))).0.decoded()
    }

    /// A row's title.
    public func title(row: Int, component: Int) throws -> String {
        try call(API.titleForRow, (Int32(clamping: row), Int32(clamping: component)))
    }

    /// The model bound at a row (a served row's is its title).
    public func model(row: Int, component: Int) throws -> DBusValue {
        try call(API.model, (Int32(clamping: row), Int32(clamping: component))).value
    }

    /// Asks the data source again for every component: a served picker
    /// drops its cache and reads the client's row counts again.
    public func reloadAllComponents() throws {
        try call(API.reloadAllComponents, ())
    }

    /// Asks the data source again for one component.
    public func reloadComponent(_ component: Int) throws {
        try call(API.reloadComponent, Int32(clamping: component))
    }

    /// Shows a popup picker.
    public func show() throws {
        try call(API.show, ())
    }

    /// Hides a popup picker.
    public func hide() throws {
        try call(API.hide, ())
    }

    /// Done on a popup picker: `SelectedItem` is delivered before this returns.
    public func done() throws {
        try call(API.done, ())
    }

    /// Cancel on a popup picker: `Closed` is delivered before this returns.
    public func cancel() throws {
        try call(API.cancel, ())
    }
}

extension Reactive where Base: RemotePicker {
    private typealias API = PickerContract

    /// `ItemSelected`: a user's selection.
    public var itemSelected: Observable<(row: Int, component: Int)> {
        base.signal(API.itemSelected).map { (Int($0.0), Int($0.1)) }
    }

    /// `ModelSelected`: the selected model of every component.
    public var modelSelected: Observable<[DBusValue]> {
        base.signal(API.modelSelected).map { $0.map(\.value) }
    }

    /// `SelectedItem`: Done on a popup picker.
    public var selectedItem: Observable<(index: Int, title: String)> {
        base.signal(API.selectedItem).map { (Int($0.0), $0.1) }
    }

    /// `Closed`: Cancel on a popup picker.
    public var closed: Observable<Void> {
        base.signal(API.closed)
    }

    /// `SelectedRows`: the current value on subscription, then every change.
    public var selectedRows: Observable<[Int]> {
        base.property(API.selectedRows).map { $0.map(Int.init) }
    }

    /// `RowCounts`: the current value on subscription, then every change.
    public var rowCounts: Observable<[Int]> {
        base.property(API.rowCounts).map { $0.map(Int.init) }
    }

    /// `Visible`: the current value on subscription, then every change.
    public var visible: Observable<Bool> {
        base.property(API.visible)
    }

    /// `SelectRow` without blocking: completes once answered.
    public func selectRow(_ row: Int, inComponent component: Int) -> Observable<Void> {
        request(API.selectRow, (Int32(clamping: row), Int32(clamping: component)))
    }

    /// `Titles` without blocking.
    public func titles(component: Int, first: Int, count: Int) -> Observable<[String]> {
        request(API.titles, (Int32(clamping: component), Int32(clamping: first), Int32(clamping: count))).map { try $0.0.decoded() }
    }

    /// `Show` without blocking.
    public func show() -> Observable<Void> {
        request(API.show, ())
    }

    /// `Done` without blocking.
    public func done() -> Observable<Void> {
        request(API.done, ())
    }

    /// `Cancel` without blocking.
    public func cancel() -> Observable<Void> {
        request(API.cancel, ())
    }
}

extension RemotePicker: RemoteRowsWidget {
    public static var servedMembers: ServedRowsMembers { PickerContract.served }
}

extension RemotePicker: RemoteSearchableWidget {
    public static var searchMembers: SearchMembers { PickerContract.search }
}
