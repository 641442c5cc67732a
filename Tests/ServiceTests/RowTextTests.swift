import DBus
@testable import Service
import XCTest

/// How a row reads — title, columns, description — and the checks of
/// headers, including what no bus message can carry (a NUL from a state file).
final class RowTextTests: XCTestCase {
    private let checks = InputChecks(limits: Limits())

    private func text(_ format: String = "{value}", headers: [String], description: String = RowColumns.defaultDescriptionFormat, limit: Int = 65_536) -> RowText {
        RowText(format: format, columns: RowColumns(headers: headers, descriptionFormat: description), partKey: "section", limit: limit)
    }

    private func dictionary(_ pairs: [(String, String)]) -> DBusValue {
        .dictionary(key: .string, value: .variant, pairs.map { (.string($0.0), .variant(.string($0.1))) })
    }

    func testListsDictionariesAndOtherModelsReadAsColumns() {
        let rows = text(headers: ["Name", "Size"])
        XCTAssertEqual(rows.columnTexts(of: .array(element: .variant, [.variant(.string("a")), .variant(.int32(7)), .variant(.string("extra"))])), ["a", "7"])
        XCTAssertEqual(rows.columnTexts(of: dictionary([("Size", "9"), ("Name", "b")])), ["b", "9"])
        XCTAssertEqual(rows.columnTexts(of: .structure([.string("c"), .double(1.5)])), ["c", "1.5"])
        XCTAssertEqual(rows.columnTexts(of: .string("plain")), ["plain", ""])
        XCTAssertEqual(rows.title(of: .array(element: .string, [.string("a"), .string("1")]), row: 0, part: 0), "a  1")
        XCTAssertEqual(rows.title(of: dictionary([("title", "T"), ("Name", "n")]), row: 0, part: 0), "T", "a dictionary's title key titles it")
        XCTAssertEqual(text(headers: []).title(of: .array(element: .string, [.string("a")]), row: 0, part: 0), "[a]", "without columns, the text form")
    }

    func testPlaceholdersNameColumnsKeysAndBuiltIns() {
        let model = dictionary([("Name", "n"), ("Size", "5"), ("note", "hi")])
        let rows = text("{row}:{0}/{Size}/{note}/{9}/{-1}/{nothing}", headers: ["Name", "Size"], description: "{note} {nothing}{description}")
        XCTAssertEqual(rows.title(of: model, row: 3, part: 1), "3:n/5/hi//{-1}/{nothing}", "a title keeps a name of nothing as written")
        XCTAssertEqual(rows.description(of: model, row: 3, part: 1), "hi ", "a description leaves it empty")
        XCTAssertEqual(text(headers: ["value"]).description(of: .string("x"), row: 0, part: 0), "", "no description key: empty")
        XCTAssertEqual(rows.searched(model, row: 0, part: 0, fields: .both), rows.title(of: model, row: 0, part: 0) + "\nhi ")
    }

    func testTextsAreClippedToTheLimit() {
        let long = String(repeating: "é", count: 100)
        let rows = text(headers: ["A"], limit: 10)
        XCTAssertEqual(rows.columnTexts(of: .array(element: .string, [.string(long)])), [String(repeating: "é", count: 10)])
        XCTAssertEqual(rows.title(of: .array(element: .string, [.string(long)]), row: 0, part: 0).unicodeScalars.count, 10)
    }

    func testHeadersAreCheckedNULIncluded() {
        XCTAssertThrowsError(try RowColumns.checked(["a", "b\u{0}c"], checks, "stored columns")) { error in
            XCTAssertEqual((error as? DBusError)?.message, "stored columns[1] 'b\\0c' holds a NUL; expected text without one")
        }
        XCTAssertThrowsError(try RowColumns.checkedFormat("x\u{0}", checks, "stored description format"))
        XCTAssertEqual(try RowColumns.checked(["a", "b"], checks, "headers"), ["a", "b"])
    }
}
