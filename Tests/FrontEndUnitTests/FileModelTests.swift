@testable import FrontEndCore
@testable import rxwidgets
import RxWidgetsClient
import XCTest

/// The file browser's `update` and `view` with a `/` filter, without a
/// terminal, a folder or a daemon: which names go to the daemon's search
/// and when, and which keys wait for its answer.
final class FileModelTests: XCTestCase {
    private typealias Entry = FileModel.Entry

    /// A browser of /photos: a folder, two pictures and a hidden one.
    private func photos() -> FileModel {
        var model = FileModel(mode: .open(multiple: false), filters: [], folder: "/photos")
        let entries = [Entry(name: "2024", isFolder: true), Entry(name: "dog.png", isFolder: false), Entry(name: "fish.jpg", isFolder: false),
                       Entry(name: ".hidden.png", isFolder: false)]
        XCTAssertEqual(model.update(.listed(folder: "/photos", entries: entries, error: nil)), [], "no name goes to the daemon before a filter")
        return model
    }

    private func isReady(_ model: inout FileModel, _ key: Key) -> Bool {
        if case .ready = model.prepare(for: .key(key)) { return true }
        return false
    }

    private func text(_ lines: [Line]) -> [String] {
        lines.map { $0.spans.map(\.text).joined() }
    }

    /// The daemon answering `query` with `found` (row, title) at `revision`, matches fetched.
    private func answer(_ model: inout FileModel, _ query: String, _ found: [(Int, String)], revision: UInt64) {
        XCTAssertEqual(model.update(.searchChanged(PickerSnapshot(rowCounts: [3], revision: revision, filter: query, matchCounts: [found.count]))),
                       found.isEmpty ? [] : [.fetchMatches(count: found.count, revision: revision)])
        _ = model.update(.searchAnswered)
        let items = found.map { SearchMatch(row: $0.0, title: $0.1, places: [0]) }
        _ = model.update(.matchesArrived(MatchWindow(first: 0, items: items, revision: revision, isComplete: true)))
    }

    func testTheNamesGoOnceAFilterIsTypedAndEnterWaitsForTheLatestQuerysMatches() {
        var model = photos()
        XCTAssertEqual(model.update(.key(.character("/"))), [.giveNames(["2024", "dog.png", "fish.jpg"])], "the names listed: no . or .., no hidden one")
        _ = model.update(.searchChanged(PickerSnapshot(rowCounts: [3], revision: 1)))
        XCTAssertEqual(model.update(.key(.character("d"))), [.search("d")])
        XCTAssertTrue(isReady(&model, .character("g")), "a key of the query does not wait for the daemon")
        XCTAssertEqual(model.update(.key(.character("g"))), [.search("dg")], "the latest query is sent at once")
        XCTAssertFalse(isReady(&model, .enter), "Enter waits for the daemon's answer")
        XCTAssertEqual(model.update(.searchChanged(PickerSnapshot(rowCounts: [3], revision: 2, filter: "d", matchCounts: [1]))), [],
                       "an older query's matches are not fetched")
        _ = model.update(.searchAnswered)
        XCTAssertFalse(isReady(&model, .enter), "an older query's answer is not the one shown")
        XCTAssertEqual(model.update(.searchChanged(PickerSnapshot(rowCounts: [3], revision: 3, filter: "dg", matchCounts: [1]))), [.fetchMatches(count: 1, revision: 3)])
        _ = model.update(.searchAnswered)
        XCTAssertFalse(isReady(&model, .enter), "and for the matches it shows")
        _ = model.update(.matchesArrived(MatchWindow(first: 0, items: [SearchMatch(row: 1, title: "dog.png", places: [0, 2])], revision: 3, isComplete: true)))
        XCTAssertTrue(isReady(&model, .enter))
        let view = model.view(rows: 10, columns: 60)
        XCTAssertEqual(text(view).filter { $0.hasSuffix(".png") || $0.hasSuffix(".jpg") || $0.hasSuffix("/") }.count, 1, "the match alone: \(text(view))")
        // The cursor's row, its offsets past the mark: d and g marked.
        XCTAssertEqual(view[1].spans.filter { $0.style.underline }.map(\.text), ["d", "g"])
        XCTAssertTrue(text(view).contains("/ dg   1 of 3"), "\(text(view))")
        XCTAssertEqual(model.update(.key(.enter)), [.choose(["/photos/dog.png"])], "the row shown")
    }

    func testEscEndsTheFilterOnTheRowItFoundAndTheCommandKeysAreBack() {
        var model = photos()
        _ = model.update(.key(.character("/")))
        _ = model.update(.searchChanged(PickerSnapshot(rowCounts: [3], revision: 1)))
        XCTAssertEqual(model.update(.key(.character("."))), [.search(".")], "typed, . is a letter of the query")
        XCTAssertEqual(model.update(.key(.backspace)), [.search("")])
        XCTAssertEqual(model.update(.key(.character("f"))), [.search("f")])
        answer(&model, "f", [(2, "fish.jpg")], revision: 3)
        XCTAssertEqual(model.update(.key(.escape)), [.search("")], "the query is cleared, in the daemon too")
        XCTAssertNil(model.typed)
        XCTAssertEqual(model.shown[model.cursor].name, "fish.jpg", "the cursor stays on the row the filter found")
        _ = model.update(.key(.character(".")))
        XCTAssertTrue(model.showsHidden, "untyped, . is a command again")
        XCTAssertEqual(model.update(.key(.escape)), [.cancel], "a second Esc cancels")
    }

    func testAnotherFolderGivesItsNamesAgainAndAQueryMatchingNothingIsSaidOnEnter() {
        var model = photos()
        _ = model.update(.key(.character("/")))
        _ = model.update(.searchChanged(PickerSnapshot(rowCounts: [3], revision: 1)))
        _ = model.update(.key(.character("2")))
        answer(&model, "2", [(0, "2024")], revision: 2)
        XCTAssertEqual(model.update(.key(.enter)), [.list("/photos/2024")], "Enter opens the folder matched")
        XCTAssertEqual(model.update(.listed(folder: "/photos/2024", entries: [Entry(name: "cat.png", isFolder: false)], error: nil)), [.giveNames(["cat.png"]), .search("")],
                       "the new folder's names go while the filter is typed; the query was for the folder left")
        XCTAssertEqual(model.typed?.query, "")
        _ = model.update(.searchAnswered)
        _ = model.update(.key(.character("x")))
        _ = model.update(.searchChanged(PickerSnapshot(rowCounts: [1], revision: 4, filter: "x", matchCounts: [0])))
        _ = model.update(.searchAnswered)
        XCTAssertTrue(isReady(&model, .enter), "no match: nothing to fetch")
        XCTAssertEqual(model.update(.key(.enter)), [], "nothing chosen, nothing opened")
        XCTAssertTrue(text(model.view(rows: 10, columns: 60)).contains("nothing here matches \"x\""))
    }
}
