import RxWidgets
import XCTest

/// `Pattern` on its own: HTML's whole-value `pattern`, compiled once and
/// matched without backtracking.
final class PatternTests: XCTestCase {
    func testWholeMatchSemantics() throws {
        let pattern = try Pattern("[a-z]+\\d?")
        XCTAssertTrue(pattern.matches("abc1"))
        XCTAssertTrue(pattern.matches("abc"))
        XCTAssertFalse(pattern.matches("abc12"))
        XCTAssertFalse(pattern.matches("1abc"))
        XCTAssertTrue(try Pattern("(?:ab|cd){2,3}").matches("abcdab"))
        XCTAssertFalse(try Pattern("(?:ab|cd){2,3}").matches("ab"))
        XCTAssertTrue(try Pattern("[^\\s]+@[^\\s]+\\.\\w+").matches("me@example.org"))
        XCTAssertTrue(try Pattern("^a.c$").matches("abc"))
        XCTAssertTrue(try Pattern("").matches(""))
        XCTAssertTrue(try Pattern("é+").matches("ééé"))
    }

    func testCatastrophicPatternRunsInLinearTime() throws {
        let pattern = try Pattern("(a+)+b")
        XCTAssertFalse(pattern.matches(String(repeating: "a", count: 65_536)))
        XCTAssertFalse(try Pattern("(a|a)*c").matches(String(repeating: "a", count: 10_000)))
    }

    func testUnsupportedAndMalformedPatterns() {
        for (source, message) in [
            ("(a", "at character 2: expected ')'"),
            ("a)", "at character 1: unmatched ')'"),
            ("*a", "at character 0: '*' has nothing to repeat"),
            ("(a)\\1", "at character 4: back-references are not supported; they need backtracking"),
            ("(?=a)", "at character 1: only non-capturing groups '(?:' are supported; look-around needs backtracking"),
            ("[z-a]", "at character 4: range out of order"),
            ("a{3,2}", "at character 1: {3,2}: the maximum is below the minimum"),
            ("a{5000}", "at character 1: repetition counts above 1000 are not supported"),
            ("\\q", "at character 1: unknown escape '\\q'"),
            ("(?:(?:a{1000}){1000})", "at character 0: the pattern is too large once its repetitions are expanded"),
        ] {
            XCTAssertThrowsError(try Pattern(source), source) { error in
                XCTAssertEqual((error as? PatternError)?.description, message, source)
            }
        }
    }

    func testClassesGroupsAlternativesAndCounts() {
        XCTAssertTrue(Self.matches(#"\d{3}-\d{4}"#, "555-1234"))
        XCTAssertFalse(Self.matches(#"\d{3}-\d{4}"#, "55-1234"))
        XCTAssertTrue(Self.matches("(?:ab|cd)*e", "abcdabe"))
        XCTAssertTrue(Self.matches("[^0-9]{2,}", "xyz"))
        XCTAssertFalse(Self.matches("[^0-9]{2,}", "x"))
        XCTAssertTrue(Self.matches(#"\w+\s\W"#, "word !"))
        XCTAssertTrue(Self.matches("a{2,3}?", "aaa"), "a lazy quantifier matches the same whole values")
        XCTAssertFalse(Self.matches(".", "\n"), "'.' is any character but a line break")
        XCTAssertTrue(Self.matches("[é-ë]", "ê"), "characters are Unicode scalars")
    }

    private static func matches(_ source: String, _ text: String) -> Bool {
        (try? Pattern(source))?.matches(text) ?? false
    }
}
