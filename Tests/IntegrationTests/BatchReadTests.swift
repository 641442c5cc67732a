import BusTestSupport
import DBus
import Foundation
import RxWidgetsClient
import XCTest

/// `Titles`, `AttributedTitles`, `Cells` and `Headers`: a front end renders a
/// page of rows in one call, exactly as the per-row queries answer them.
final class BatchReadTests: DaemonTestCase {
    private let picker = "\(root)/picker/p"
    private let table = "\(root)/table/t"

    private func createPicker(rows: Int) throws {
        try call(root, managerInterface, "CreatePicker", [.string("p"), options([("items", titles([(0..<rows).map { "row \($0)" }, ["x", "y"]]))])])
    }

    func testTitlesAreTitleForRowInOneCall() throws {
        XCTAssertEqual(error(root, managerInterface, "CreatePicker", [.string("p"), options([])]), nil)
        XCTAssertEqual(error(picker, pickerInterface, "Titles", [.int32(0), .int32(0), .int32(10)])?.name, errorPrefix + "ItemsNotBound")
        try call(root, managerInterface, "Destroy", [.objectPath(ObjectPath(picker)!)])
        try createPicker(rows: 1_000)
        try call(picker, pickerInterface, "SetAdapter", [.string("title"), options([("format", .string("{component}:{row}={value}"))])])
        let revision = try property(picker, pickerInterface, "Revision")
        let page = try call(picker, pickerInterface, "Titles", [.int32(0), .int32(990), .int32(100)])
        XCTAssertEqual(page.count, 2)
        let titles = page[0].arrayElements?.compactMap(\.stringValue) ?? []
        XCTAssertEqual(titles.count, 10, "count is clipped at the component's end")
        for (offset, title) in titles.enumerated() {
            XCTAssertEqual(try call(picker, pickerInterface, "TitleForRow", [.int32(Int32(990 + offset)), .int32(0)]), [.string(title)])
        }
        XCTAssertEqual(titles.first, "0:990=row 990")
        XCTAssertEqual(page[1].variantValue ?? page[1], revision ?? .uint64(0), "the revision the titles belong to")
        XCTAssertEqual(try call(picker, pickerInterface, "Titles", [.int32(1), .int32(0), .int32(65_536)])[0].arrayElements?.count, 2)
        let remote = try WidgetsClient(address: bus.address).picker("p")
        XCTAssertEqual(try remote.titles(component: 0, first: 990, count: 100), titles, "the client library reads the same page")
        XCTAssertEqual(try call(picker, pickerInterface, "Titles", [.int32(0), .int32(1_000), .int32(5)])[0].arrayElements?.count, 0, "first may be the row count")
        _ = takeEvents()
        XCTAssertEqual(error(picker, pickerInterface, "Titles", [.int32(0), .int32(1_001), .int32(1)])?.name, errorPrefix + "OutOfRange")
        XCTAssertEqual(error(picker, pickerInterface, "Titles", [.int32(0), .int32(-1), .int32(1)])?.name, errorPrefix + "OutOfRange")
        XCTAssertEqual(error(picker, pickerInterface, "Titles", [.int32(0), .int32(0), .int32(-1)]),
                       DBusError.invalidArgs("count -1 is negative; expected 0 to 65536"))
        XCTAssertEqual(error(picker, pickerInterface, "Titles", [.int32(0), .int32(0), .int32(65_537)])?.name, errorPrefix + "LimitExceeded")
        XCTAssertEqual(error(picker, pickerInterface, "Titles", [.int32(2), .int32(0), .int32(1)])?.name, errorPrefix + "OutOfRange")
        XCTAssertEqual(takeEvents().filter { !$0.hasPrefix("error") }, [], "reads send no signal")
        XCTAssertEqual(try property(picker, pickerInterface, "Revision"), revision, "reads change nothing")
    }

    func testAttributedTitlesAreAttributedTitleForRowInOneCall() throws {
        try createPicker(rows: 3)
        try call(picker, pickerInterface, "SetAdapter", [.string("attributed"), options([("attributes", options([("foregroundColor", .string("red"))]))])])
        let page = try call(picker, pickerInterface, "AttributedTitles", [.int32(0), .int32(1), .int32(2)])
        let rows = page[0].arrayElements ?? []
        XCTAssertEqual(rows.count, 2)
        for (offset, row) in rows.enumerated() {
            let single = try call(picker, pickerInterface, "AttributedTitleForRow", [.int32(Int32(1 + offset)), .int32(0)])
            XCTAssertEqual(row, .structure(single))
        }
    }

    func testCellsAndHeaders() throws {
        try call(root, managerInterface, "CreateTable", [.string("t"), options([])])
        XCTAssertEqual(error(table, tableInterface, "Headers")?.name, errorPrefix + "ItemsNotBound")
        XCTAssertEqual(error(table, tableInterface, "Cells", [.int32(0), .int32(0), .int32(1)])?.name, errorPrefix + "ItemsNotBound")
        try call(table, tableInterface, "SetSections", [.array(element: .structure([.string, .array(.variant)]), [
            .structure([.string("fruit"), models(["apple", "banana", "cherry"])]),
            .structure([.string("veg"), models(["leek"])]),
        ])])
        try call(table, tableInterface, "SetCellFormat", [.string("{section}.{row} {value}")])
        XCTAssertEqual(try call(table, tableInterface, "Headers"), [.array(element: .string, [.string("fruit"), .string("veg")])])
        let page = try call(table, tableInterface, "Cells", [.int32(0), .int32(1), .int32(50)])
        let cells = page[0].arrayElements ?? []
        XCTAssertEqual(cells.count, 2)
        for (offset, cell) in cells.enumerated() {
            XCTAssertEqual(cell, .structure(try call(table, tableInterface, "CellForRow", [.int32(0), .int32(Int32(1 + offset))])))
        }
        XCTAssertEqual(cells.first, .structure([.string("cell"), .string("0.1 banana")]))
        let remote = try WidgetsClient(address: bus.address).table("t")
        XCTAssertEqual(try remote.cells(section: 0, first: 1, count: 50).map { "\($0.identifier) \($0.text)" }, ["cell 0.1 banana", "cell 0.2 cherry"])
        XCTAssertEqual(try remote.headers(), ["fruit", "veg"])
        XCTAssertEqual(page[1], try property(table, tableInterface, "Revision"))
        XCTAssertEqual(error(table, tableInterface, "Cells", [.int32(2), .int32(0), .int32(1)])?.name, errorPrefix + "OutOfRange")
        XCTAssertEqual(error(table, tableInterface, "Cells", [.int32(1), .int32(2), .int32(1)])?.name, errorPrefix + "OutOfRange")
        XCTAssertEqual(error(table, tableInterface, "Cells", [.int32(1), .int32(0), .int32(70_000)])?.name, errorPrefix + "LimitExceeded")
    }
}
