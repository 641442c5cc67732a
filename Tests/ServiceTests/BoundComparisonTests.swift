@testable import Service
import XCTest

/// A comparison made off the loop answers only for the very rows it compared.
final class BoundComparisonTests: XCTestCase {
    func testItAnswersForTheRowsItComparedAndNoOthers() {
        let bound = [["a", "b"], ["c"]]
        let same = BoundComparison(bound.map { $0 }, with: bound, by: ==)
        let different = BoundComparison([["a"]], with: bound, by: ==)
        XCTAssertEqual(same.equals(bound), true)
        XCTAssertEqual(different.equals(bound), false)

        var changed = bound
        changed[1].append("d")
        XCTAssertNil(BoundComparison(bound.map { $0 }, with: bound, by: ==).equals(changed), "rows changed since are compared again")
        XCTAssertNil(BoundComparison([["a"]], with: bound, by: ==).equals(bound.map { $0 + [] }), "equal rows in another array are compared again")
        XCTAssertNil(same.equals(bound), "asked once: the rows it kept are let go of")
    }

    func testEmptyRowsCompareAsEmpty() {
        let none: [[String]] = []
        XCTAssertEqual(BoundComparison([[String]](), with: none, by: ==).equals([]), true)
        XCTAssertEqual(BoundComparison([["a"]], with: none, by: ==).equals([]), false)
    }
}
