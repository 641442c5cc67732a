@testable import FrontEndCore
import XCTest

/// A window's sort of its rows by a column: numbers by value, text by its
/// characters, equal keys in row order; and the shown rows in that order.
final class RowOrderTests: XCTestCase {
    func testNumbersSortByValueBeforeTextAndTiesKeepTheirOrder() {
        let order = RowOrder(keys: ["300", "b", "20", "1,000", "a", "20"], ascending: true)
        XCTAssertEqual(order.rows, [2, 5, 0, 3, 4, 1], "20, 20 (rows 2 and 5 in order), 300, 1,000, then a, b")
        XCTAssertEqual(order.positions[3], 3)
        XCTAssertEqual(RowOrder(keys: ["1", "2", "2"], ascending: false).rows, [1, 2, 0], "descending, ties still in row order")
    }

    func testShownRowsFollowTheOrderAndTheCursorStaysOnItsRow() {
        var table = TableModel(daemon: TableSnapshot(rowCounts: [3], columns: ["Size"]), purpose: .choose, header: nil, height: nil)
        _ = table.update(.key(.down, rows: 24))
        XCTAssertEqual(table.update(.ordered(RowOrder(keys: ["30", "10", "20"], ascending: true))), [])
        XCTAssertEqual(Array(table.shownRows), [IndexPath(row: 1, section: 0), IndexPath(row: 2, section: 0), IndexPath(row: 0, section: 0)])
        XCTAssertEqual(table.cursor, 0, "row 1, under the cursor, is shown first now")
        XCTAssertEqual(table.shownRows.parts(of: 0..<2).map(\.range), [1..<3], "the rows shown, read as one run")
        _ = table.update(.daemonChanged(TableSnapshot(rowCounts: [4], revision: 2, columns: ["Size"])))
        XCTAssertNil(table.order, "rows came: the order was of the rows before")
    }
}
