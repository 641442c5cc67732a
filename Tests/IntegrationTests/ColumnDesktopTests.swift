import BusTestSupport
import DBus
import Foundation
import XCTest

/// `rxwidgets-gtk` with columns and descriptions, on Xvfb through AT-SPI:
/// a `table --columns` is a `GtkColumnView` of one column per header, each
/// cell a row's column text; descriptions are labels under their titles.
final class ColumnDesktopTests: DesktopTestCase {
    func testATableWithColumnsIsAColumnViewOfItsFields() throws {
        let csv = "notes.txt,12,2026-01-02\r\n\"big, old.tar\",\"4,096\",2025-12-31\r\nrésumé.pdf,30,2026-03-04\r\n"
        let table = try start(["table", "--header", "Files", "--columns", "Name,Size,Modified", "--return-column", "1"], input: csv)
        XCTAssertNotNil(table.waitFor("table row", "Name") { $0.children == ["Name", "Size", "Modified"] }, "a column per header: \(table.error)")
        for cell in ["big, old.tar", "4,096", "2025-12-31", "résumé.pdf"] {
            XCTAssertNotNil(table.waitFor("label", cell) { _ in true }, "the cell \(cell) is its own label")
        }
        try screenshot("table-columns", of: table)
        desktop.press("Down")
        table.waitFor("table row", "big, old.tar") { $0.states.contains("selected") }
        table.act("push button", "Done", "click")
        XCTAssertEqual(table.exitStatus(), 0, table.error)
        XCTAssertEqual(table.output, "big, old.tar\n", "--return-column 1: the name, its comma kept")
    }

    func testAClickOnAHeaderSortsTheRowsShownAndNotTheDaemons() throws {
        let csv = "b.txt,300\nc.txt,20\na.txt,1000\n"
        let table = try start(["table", "--columns", "Name,Size"], input: csv)
        XCTAssertNotNil(table.waitFor("label", "a.txt") { _ in true }, table.error)
        table.click("filler", "Size")
        XCTAssertNotNil(table.waitFor("tree table", "Items") { $0.children.dropFirst().first == "c.txt" }, "sorted by size, as numbers: 20 first")
        try screenshot("table-columns-sorted", of: table)
        // Past GTK's double-click time: a second click this soon would be a double click.
        Thread.sleep(forTimeInterval: 0.6)
        table.click("filler", "Size")
        XCTAssertNotNil(table.waitFor("tree table", "Items") { $0.children.dropFirst().first == "a.txt" }, "a second click: descending, 1000 first")
        table.waitFor("table row", "b.txt") { $0.states.contains("selected") }
        desktop.press("Up", "Return")
        XCTAssertEqual(table.exitStatus(), 0, table.error)
        XCTAssertEqual(table.output, "a.txt,1000\n", "the cursor stayed on b.txt through the sorts; ↑ is the row shown above it")
        XCTAssertTrue(waitFor { self.events.contains("ItemSelected(0, 2)") }, "the daemon's row 2: its indexes stay as they were: \(events)")
    }

    func testAnAttachedPickerShowsDescriptions() throws {
        let tool = { (title: String, description: String) in
            DBusValue.variant(.dictionary(key: .string, value: .variant, [(.string("title"), .variant(.string(title))), (.string("description"), .variant(.string(description)))]))
        }
        try call(root, managerInterface, "CreatePicker", [.string("tools"), options([])])
        try call("\(root)/picker/tools", pickerInterface, "SetModels", [.array(element: .array(.variant), [.array(element: .variant, [tool("hammer", "drives nails"), tool("drill", "bores holes")])])])
        let attached = try start(["attach", "\(root)/picker/tools"])
        XCTAssertNotNil(attached.waitFor("label", "bores holes") { _ in true }, "the description is drawn: \(attached.error)")
        XCTAssertNotNil(attached.find("label", "drill"), "apart from its title")
        attached.act("push button", "Cancel", "click")
        XCTAssertEqual(attached.exitStatus(), 0, attached.error)
    }

    func testDescriptionsAreLabelsUnderTheirTitles() throws {
        let choose = try start(["choose", "--no-limit", "--description-delimiter", " -- ", "hammer -- drives nails", "drill -- bores holes", "saw"])
        XCTAssertNotNil(choose.waitFor("label", "bores holes") { _ in true }, "the description is drawn: \(choose.error)")
        XCTAssertNotNil(choose.find("label", "drill"), "apart from its title")
        XCTAssertNil(choose.find("label", "drill -- bores holes", timeout: 1), "the line is split")
        try screenshot("choose-descriptions", of: choose)
        desktop.press("space", "Return")
        XCTAssertEqual(choose.exitStatus(), 0, choose.error)
        XCTAssertEqual(choose.output, "hammer\n", "the title is printed")
    }
}
