import DBus
import FoundationEssentials

/// `org.rxwidgets.Widgets1.Table`, declared once: the daemon serves it, RxWidgetsClient calls it.
@dynamicMemberLookup
public struct TableContract: InterfaceMembers {
    public static let shared = TableContract()
    public static let name = "org.rxwidgets.Widgets1.Table"

    public let setItems = MethodContract("SetItems", in: Parameters(("models", Raw<[Variant]>.self)),
        "Binds one section of models (rx.items); ItemsChanged tells the difference (sections known by header, rows by model), Reloaded for the first binding, a section inserted, deleted or moved, or duplicate identities.")
    public let setSections = MethodContract("SetSections", in: Parameters(("sections", Raw<[DBusStruct<String, [Variant]>]>.self)),
        "Binds a header and models per section; announced as SetItems.")
    public let appendItems = MethodContract("AppendItems", in: Parameters(("section", Int32.self), ("models", Raw<[Variant]>.self)),
        "Appends models to a section, for data in chunks.")
    public let loadItems = MethodContract("LoadItems", in: Parameters(("section", Int32.self), ("items", UnixFD.self), ("options", Options.self)),
        "Binds string rows read from a file descriptor, as the Picker's LoadItems, into a section (one past the last adds one), replacing its rows (Reloaded, that section's selection dropped) or after them with append b.")
    public let setCellFormat = MethodContract("SetCellFormat", in: Parameters(("format", String.self)),
        "The cell text template: placeholders {section}, {row}, {value}, and with columns {0}, {1}… or {header} (SetColumns), a dictionary's key as {key}.")
    public let cellForRow = MethodContract("CellForRow", in: Parameters(("section", Int32.self), ("row", Int32.self)), out: Parameters(("identifier", String.self), ("text", String.self)),
        "A row's cell identifier and text.")
    public let cells = MethodContract("Cells", in: Parameters(("section", Int32.self), ("first", Int32.self), ("count", Int32.self)), out: Parameters(("cells", Raw<[DBusStruct<String, String>]>.self), ("revision", UInt64.self)),
        "Identifier and text of rows first … first+count−1 of a section, as CellForRow gives them, and their Revision; clipped and checked as the Picker's Titles.")
    public let headers = MethodContract("Headers", in: NoArguments(), out: Parameters(("headers", [String].self)),
        "Every section's header, in order; ItemsNotBound before any items.")
    public let model = MethodContract("Model", in: Parameters(("section", Int32.self), ("row", Int32.self)), out: Parameters(("model", Variant.self)),
        "The model bound at a row.")
    public let titleForHeader = MethodContract("TitleForHeader", in: Parameters(("section", Int32.self)), out: Parameters(("title", String.self)),
        "A section's header.")
    public let selectRow = MethodContract("SelectRow", in: Parameters(("section", Int32.self), ("row", Int32.self)),
        "A user's tap on a row: it is selected (the previous one deselected unless AllowsMultipleSelection), then ItemSelected and ModelSelected.")
    public let deselectRow = MethodContract("DeselectRow", in: Parameters(("section", Int32.self), ("row", Int32.self)),
        "A user's deselection: ItemDeselected and ModelDeselected.")
    public let deleteRow = MethodContract("DeleteRow", in: Parameters(("section", Int32.self), ("row", Int32.self)),
        "A user's delete (commit editing style) on an Editable table: ItemDeleted, ModelDeleted, then the row is gone (ItemsChanged). NotEditable otherwise.")
    public let moveRow = MethodContract("MoveRow", in: Parameters(("from_section", Int32.self), ("from_row", Int32.self), ("to_section", Int32.self), ("to_row", Int32.self)),
        "A user's move of a row on an Editable table: ItemMoved. NotEditable otherwise.")
    public let reloadData = MethodContract("ReloadData",
        "UIKit's reloadData: a served table drops its cache, reads the data source's RowCounts again and reloads (Reloaded, the selection cleared; answered once the counts came). On bound sections the rows are the daemon's and nothing changes.")
    public let served = ServedRowsMembers(
        attachDataSource: "Makes the caller's object (org.rxwidgets.Widgets1.TableDataSource, served on the caller's connection) the table's data source: its RowCounts are read at once (the call fails with DataSourceUnavailable, changing nothing, when they do not come), then the table reloads (Reloaded, the selection cleared) and its cells and models are read as they are needed, through a page cache; headers are empty. Options: page i (rows a page, 1 to 4,096, default 256), cache_pages i (1 to 1,024, default 64), timeout i (ms a question may take, 1 to 60,000, default 2,000). A call that needs rows not cached is answered once they came (or with DataSourceUnavailable); the calls after it wait. SetItems, SetSections, AppendItems and LoadItems are NotSupported while it is attached, and so are DeleteRow and MoveRow (the client owns the rows: it changes them and calls ReloadData); ReloadData drops the cache and reads RowCounts again. Owner or uid 0.",
        detachDataSource: "Lets go of the attached data source: the table shows the sections bound before it was attached (or none), with their selection (Reloaded). NotSupported when none is attached. The data source's client leaving the bus detaches it the same way.",
        attachDelegate: "Makes the caller's object (org.rxwidgets.Widgets1.TableDelegate, served on the caller's connection) the table's forward delegate: DeleteRow asks its CanEditRow, MoveRow its CanMoveRow, SelectRow its ShouldSelectRow first, and the call is answered once it said (the calls after it on the table wait). No: DeleteRow and MoveRow are NotEditable, SelectRow selects nothing and emits nothing. A method it does not implement means UIKit's default (the table's own rules decide). An answer that does not come within timeout ms (option timeout i, 1 to 60,000, default 2,000) fails the call with DataSourceUnavailable. Attaching again replaces; the caller leaving the bus detaches it. Owner or uid 0.",
        detachDelegate: "Lets go of the attached delegate: the table's own rules decide again. NotSupported when none is attached.")
    public let search = SearchMembers(part: "section", rowsCall: "Cells")
    public let columns = ColumnMembers(part: "section", rowsCall: "Cells", formatCall: "SetCellFormat")
    public let tapAccessory = MethodContract("TapAccessory", in: Parameters(("section", Int32.self), ("row", Int32.self)),
        "A tap on a row's accessory button: ItemAccessoryButtonTapped. A pure event: Revision stays.")
    public let highlightRow = MethodContract("HighlightRow", in: Parameters(("section", Int32.self), ("row", Int32.self)),
        "A touch or a front end's cursor coming onto a row: ItemUnhighlighted for the row highlighted before, if any, then ItemHighlighted. The row already highlighted changes nothing; nothing is selected. A pure event: Revision stays, and a data change that removes the row forgets the highlight.")
    public let unhighlightRow = MethodContract("UnhighlightRow", in: Parameters(("section", Int32.self), ("row", Int32.self)),
        "The touch or cursor leaving the highlighted row: ItemUnhighlighted. Any other row changes nothing. A pure event: Revision stays.")

    public let itemsChanged = TypedSignal("ItemsChanged", ("deleted", [IndexPath].self), ("inserted", [IndexPath].self), ("moved", [RowMove].self), ("updated", [IndexPath].self),
        documentation: "The difference between the old and new data of a binding: deleted (old index paths), inserted (new), moved and updated rows.")
    public let reloaded = TypedSignal("Reloaded",
        documentation: "The data was replaced without a difference (first binding, a section inserted, deleted or moved, duplicate identities, bulk loads, past --max-diff-rows); the selection is cleared, except by a LoadItems, which drops only its section's.")
    public let itemSelected = TypedSignal("ItemSelected", ("section", Int32.self), ("row", Int32.self),
        documentation: "A user selected a row.")
    public let itemDeselected = TypedSignal("ItemDeselected", ("section", Int32.self), ("row", Int32.self),
        documentation: "A user deselected a row.")
    public let modelSelected = TypedSignal("ModelSelected", ("model", Variant.self),
        documentation: "The model of the row a user selected.")
    public let modelDeselected = TypedSignal("ModelDeselected", ("model", Variant.self),
        documentation: "The model of the row a user deselected.")
    public let itemDeleted = TypedSignal("ItemDeleted", ("section", Int32.self), ("row", Int32.self),
        documentation: "A user deleted a row.")
    public let modelDeleted = TypedSignal("ModelDeleted", ("model", Variant.self),
        documentation: "The model of the row a user deleted.")
    public let itemMoved = TypedSignal("ItemMoved", ("from_section", Int32.self), ("from_row", Int32.self), ("to_section", Int32.self), ("to_row", Int32.self),
        documentation: "A user moved a row.")
    public let itemAccessoryButtonTapped = TypedSignal("ItemAccessoryButtonTapped", ("section", Int32.self), ("row", Int32.self),
        documentation: "A user tapped a row's accessory button.")
    public let itemHighlighted = TypedSignal("ItemHighlighted", ("section", Int32.self), ("row", Int32.self),
        documentation: "A row came under a user's touch or a front end's cursor (rx.itemHighlighted).")
    public let itemUnhighlighted = TypedSignal("ItemUnhighlighted", ("section", Int32.self), ("row", Int32.self),
        documentation: "The row left it (rx.itemUnhighlighted).")

    public let numberOfSections = PropertyContract("NumberOfSections", Int32.self,
        "How many sections are bound.")
    public let rowCounts = PropertyContract("RowCounts", [Int32].self,
        "The number of rows of each section.")
    public let selectedIndexPaths = PropertyContract("SelectedIndexPaths", [IndexPath].self,
        "The selected rows as (section, row), in the order they were selected.")
    public let allowsMultipleSelection = PropertyContract("AllowsMultipleSelection", Bool.self, access: .readWrite,
        "Whether a tap adds to the selection instead of replacing it; settable by the owner.")
    public let editable = PropertyContract("Editable", Bool.self, access: .readWrite,
        "Whether DeleteRow and MoveRow are allowed; settable by the owner.")
    public let widget = WidgetMembers(of: .table)

    public static let documentation = "The headless UITableView with rx.items and RxDataSources' sectioned, animated data source: each new binding is diffed against the last."
    public static let interface = contract
}
