import DBus
import XCTest

final class PickerTests: DaemonTestCase {
    private let fruit = "\(root)/picker/fruit"

    private func createFruit(_ extra: [(String, DBusValue)] = []) throws {
        try call(root, managerInterface, "CreatePicker", [.string("fruit"), options([("items", titles([["apple", "banana", "cherry"], ["small", "large"]]))] + extra)])
        _ = takeEvents()
    }

    func testCreateSelectAndTheSignalsBeforeEachReply() throws {
        XCTAssertEqual(try call(root, managerInterface, "CreatePicker", [.string("fruit"), options([("items", titles([["apple", "banana", "cherry"], ["small", "large"]]))])]),
                       [.objectPath(ObjectPath(fruit)!)])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Manager Widgets", "InterfacesAdded \(fruit)", "reply"])
        try call(fruit, pickerInterface, "SelectRow", [.int32(2), .int32(0)])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Picker SelectedRows,Revision", "ItemSelected(2, 0)", "ModelSelected([<'cherry'>, <'small'>])", "reply"])
        XCTAssertEqual(try property(fruit, pickerInterface, "Revision"), .uint64(2))
        try call(fruit, pickerInterface, "SelectRow", [.int32(2), .int32(0)])
        XCTAssertEqual(takeEvents(), ["ItemSelected(2, 0)", "ModelSelected([<'cherry'>, <'small'>])", "reply"],
                       "selecting the selected row is a user's event but changes nothing")
        XCTAssertEqual(try property(fruit, pickerInterface, "Revision"), .uint64(2))
        try call(fruit, pickerInterface, "SetSelectedRow", [.int32(1), .int32(1)])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Picker SelectedRows,Revision", "reply"], "a programmatic selection sends no ItemSelected")
        XCTAssertEqual(try call(fruit, pickerInterface, "SelectedRow", [.int32(1)]), [.int32(1)])
        XCTAssertEqual(try property(fruit, pickerInterface, "SelectedRows"), .array(element: .int32, [.int32(2), .int32(1)]))
    }

    func testQueriesBeforeItemsAndOutOfRange() throws {
        try call(root, managerInterface, "CreatePicker", [.string("empty"), options([])])
        let empty = "\(root)/picker/empty"
        for (member, arguments) in [("TitleForRow", [DBusValue.int32(0), .int32(0)]), ("SelectedRow", [.int32(0)]), ("Model", [.int32(0), .int32(0)]),
                                    ("WidthForComponent", [.int32(0)]), ("AppendItems", [titles([["x"]])]), ("SelectRow", [.int32(0), .int32(0)])] {
            XCTAssertEqual(error(empty, pickerInterface, member, arguments)?.name, errorPrefix + "ItemsNotBound", member)
        }
        try createFruit()
        XCTAssertEqual(error(fruit, pickerInterface, "TitleForRow", [.int32(3), .int32(0)]),
                       DBusError(name: errorPrefix + "OutOfRange", message: "row 3 is out of range; expected 0…2"))
        XCTAssertEqual(error(fruit, pickerInterface, "TitleForRow", [.int32(0), .int32(-1)]),
                       DBusError(name: errorPrefix + "OutOfRange", message: "component -1 is out of range; expected 0…1"))
        XCTAssertEqual(error(fruit, pickerInterface, "AppendItems", [titles([["a"], ["b"], ["c"]])])?.name, errorPrefix + "OutOfRange")
        XCTAssertEqual(error(fruit, pickerInterface, "SelectRow", [.string("2"), .int32(0)]),
                       DBusError.invalidArgs("SelectRow expects arguments 'ii', got 'si'"))
        XCTAssertEqual(try property(fruit, pickerInterface, "Revision"), .uint64(1), "failed calls change nothing")
    }

    func testAdaptersTitlesViewsAndSizes() throws {
        try createFruit()
        XCTAssertEqual(try call(fruit, pickerInterface, "TitleForRow", [.int32(1), .int32(0)]), [.string("banana")])
        XCTAssertEqual(try call(fruit, pickerInterface, "WidthForComponent", [.int32(0)]), [.double(187)], "floor(375 / 2)")
        XCTAssertEqual(try call(fruit, pickerInterface, "RowHeightForComponent", [.int32(0)]), [.double(34)])
        try call(fruit, pickerInterface, "SetAdapter", [.string("attributed"), options([
            ("format", .string("{row}:{value}@{component}")), ("attributes", options([("foregroundColor", .string("red"))])),
            ("widths", .array(element: .double, [.double(100), .double(50)])), ("row_heights", .array(element: .double, [.double(40)])),
        ])])
        XCTAssertEqual(try property(fruit, pickerInterface, "Adapter"), .string("attributed"))
        XCTAssertEqual(try call(fruit, pickerInterface, "AttributedTitleForRow", [.int32(2), .int32(0)]),
                       [.string("2:cherry@0"), options([("foregroundColor", .string("red"))])])
        XCTAssertEqual(try call(fruit, pickerInterface, "WidthForComponent", [.int32(1)]), [.double(50)])
        XCTAssertEqual(try call(fruit, pickerInterface, "RowHeightForComponent", [.int32(1)]), [.double(34)])
        try call(fruit, pickerInterface, "SetAdapter", [.string("view"), options([("view", options([("backgroundColor", .string("{value}")), ("width", .int64(10))]))])])
        let view = try call(fruit, pickerInterface, "ViewForRow", [.int32(0), .int32(1)]).first?.dictionaryEntries ?? []
        XCTAssertEqual(view.map { "\($0.key.stringValue ?? "")=\($0.value)" }, ["backgroundColor=<'small'>", "kind=<'View'>", "width=<int64 10>"])
        XCTAssertEqual(error(fruit, pickerInterface, "SetAdapter", [.string("wheel"), options([])]),
                       DBusError.invalidArgs("kind: expected 'title', 'attributed' or 'view', got 'wheel'"))
        XCTAssertEqual(error(fruit, pickerInterface, "SetAdapter", [.string("title"), options([("font", .string("x"))])]),
                       DBusError.invalidArgs("options: unknown key 'font'; expected 'attributes', 'format', 'row_heights', 'view', 'widths'"))
        XCTAssertEqual(error(fruit, pickerInterface, "SetAdapter", [.string("title"), options([("widths", .array(element: .double, [.double(-1)]))])])?.name,
                       DBusError.Name.invalidArgs)
    }

    func testModelsAppendAndEmptyComponents() throws {
        try call(root, managerInterface, "CreatePicker", [.string("mixed"), options([])])
        let mixed = "\(root)/picker/mixed"
        try call(mixed, pickerInterface, "SetModels", [.array(element: .array(.variant), [
            .array(element: .variant, [.variant(.int32(7)), .variant(.boolean(true)), .variant(.array(element: .string, [.string("a"), .string("b")]))]),
            .array(element: .variant, []),
        ])])
        XCTAssertEqual(try call(mixed, pickerInterface, "TitleForRow", [.int32(2), .int32(0)]), [.string("[a, b]")])
        XCTAssertEqual(try call(mixed, pickerInterface, "Model", [.int32(0), .int32(0)]), [.variant(.int32(7))])
        XCTAssertEqual(try call(mixed, pickerInterface, "SelectedRow", [.int32(1)]), [.int32(-1)])
        _ = takeEvents()
        try call(mixed, pickerInterface, "SelectRow", [.int32(1), .int32(0)])
        XCTAssertEqual(Array(takeEvents().prefix(3)), ["PropertiesChanged Picker SelectedRows,Revision", "ItemSelected(1, 0)", "ModelSelected([<true>, <''>])"],
                       "an empty component contributes the empty string")
        try call(mixed, pickerInterface, "AppendItems", [titles([["x"], ["y", "z"]])])
        XCTAssertEqual(try property(mixed, pickerInterface, "RowCounts"), .array(element: .int32, [.int32(4), .int32(2)]))
    }

    func testPopupPicker() throws {
        try call(root, managerInterface, "CreatePicker", [.string("sheet"), options([("items", titles([["red", "green", "blue"]])), ("popup", .boolean(true))])])
        let sheet = "\(root)/picker/sheet"
        XCTAssertEqual(try property(sheet, pickerInterface, "Popup"), .boolean(true))
        _ = takeEvents()
        try call(sheet, pickerInterface, "Show")
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Picker Visible,Revision", "reply"])
        try call(sheet, pickerInterface, "Done")
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Picker Visible,Revision", "SelectedItem(0, 'red')", "reply"],
                       "Done reports row 0 until the user moves it, then hides")
        try call(sheet, pickerInterface, "Show")
        try call(sheet, pickerInterface, "Cancel")
        XCTAssertEqual(takeEvents().suffix(3), ["PropertiesChanged Picker Visible,Revision", "Closed()", "reply"])
        try call(sheet, pickerInterface, "SetItems", [titles([[]])])
        XCTAssertEqual(error(sheet, pickerInterface, "Done")?.name, errorPrefix + "ItemsNotBound")
        try createFruit()
        for member in ["Show", "Hide", "Done", "Cancel"] {
            XCTAssertEqual(error(fruit, pickerInterface, member)?.name, DBusError.Name.notSupported, member)
        }
    }

    func testReloadsAndHideChangeNothingVisible() throws {
        try createFruit()
        try call(fruit, pickerInterface, "ReloadAllComponents")
        try call(fruit, pickerInterface, "ReloadComponent", [.int32(1)])
        XCTAssertEqual(takeEvents(), ["reply", "reply"], "reloading unchanged data announces nothing")
        XCTAssertEqual(try property(fruit, pickerInterface, "Revision"), .uint64(1))
        XCTAssertEqual(error(fruit, pickerInterface, "ReloadComponent", [.int32(2)])?.name, errorPrefix + "OutOfRange")
        try call(root, managerInterface, "CreatePicker", [.string("sheet"), options([("items", titles([["x"]])), ("popup", .boolean(true))])])
        let sheet = "\(root)/picker/sheet"
        try call(sheet, pickerInterface, "Show")
        _ = takeEvents()
        try call(sheet, pickerInterface, "Hide")
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Picker Visible,Revision", "reply"])
        try call(sheet, pickerInterface, "Hide")
        XCTAssertEqual(takeEvents(), ["reply"], "hiding a hidden popup changes nothing")
    }

    func testLimits() throws {
        try createFruit()
        let many = titles((0..<65).map { _ in ["x"] })
        XCTAssertEqual(error(fruit, pickerInterface, "SetItems", [many])?.name, errorPrefix + "LimitExceeded")
        let long = String(repeating: "é", count: 65_537)
        XCTAssertEqual(error(fruit, pickerInterface, "SetItems", [titles([[long]])]),
                       DBusError(name: errorPrefix + "LimitExceeded", message: "items component 0 row 0 has 65537 characters; the limit is 65536"))
        XCTAssertEqual(try call(fruit, pickerInterface, "TitleForRow", [.int32(0), .int32(0)]), [.string("apple")], "a refused SetItems changes nothing")
    }
}
