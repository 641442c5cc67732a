@testable import rxwidgets
import XCTest

final class FuzzyMatchTests: XCTestCase {
    func testLettersInOrderMatchCaseIgnored() {
        XCTAssertNotNil(FuzzyMatch.score("BlueBerry", query: "bry"))
        XCTAssertNil(FuzzyMatch.score("banana", query: "bry"))
        XCTAssertNil(FuzzyMatch.score("yrb", query: "bry"), "in order only")
        XCTAssertEqual(FuzzyMatch.score("anything", query: ""), 0)
    }

    func testConsecutiveLettersAndWordStartsRankFirst() {
        let texts = ["fabric", "brie", "a bri cheese", "bxrxi"].enumerated().map { ($0.offset, $0.element) }
        XCTAssertEqual(FuzzyMatch.ranked(texts, query: "bri"), [1, 2, 0, 3], "brie and 'a bri' start words with the run; brie is shorter")
    }
}
