import RxCoreEssentials
@testable import RxWidgets
import XCTest

/// The headless file chooser's checks, and the glob its filters match with.
final class FileChooserViewTests: XCTestCase {
    private func matches(_ pattern: String, _ name: String) -> Bool {
        FileChooserView.Filter(name: "f", patterns: [pattern]).matches(name)
    }

    func testGlobsMatchAsAShellDoes() {
        XCTAssertTrue(matches("*.png", "cat.png"))
        XCTAssertFalse(matches("*.png", "cat.png.txt"))
        XCTAssertTrue(matches("?at.*", "cat.jpg"))
        XCTAssertTrue(matches("[a-c]at", "bat"))
        XCTAssertFalse(matches("[!a-c]at", "bat"))
        XCTAssertTrue(matches("[]x]", "]"), "a ] first in a class is one of it")
        XCTAssertTrue(matches("a[b", "a[b"), "an unclosed [ is itself")
        XCTAssertTrue(matches("*", ""))
        XCTAssertFalse(matches("?", ""))
        XCTAssertTrue(matches("**a**", "banana"))
    }

    /// A backtracking matcher takes exponential time on these; this one
    /// answers in time linear in the name for each star.
    func testAHostilePatternIsAnsweredAtOnce() {
        let name = String(repeating: "a", count: 65_536)
        let pattern = String(repeating: "*a", count: 30) + "*b"
        XCTAssertFalse(matches(pattern, name))
        XCTAssertTrue(matches(String(repeating: "*a", count: 30) + "*", name))
    }

    func testASaveIsNotFilteredAndAnOpenIs() {
        let images = [FileChooserView.Filter(name: "Images", patterns: ["*.png"])]
        let save = FileChooserView(mode: .save, isMultiple: false, filters: images, folder: "/tmp", suggestedName: "out.txt", confirmsOverwrite: true)
        XCTAssertNil(save.refusal(ofSelection: ["/tmp/out.txt"]), "a save may name a file of any kind")
        let open = FileChooserView(mode: .open, isMultiple: true, filters: images, folder: "", suggestedName: "", confirmsOverwrite: false)
        XCTAssertEqual(open.refusal(ofSelection: ["/tmp/a.png", "/tmp/b.txt"]), "paths[1] '/tmp/b.txt' does not match the filter 'Images' (*.png)")
        XCTAssertEqual(open.refusal(ofSelection: ["a.png"]), "paths[0] 'a.png' is not an absolute path")
        XCTAssertNil(open.refusal(ofSelection: ["/tmp/a.png", "/tmp/c.png"]))
    }
}
