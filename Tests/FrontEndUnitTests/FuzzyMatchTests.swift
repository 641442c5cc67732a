@testable import rxwidgets
import RxWidgetsCommandLine
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

final class ArgumentsTests: XCTestCase {
    func testAComponentsTitlesTakeEscapedCommasAndBackslashes() {
        XCTAssertEqual(Arguments.titles(#"a\,b,c\\,d"#), ["a,b", #"c\"#, "d"])
        XCTAssertEqual(Arguments.titles("x,,y"), ["x", "", "y"])
        XCTAssertEqual(Arguments.titles(#"end\"#), [#"end\"#], "a lone trailing backslash is kept")
    }

    func testNameIsCheckedAndChooseTakesIndexAndLimits() throws {
        XCTAssertEqual(try Arguments(["choose", "--name", "fruit", "a"]).widgetName, "fruit")
        XCTAssertThrowsError(try Arguments(["choose", "--name", "no good", "a"]))
        XCTAssertThrowsError(try Arguments(["choose", "--limit", "2", "--no-limit", "a"]))
        XCTAssertEqual(try Arguments(["choose", "--index", "--limit", "3", "a"]).command, .choose(header: nil, height: nil, selected: nil, limit: 3, index: true, timeout: nil, labelDelimiter: nil, items: ["a"]))
    }
}
