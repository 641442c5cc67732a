import FoundationEssentials
import DBus
import XCTest

final class TableTests: DaemonTestCase {
    private let letters = "\(root)/table/letters"

    private func createLetters() throws {
        try call(root, managerInterface, "CreateTable", [.string("letters"), options([("items", .array(element: .string, ["a", "b", "c", "d"].map { .string($0) }))])])
    }

    func testCreationReloadsThenSetItemsDiffs() throws {
        try createLetters()
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Manager Widgets", "InterfacesAdded \(letters)", "Reloaded()", "reply"])
        try call(letters, tableInterface, "SetItems", [models(["d", "a", "c", "e"])])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Table Revision", "ItemsChanged([(0, 1)], [(0, 3)], [(0, 3, 0, 0)], [])", "reply"])
        try call(letters, tableInterface, "SetItems", [models(["d", "a", "c", "e"])])
        XCTAssertEqual(takeEvents(), ["ItemsChanged([], [], [], [])", "reply"], "the same data changes nothing")
        try call(letters, tableInterface, "SetItems", [models(["x", "x"])])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Table MatchCounts,RowCounts,Revision", "Reloaded()", "reply"], "duplicate identities reload")
        try call(root, managerInterface, "CreateTable", [.string("later"), options([])])
        _ = takeEvents()
        try call("\(root)/table/later", tableInterface, "SetSections", [.array(element: .structure([.string, .array(.variant)]), [
            .structure([.string("A"), models(["apple"])]), .structure([.string("B"), models(["banana", "blueberry"])]),
        ])])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Table MatchCounts,NumberOfSections,RowCounts,Revision", "Reloaded()", "reply"], "the first Set* reloads")
        XCTAssertEqual(try call("\(root)/table/later", tableInterface, "TitleForHeader", [.int32(1)]), [.string("B")])
    }

    private func sections(_ parts: [(String, [String])]) -> DBusValue {
        .array(element: .structure([.string, .array(.variant)]), parts.map { .structure([.string($0.0), models($0.1)]) })
    }

    func testSectionsAreKnownByTheirHeadersRowsMoveAcrossThemAndSectionChangesReload() throws {
        try call(root, managerInterface, "CreateTable", [.string("fruit"), options([])])
        let fruit = "\(root)/table/fruit"
        try call(fruit, tableInterface, "SetSections", [sections([("A", ["apple", "avocado"]), ("B", ["banana"])])])
        try call(fruit, "org.freedesktop.DBus.Properties", "Set", [.string(tableInterface), .string("AllowsMultipleSelection"), .variant(.boolean(true))])
        try call(fruit, tableInterface, "SelectRow", [.int32(0), .int32(1)])
        try call(fruit, tableInterface, "SelectRow", [.int32(1), .int32(0)])
        _ = takeEvents()

        try call(fruit, tableInterface, "SetSections", [sections([("A", ["apple"]), ("B", ["avocado", "banana", "blueberry"])])])
        XCTAssertEqual(takeEvents(), [
            "PropertiesChanged Table MatchCounts,RowCounts,SelectedIndexPaths,Revision", "ItemsChanged([], [(1, 2)], [(0, 1, 1, 0)], [])", "reply",
        ], "a row moved to another section, one inserted: one difference")
        XCTAssertEqual(try property(fruit, tableInterface, "SelectedIndexPaths"), .array(element: .structure([.int32, .int32]), [
            .structure([.int32(1), .int32(0)]), .structure([.int32(1), .int32(1)]),
        ]), "avocado and banana stay selected where they went")

        try call(fruit, tableInterface, "SetSections", [sections([("B", ["avocado", "banana", "blueberry"]), ("A", ["apple"])])])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Table MatchCounts,RowCounts,SelectedIndexPaths,Revision", "Reloaded()", "reply"],
                       "a section that moved is a change ItemsChanged cannot carry")
        XCTAssertEqual(try property(fruit, tableInterface, "SelectedIndexPaths"), .array(element: .structure([.int32, .int32]), [
            .structure([.int32(0), .int32(0)]), .structure([.int32(0), .int32(1)]),
        ]), "the selection went with its section")

        try call(fruit, tableInterface, "SetSections", [sections([("B", ["avocado", "banana", "blueberry"]), ("C", ["cherry"])])])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Table Revision", "Reloaded()", "reply"], "a section replaced by another: Reloaded")

        try call(fruit, tableInterface, "SetSections", [sections([("", ["x"]), ("", ["y"])])])
        _ = takeEvents()
        try call(fruit, tableInterface, "SetSections", [sections([("", ["x", "y"]), ("", [])])])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Table MatchCounts,RowCounts,Revision", "ItemsChanged([], [], [(1, 0, 0, 1)], [])", "reply"],
                       "sections of one header are told apart by their order")
    }

    func testSelectionDeselectsThePreviousRow() throws {
        try createLetters()
        _ = takeEvents()
        try call(letters, tableInterface, "SelectRow", [.int32(0), .int32(1)])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Table SelectedIndexPaths,Revision", "ItemSelected(0, 1)", "ModelSelected(<'b'>)", "reply"])
        try call(letters, tableInterface, "SelectRow", [.int32(0), .int32(2)])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Table SelectedIndexPaths,Revision", "ItemDeselected(0, 1)", "ModelDeselected(<'b'>)", "ItemSelected(0, 2)", "ModelSelected(<'c'>)", "reply"])
        try call(letters, "org.freedesktop.DBus.Properties", "Set", [.string(tableInterface), .string("AllowsMultipleSelection"), .variant(.boolean(true))])
        try call(letters, tableInterface, "SelectRow", [.int32(0), .int32(0)])
        XCTAssertEqual(try property(letters, tableInterface, "SelectedIndexPaths"), .array(element: .structure([.int32, .int32]), [
            .structure([.int32(0), .int32(2)]), .structure([.int32(0), .int32(0)]),
        ]))
        _ = takeEvents()
        try call(letters, tableInterface, "DeselectRow", [.int32(0), .int32(2)])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Table SelectedIndexPaths,Revision", "ItemDeselected(0, 2)", "ModelDeselected(<'c'>)", "reply"])
        XCTAssertEqual(error(letters, tableInterface, "SelectRow", [.int32(1), .int32(0)])?.name, errorPrefix + "OutOfRange")
    }

    func testEditsNeedEditableAndAnnounceThemselves() throws {
        try createLetters()
        XCTAssertEqual(error(letters, tableInterface, "DeleteRow", [.int32(0), .int32(0)]),
                       DBusError(name: errorPrefix + "NotEditable", message: "DeleteRow: table 'letters' is not editable; set its Editable property to true first"))
        XCTAssertEqual(error(letters, tableInterface, "MoveRow", [.int32(0), .int32(0), .int32(0), .int32(1)])?.name, errorPrefix + "NotEditable")
        try call(letters, "org.freedesktop.DBus.Properties", "Set", [.string(tableInterface), .string("Editable"), .variant(.boolean(true))])
        XCTAssertEqual(try property(letters, tableInterface, "Revision"), .uint64(2), "a property Set is a change")
        try call(letters, tableInterface, "SelectRow", [.int32(0), .int32(3)])
        _ = takeEvents()
        try call(letters, tableInterface, "DeleteRow", [.int32(0), .int32(1)])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Table MatchCounts,RowCounts,SelectedIndexPaths,Revision", "ItemDeleted(0, 1)", "ModelDeleted(<'b'>)", "ItemsChanged([(0, 1)], [], [], [])", "reply"],
                       "the deleted row's signals, then the rows bound without it, as an RxDataSources app updates its model")
        XCTAssertEqual(try property(letters, tableInterface, "SelectedIndexPaths"), .array(element: .structure([.int32, .int32]), [.structure([.int32(0), .int32(2)])]),
                       "the selection follows its row")
        try call(letters, tableInterface, "MoveRow", [.int32(0), .int32(0), .int32(0), .int32(2)])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Table SelectedIndexPaths,Revision", "ItemMoved(0, 0, 0, 2)", "reply"])
        XCTAssertEqual(try call(letters, tableInterface, "Model", [.int32(0), .int32(2)]), [.variant(.string("a"))])
        let revision = try property(letters, tableInterface, "Revision")
        _ = takeEvents()
        try call(letters, tableInterface, "TapAccessory", [.int32(0), .int32(0)])
        XCTAssertEqual(takeEvents(), ["ItemAccessoryButtonTapped(0, 0)", "reply"])
        XCTAssertEqual(try property(letters, tableInterface, "Revision"), revision, "a pure event leaves the revision")
    }

    func testHighlightFollowsACursorAndSelectsNothing() throws {
        try createLetters()
        let revision = try property(letters, tableInterface, "Revision")
        _ = takeEvents()
        try call(letters, tableInterface, "HighlightRow", [.int32(0), .int32(1)])
        XCTAssertEqual(takeEvents(), ["ItemHighlighted(0, 1)", "reply"])
        try call(letters, tableInterface, "HighlightRow", [.int32(0), .int32(1)])
        XCTAssertEqual(takeEvents(), ["reply"], "the row already highlighted changes nothing")
        try call(letters, tableInterface, "HighlightRow", [.int32(0), .int32(3)])
        XCTAssertEqual(takeEvents(), ["ItemUnhighlighted(0, 1)", "ItemHighlighted(0, 3)", "reply"])
        try call(letters, tableInterface, "UnhighlightRow", [.int32(0), .int32(0)])
        XCTAssertEqual(takeEvents(), ["reply"], "a row that is not highlighted")
        XCTAssertEqual(error(letters, tableInterface, "HighlightRow", [.int32(0), .int32(4)])?.name, errorPrefix + "OutOfRange")
        try call(letters, tableInterface, "UnhighlightRow", [.int32(0), .int32(3)])
        XCTAssertEqual(takeEvents(), ["error OutOfRange", "ItemUnhighlighted(0, 3)", "reply"], "the refused call changed nothing")
        XCTAssertEqual(try property(letters, tableInterface, "Revision"), revision, "pure events leave the revision")
        XCTAssertEqual(try property(letters, tableInterface, "SelectedIndexPaths"), .array(element: .structure([.int32, .int32]), []), "and select nothing")
    }

    func testCellsFormatsAndAppends() throws {
        try createLetters()
        XCTAssertEqual(try call(letters, tableInterface, "CellForRow", [.int32(0), .int32(2)]), [.string("cell"), .string("c")])
        try call(letters, tableInterface, "SetCellFormat", [.string("{section}.{row}: {value}")])
        XCTAssertEqual(try call(letters, tableInterface, "CellForRow", [.int32(0), .int32(2)]), [.string("cell"), .string("0.2: c")])
        _ = takeEvents()
        try call(letters, tableInterface, "AppendItems", [.int32(0), .array(element: .variant, [.variant(.int32(5)), .variant(.boolean(false))])])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Table MatchCounts,RowCounts,Revision", "ItemsChanged([], [(0, 4), (0, 5)], [], [])", "reply"])
        XCTAssertEqual(try call(letters, tableInterface, "CellForRow", [.int32(0), .int32(5)]), [.string("cell"), .string("0.5: false")])
        XCTAssertEqual(error(letters, tableInterface, "AppendItems", [.int32(1), models(["x"])])?.name, errorPrefix + "OutOfRange")
        try call(root, managerInterface, "CreateTable", [.string("empty"), options([])])
        XCTAssertEqual(error("\(root)/table/empty", tableInterface, "CellForRow", [.int32(0), .int32(0)])?.name, errorPrefix + "ItemsNotBound")
        XCTAssertEqual(error(root, managerInterface, "CreateTable", [.string("both"), options([("items", .array(element: .string, [])), ("sections", .array(element: .structure([.string, .array(.string)]), []))])]),
                       DBusError.invalidArgs("options: give 'items' or 'sections', not both"))
    }
}
