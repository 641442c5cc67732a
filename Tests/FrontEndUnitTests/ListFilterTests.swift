@testable import FrontEndCore
@testable import rxwidgets
import XCTest

/// The `/` filter as it is typed: characters add, Backspace removes, and
/// Esc or a Backspace on nothing closes it (matching is the daemon's).
final class ListFilterTests: XCTestCase {
    func testTypingEditsTheQueryAndEndsTheFilter() {
        var filter = ListFilter()
        var ended = false
        for key: Key in [.character("a"), .character("p"), .backspace, .character("é")] {
            XCTAssertTrue(filter.take(key, ended: &ended))
        }
        XCTAssertEqual(filter.query, "aé")
        XCTAssertFalse(ended)
        XCTAssertFalse(filter.take(.down, ended: &ended), "moves are not the filter's")
        XCTAssertTrue(filter.take(.clearLine, ended: &ended))
        XCTAssertEqual(filter.query, "")
        XCTAssertTrue(filter.take(.backspace, ended: &ended))
        XCTAssertTrue(ended, "a Backspace on nothing closes the filter")
    }
}
