@testable import rxwidgets
import XCTest

/// The `/` filter's matching: ignoring case, the ASCII fast path agreeing
/// with Unicode's case mapping.
final class ListFilterTests: XCTestCase {
    private func matches(_ query: String, _ text: String) -> Bool {
        ListFilter.Matcher(query).matches(text)
    }

    func testMatchingIgnoresCaseInASCIIAndBeyond() {
        XCTAssertTrue(matches("APP", "pineapple"))
        XCTAssertTrue(matches("le", "APPLE"))
        XCTAssertFalse(matches("apples", "apple"))
        XCTAssertTrue(matches("", "anything"))
        XCTAssertTrue(matches("äpf", "ÄPFEL"), "non-ASCII text takes Unicode's case mapping")
        XCTAssertTrue(matches("strasse", "Hauptstrasse"))
        XCTAssertFalse(matches("[", "a{b"), "no byte outside the letters is folded")
        XCTAssertTrue(matches("é", "CAFÉ"))
    }
}
