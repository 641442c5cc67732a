import DBus
import FoundationEssentials

/// `org.rxwidgets.Widgets1.Picker`, declared once: the daemon serves it, RxWidgetsClient calls it.
@dynamicMemberLookup
public struct PickerContract: InterfaceMembers {
    public static let shared = PickerContract()
    public static let name = "org.rxwidgets.Widgets1.Picker"

    public let setItems = MethodContract("SetItems", in: Parameters(("items", Raw<[[String]]>.self)),
        "Binds titles, one array per component; each title is its row's model (rx.itemTitles).")
    public let setDependentItems = MethodContract("SetDependentItems", in: Parameters(("dependent", Raw<[[String: [String]]]>.self)),
        "Makes each component after the first follow the one before it: dependent[k] maps each title of component k to the titles of component k+1 (a title with no entry gives an empty component). The picker then has dependent.count + 1 components; component 0 keeps its rows and selection and the rest are derived at once, their selection at row 0. Selecting a row of component k (SelectRow or SetSelectedRow) rebinds the components after it in the same call: one PropertiesChanged (RowCounts, SelectedRows), then ItemSelected and ModelSelected with every component's new model. SetItems on such a picker takes component 0 only; SetModels, AppendItems and LoadItems are NotSupported. The maps' titles count against the row limit.")
    public let setModels = MethodContract("SetModels", in: Parameters(("models", Raw<[[Variant]]>.self)),
        "Binds arbitrary models, one array per component; a row's default title is its model's text form.")
    public let appendItems = MethodContract("AppendItems", in: Parameters(("items", Raw<[[String]]>.self)),
        "Appends rows to each component: items[c] to component c; fewer arrays leave the rest as they are, more is OutOfRange; ItemsNotBound before any items.")
    public let loadItems = MethodContract("LoadItems", in: Parameters(("items", UnixFD.self), ("options", Options.self)),
        "Binds rows read from a file descriptor (a memfd or regular file) of UTF-8 titles separated by line feeds (option separator nul for NUL): into component (default 0; one past the last adds one), replacing its rows or after them with append b. Same limits and signals as SetItems; a file too large is refused by its size.")
    public let setAdapter = MethodContract("SetAdapter", in: Parameters(("kind", String.self), ("options", Options.self)),
        "Chooses the adapter: kind title, attributed or view (RxCocoa's three); options format s (placeholders {row}, {component}, {value}), attributes a{sv}, view a{sv}, widths ad, row_heights ad.")
    public let titleForRow = MethodContract("TitleForRow", in: Parameters(("row", Int32.self), ("component", Int32.self)), out: Parameters(("title", String.self)),
        "A row's title, as the adapter gives it.")
    public let titles = MethodContract("Titles", in: Parameters(("component", Int32.self), ("first", Int32.self), ("count", Int32.self)), out: Parameters(("titles", Raw<[String]>.self), ("revision", UInt64.self)),
        "The titles of rows first … first+count−1 of a component, as TitleForRow gives them, and the Revision they belong to; count is clipped at the end, over 65,536 is LimitExceeded, a negative count InvalidArgs.")
    public let attributedTitles = MethodContract("AttributedTitles", in: Parameters(("component", Int32.self), ("first", Int32.self), ("count", Int32.self)), out: Parameters(("titles", Raw<[DBusStruct<String, VariantDictionary>]>.self), ("revision", UInt64.self)),
        "The same as Titles for AttributedTitleForRow: text and attributes per row.")
    public let attributedTitleForRow = MethodContract("AttributedTitleForRow", in: Parameters(("row", Int32.self), ("component", Int32.self)), out: Parameters(("text", String.self), ("attributes", Options.self)),
        "A row's text and attributes.")
    public let viewForRow = MethodContract("ViewForRow", in: Parameters(("row", Int32.self), ("component", Int32.self)), out: Parameters(("view", Options.self)),
        "A row's view description, from the view adapter (or the default view).")
    public let widthForComponent = MethodContract("WidthForComponent", in: Parameters(("component", Int32.self)), out: Parameters(("width", Double.self)),
        "A component's width: the attached delegate's (answered once it said), else the adapter's, else floor(375 / NumberOfComponents).")
    public let rowHeightForComponent = MethodContract("RowHeightForComponent", in: Parameters(("component", Int32.self)), out: Parameters(("height", Double.self)),
        "A component's row height: the attached delegate's (answered once it said), else the adapter's, else 34.")
    public let selectRow = MethodContract("SelectRow", in: Parameters(("row", Int32.self), ("component", Int32.self)),
        "A user's selection, as a wheel settling on a row: SelectedRows changes, then ItemSelected and ModelSelected are emitted.")
    public let setSelectedRow = MethodContract("SetSelectedRow", in: Parameters(("row", Int32.self), ("component", Int32.self)),
        "A programmatic selection, as UIKit's selectRow: SelectedRows changes, no ItemSelected.")
    public let selectedRow = MethodContract("SelectedRow", in: Parameters(("component", Int32.self)), out: Parameters(("row", Int32.self)),
        "A component's selected row; -1 when it has no rows.")
    public let model = MethodContract("Model", in: Parameters(("row", Int32.self), ("component", Int32.self)), out: Parameters(("model", Variant.self)),
        "The model bound at a row.")
    public let reloadAllComponents = MethodContract("ReloadAllComponents",
        "Asks the data source again for every component.")
    public let reloadComponent = MethodContract("ReloadComponent", in: Parameters(("component", Int32.self)),
        "Asks the data source again for one component.")
    public let served = ServedRowsMembers(
        attachDataSource: "Makes the caller's object (org.rxwidgets.Widgets1.PickerDataSource, served on the caller's connection) the picker's data source: its RowCounts are read at once (the call fails with DataSourceUnavailable, changing nothing, when they do not come) and its titles are read as they are needed, through a page cache; each title is its row's model. Options: page i (rows a page, 1 to 4,096, default 256), cache_pages i (1 to 1,024, default 64), timeout i (ms a question may take, 1 to 60,000, default 2,000). A call that needs rows not cached is answered once they came (or with DataSourceUnavailable); the calls after it wait. SetItems, SetModels, AppendItems, LoadItems and SetDependentItems are NotSupported while it is attached; ReloadAllComponents and ReloadComponent drop the cache and read RowCounts again. Owner or uid 0; NotSupported on a picker with dependent components.",
        detachDataSource: "Lets go of the attached data source: the picker shows the items bound before it was attached (or none). NotSupported when none is attached. The data source's client leaving the bus detaches it the same way.",
        attachDelegate: "Makes the caller's object (org.rxwidgets.Widgets1.PickerDelegate, served on the caller's connection) the picker's forward delegate: WidthForComponent and RowHeightForComponent ask it, and are answered once it said (the calls after them on the picker wait); a method it does not implement means the adapter's size. An answer that does not come within timeout ms (option timeout i, 1 to 60,000, default 2,000), or is not a finite size of 0 or more, fails the call with DataSourceUnavailable. Attaching again replaces; the caller leaving the bus detaches it. Revision stays. Owner or uid 0.",
        detachDelegate: "Lets go of the attached delegate: the adapter's sizes again. NotSupported when none is attached.")
    public let search = SearchMembers(part: "component", rowsCall: "Titles")
    public let columns = ColumnMembers(part: "component", rowsCall: "Titles", formatCall: "SetAdapter's format")
    public let show = MethodContract("Show",
        "Shows a popup picker (Visible). NotSupported on a picker created without popup.")
    public let hide = MethodContract("Hide",
        "Hides a popup picker.")
    public let done = MethodContract("Done",
        "Done on a popup picker: emits SelectedItem for component 0's selected row, then hides; ItemsNotBound when component 0 has no rows.")
    public let cancel = MethodContract("Cancel",
        "Cancel on a popup picker: emits Closed, then hides.")

    public let itemSelected = TypedSignal("ItemSelected", ("row", Int32.self), ("component", Int32.self),
        documentation: "A user selected a row (rx.itemSelected).")
    public let modelSelected = TypedSignal("ModelSelected", ("models", [Variant].self),
        documentation: "The selected model of every component after a user's selection (rx.modelSelected); a component without rows gives the empty string.")
    public let selectedItem = TypedSignal("SelectedItem", ("index", Int32.self), ("title", String.self),
        documentation: "Done on a popup picker: component 0's selected row and its title.")
    public let closed = TypedSignal("Closed",
        documentation: "Cancel on a popup picker.")

    public let numberOfComponents = PropertyContract("NumberOfComponents", Int32.self,
        "How many components the bound items have.")
    public let rowCounts = PropertyContract("RowCounts", [Int32].self,
        "The number of rows of each component.")
    public let selectedRows = PropertyContract("SelectedRows", [Int32].self,
        "The selected row of each component (-1 for one without rows).")
    public let visible = PropertyContract("Visible", Bool.self,
        "Whether a popup picker is shown; always false for other pickers.")
    public let popup = PropertyContract("Popup", Bool.self, emitsChanged: .const,
        "Whether the picker was created with popup.")
    public let adapter = PropertyContract("Adapter", String.self,
        "The adapter's kind: title, attributed or view.")
    public let widget = WidgetMembers(of: .picker)

    public static let documentation = "The headless UIPickerView with RxCocoa's binding: components are columns, rows are items, and a row's title comes from the adapter."
    public static let interface = contract
}
