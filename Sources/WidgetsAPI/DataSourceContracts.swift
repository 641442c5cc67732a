import DBus
import FoundationEssentials

/// `org.rxwidgets.Widgets1.PickerDataSource`, declared once: a client serves
/// it at the object it attached with `Picker.AttachDataSource`; the daemon
/// asks it for the picker's rows as they are needed (UIPickerViewDataSource
/// and the delegate's titleForRow, across the bus).
@dynamicMemberLookup
public struct PickerDataSourceContract: InterfaceMembers {
    public static let shared = PickerDataSourceContract()
    public static let name = "org.rxwidgets.Widgets1.PickerDataSource"

    public let rowCounts = MethodContract("RowCounts", in: NoArguments(), out: Parameters(("counts", [Int32].self)),
        "The number of rows of each component (numberOfComponents and numberOfRowsInComponent): asked when the source is attached and on every reload. At most the daemon's component limit, each count 0 to 2,147,483,647.")
    public let titles = MethodContract("Titles", in: Parameters(("component", Int32.self), ("first", Int32.self), ("count", Int32.self)), out: Parameters(("titles", [String].self)),
        "The titles of rows first … first+count−1 of a component (titleForRow), exactly count of them: the daemon asks only for rows RowCounts gave, a page at a time. Each title is checked as a bound one (the string limit).")

    public static let documentation = "A picker's rows, served by a client on demand (Picker.AttachDataSource): the daemon asks, the client answers."
    public static let interface = contract
}

/// `org.rxwidgets.Widgets1.TableDataSource`, declared once: a client serves
/// it at the object it attached with `Table.AttachDataSource`; the daemon
/// asks it for the table's rows as they are needed (UITableViewDataSource's
/// numberOfRowsInSection and cellForRowAt, RxDataSources' model(at:), across
/// the bus).
@dynamicMemberLookup
public struct TableDataSourceContract: InterfaceMembers {
    public static let shared = TableDataSourceContract()
    public static let name = "org.rxwidgets.Widgets1.TableDataSource"

    public let rowCounts = MethodContract("RowCounts", in: NoArguments(), out: Parameters(("counts", [Int32].self)),
        "The number of rows of each section (numberOfSections and numberOfRowsInSection): asked when the source is attached and on every ReloadData. At most the daemon's section limit, each count 0 to 2,147,483,647.")
    public let cells = MethodContract("Cells", in: Parameters(("section", Int32.self), ("first", Int32.self), ("count", Int32.self)), out: Parameters(("cells", [DBusStruct<String, String>].self)),
        "The cells of rows first … first+count−1 of a section (cellForRowAt): identifier and text, exactly count of them; the daemon asks only for rows RowCounts gave, a page at a time. Each string is checked as a bound one (the string limit).")
    public let models = MethodContract("Models", in: Parameters(("section", Int32.self), ("first", Int32.self), ("count", Int32.self)), out: Parameters(("models", Raw<[Variant]>.self)),
        "The models of rows first … first+count−1 of a section (model(at:)), exactly count of them: what Model, ModelSelected and ModelDeselected carry. Data, as SetItems' models: no descriptor inside, strings within the limit.")

    public static let documentation = "A table's rows, served by a client on demand (Table.AttachDataSource): the daemon asks, the client answers."
    public static let interface = contract
}

/// `org.rxwidgets.Widgets1.PickerDelegate`, declared once: a client serves
/// it at the object it attached with `Picker.AttachDelegate`; the daemon
/// asks it for a component's size when one is asked for
/// (UIPickerViewDelegate's widthForComponent and rowHeightForComponent). A
/// client may serve either; one it does not serve means the adapter's size.
@dynamicMemberLookup
public struct PickerDelegateContract: InterfaceMembers {
    public static let shared = PickerDelegateContract()
    public static let name = "org.rxwidgets.Widgets1.PickerDelegate"

    public let widthForComponent = MethodContract("WidthForComponent", in: Parameters(("component", Int32.self)), out: Parameters(("width", Double.self)),
        "A component's width: asked by the picker's WidthForComponent; finite, 0 or more.")
    public let rowHeightForComponent = MethodContract("RowHeightForComponent", in: Parameters(("component", Int32.self)), out: Parameters(("height", Double.self)),
        "A component's row height: asked by the picker's RowHeightForComponent; finite, 0 or more.")

    public static let documentation = "A picker's forward delegate, served by a client: the daemon asks it for a component's width and row height."
    public static let interface = contract
}

/// `org.rxwidgets.Widgets1.TableDelegate`, declared once: a client serves it
/// at the object it attached with `Table.AttachDelegate`; the daemon asks it
/// before a user's gesture (UITableViewDataSource's canEditRowAt and
/// canMoveRowAt, UITableViewDelegate's willSelectRowAt). A client may serve
/// any of the three; one it does not serve means UIKit's default.
@dynamicMemberLookup
public struct TableDelegateContract: InterfaceMembers {
    public static let shared = TableDelegateContract()
    public static let name = "org.rxwidgets.Widgets1.TableDelegate"

    public let canEditRow = MethodContract("CanEditRow", in: Parameters(("section", Int32.self), ("row", Int32.self)), out: Parameters(("editable", Bool.self)),
        "Whether the row may be deleted: asked by DeleteRow; false makes it NotEditable.")
    public let canMoveRow = MethodContract("CanMoveRow", in: Parameters(("section", Int32.self), ("row", Int32.self)), out: Parameters(("movable", Bool.self)),
        "Whether the row may be moved: asked by MoveRow (about the row it moves); false makes it NotEditable.")
    public let shouldSelectRow = MethodContract("ShouldSelectRow", in: Parameters(("section", Int32.self), ("row", Int32.self)), out: Parameters(("selectable", Bool.self)),
        "Whether a user's tap selects the row: asked by SelectRow; false selects nothing and emits nothing.")

    public static let documentation = "A table's forward delegate, served by a client: the daemon asks it before deleting, moving or selecting a row."
    public static let interface = contract
}
