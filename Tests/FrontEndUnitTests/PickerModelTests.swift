@testable import rxwidgets
import RxWidgetsClient
import XCTest

/// The picker screen's `update` and `view`, without a terminal or a daemon.
final class PickerModelTests: XCTestCase {
    private func window(_ texts: [String], revision: UInt64 = 1) -> TextWindow {
        TextWindow(first: 0, texts: texts, revision: revision, isComplete: true)
    }

    private func text(_ lines: [Line]) -> [String] {
        lines.map { $0.spans.map(\.text).joined() }
    }

    func testMovesAreSelectRowsAndKeysTypedAheadAddUp() {
        var picker = PickerModel(daemon: PickerSnapshot(rowCounts: [3]), purpose: .choose, header: nil, height: nil)
        XCTAssertEqual(picker.update(.key(.down, rows: 24)), [.selectRow(1, component: 0)])
        XCTAssertEqual(picker.update(.key(.down, rows: 24)), [.selectRow(2, component: 0)], "from the row asked for, not the daemon's 0")
        XCTAssertEqual(picker.update(.key(.down, rows: 24)), [], "the last row")
        _ = picker.update(.selectAnswered(component: 0))
        _ = picker.update(.selectAnswered(component: 0))
        XCTAssertNil(picker.pending[0])
        XCTAssertEqual(picker.update(.key(.enter, rows: 24)), [.done])
        XCTAssertEqual(picker.update(.selectedItem(index: 2, title: "cherry")), [.finish(.done("cherry\n"))])
    }

    func testLayingOutAsksForTheTitlesAroundWhatIsShownAndDrawingAsksNothing() {
        var picker = PickerModel(daemon: PickerSnapshot(rowCounts: [100], selectedRows: [50]), purpose: .choose, header: nil, height: 5)
        XCTAssertEqual(picker.update(.layOut(rows: 24)), [.fetchTitles(component: 0, range: 41..<56, revision: 1)])
        _ = picker.update(.titlesArrived(component: 0, TextWindow(first: 41, texts: (41..<56).map { "row \($0)" }, revision: 1)))
        XCTAssertEqual(picker.update(.layOut(rows: 24)), [], "known: nothing to fetch")
        XCTAssertTrue(text(picker.view(rows: 24, columns: 40)).contains { $0.hasPrefix("› row 50") })
    }

    func testAFilterTypedAheadOfItsTitlesWaitsForThemBeforeDone() {
        var picker = PickerModel(daemon: PickerSnapshot(rowCounts: [3]), purpose: .choose, header: nil, height: nil)
        _ = picker.update(.key(.character("/"), rows: 24))
        XCTAssertEqual(picker.update(.key(.character("c"), rows: 24)), [.scanTitles(component: 0, range: 0..<3, generation: 1)])
        XCTAssertEqual(picker.update(.key(.enter, rows: 24)), [], "Enter waits for the read in flight")
        XCTAssertEqual(picker.status, "matching…")
        XCTAssertEqual(picker.update(.titlesScanned(component: 0, first: 0, ["apple", "banana", "cherry"], generation: 1)), [.selectRow(2, component: 0), .done],
                       "then acts on the row the filter shows, never a guess")
    }

    /// Issue 28, item 8: a filter read every title of its component in one
    /// go (a 10,000,000-row picker ended with NoReply), and laying out built
    /// an array of every row (6.5 s to the first paint).
    func testAFilterSearchesTenMillionRowsAPageAtATimeAndKeepsOnlyItsMatches() {
        let count = 10_000_000
        var picker = PickerModel(daemon: PickerSnapshot(rowCounts: [count], selectedRows: [5_000_000]), purpose: .attach, header: nil, height: 10)
        // Laying out asks for the shown rows' titles only, and drawing draws them.
        XCTAssertEqual(picker.update(.layOut(rows: 24)), [.fetchTitles(component: 0, range: 4_999_981..<5_000_011, revision: 1)])
        XCTAssertEqual(text(picker.view(rows: 24, columns: 40)).count, 11)

        _ = picker.update(.key(.character("/"), rows: 24))
        XCTAssertEqual(picker.update(.key(.character("7"), rows: 24)), [.scanTitles(component: 0, range: 0..<65_536, generation: 1)])
        let page = { (first: Int, count: Int) in (first..<(first + count)).map { "row \($0)" } }
        // A read the daemon clipped by bytes: the next one starts where it ended.
        XCTAssertEqual(picker.update(.titlesScanned(component: 0, first: 0, page(0, 40_000), generation: 1)).first, .scanTitles(component: 0, range: 40_000..<105_536, generation: 1))
        XCTAssertTrue(text(picker.view(rows: 24, columns: 60)).contains { $0.contains("matching… 40,000 of 10,000,000 rows") }, text(picker.view(rows: 24, columns: 60)).joined(separator: "\n"))
        XCTAssertEqual(picker.shownRows(0).count, (0..<40_000).filter { String($0).contains("7") }.count)
        XCTAssertTrue(picker.shownRows(0).allSatisfy { String($0).contains("7") })
        // A longer query goes on from what the shorter one found.
        let narrowed = picker.update(.key(.character("7"), rows: 24))
        XCTAssertEqual(narrowed.first { if case .scanTitles = $0 { return true } else { return false } }, .scanTitles(component: 0, range: 40_000..<105_536, generation: 2))
        XCTAssertTrue(picker.shownRows(0).allSatisfy { String($0).contains("77") })
        XCTAssertEqual(picker.update(.titlesScanned(component: 0, first: 40_000, page(40_000, 65_536), generation: 1)), [], "a read of the search it replaced is dropped")

        // Past 100,000 matches the search stops and says so.
        _ = picker.update(.key(.backspace, rows: 24))
        _ = picker.update(.key(.backspace, rows: 24))
        _ = picker.update(.key(.character("r"), rows: 24))
        var first = 0
        while let read = picker.scans[0].flatMap({ $0.requested }) {
            first = read
            _ = picker.update(.titlesScanned(component: 0, first: first, page(first, 65_536), generation: picker.scansBegun))
        }
        XCTAssertEqual(picker.shownRows(0).count, 100_000)
        XCTAssertTrue(picker.filterIsSettled(0))
        XCTAssertTrue(text(picker.view(rows: 24, columns: 80)).contains { $0.contains("the first 100,000 matches; type more to narrow") })
        XCTAssertLessThan(first, 200_000, "it read no further than the matches it keeps")
    }

    func testASearchThatStopsAtTheLimitInItsLastReadSaysSo() {
        var picker = PickerModel(daemon: PickerSnapshot(rowCounts: [120_000]), purpose: .attach, header: nil, height: 10)
        _ = picker.update(.key(.character("/"), rows: 24))
        _ = picker.update(.key(.character("r"), rows: 24))
        let page = { (first: Int, count: Int) in (first..<(first + count)).map { "row \($0)" } }
        _ = picker.update(.titlesScanned(component: 0, first: 0, page(0, 65_536), generation: 1))
        _ = picker.update(.titlesScanned(component: 0, first: 65_536, page(65_536, 120_000 - 65_536), generation: 1))
        XCTAssertEqual(picker.shownRows(0).count, 100_000)
        XCTAssertEqual(picker.scan(0)?.isCapped, true, "20,000 matching rows were not searched")
        XCTAssertEqual(picker.scan(0)?.progress, "the first 100,000 matches; type more to narrow")
        // A longer query cannot go on from a search that stopped: it begins again.
        XCTAssertEqual(picker.update(.key(.character("o"), rows: 24)).first, .scanTitles(component: 0, range: 0..<65_536, generation: 2))
    }

    func testNarrowingAFinishedSearchMovesTheSelectionToARowItShows() {
        var picker = PickerModel(daemon: PickerSnapshot(rowCounts: [3], selectedRows: [0]), purpose: .attach, header: nil, height: 10)
        _ = picker.update(.key(.character("/"), rows: 24))
        _ = picker.update(.key(.character("a"), rows: 24))
        XCTAssertEqual(picker.update(.titlesScanned(component: 0, first: 0, ["apple", "banana", "cherry"], generation: 1)), [])
        XCTAssertEqual(picker.update(.key(.character("n"), rows: 24)), [.selectRow(1, component: 0)], "apple is filtered out: banana is selected")
    }

    func testASearchGoesOnThroughChangesThatLeaveItsTitlesAndBeginsAgainAfterOthers() {
        var picker = PickerModel(daemon: PickerSnapshot(rowCounts: [3, 3], revision: 1), purpose: .attach, header: nil, height: 10)
        _ = picker.update(.key(.character("/"), rows: 24))
        _ = picker.update(.key(.character("a"), rows: 24))
        _ = picker.update(.titlesScanned(component: 0, first: 0, ["apple", "banana", "cherry"], generation: 1))
        XCTAssertTrue(picker.filterIsSettled(0))
        XCTAssertEqual(picker.update(.key(.down, rows: 24)), [.selectRow(1, component: 0)])
        _ = picker.update(.daemonChanged(PickerSnapshot(rowCounts: [3, 3], selectedRows: [1, 0], revision: 2)))
        XCTAssertTrue(picker.filterIsSettled(0), "its own selection in component 0 changes no title of component 0")
        _ = picker.update(.selectAnswered(component: 0))
        _ = picker.update(.daemonChanged(PickerSnapshot(rowCounts: [3, 3], selectedRows: [1, 0], isVisible: false, revision: 3)))
        XCTAssertTrue(picker.filterIsSettled(0), "nor does hiding the picker")
        _ = picker.update(.daemonChanged(PickerSnapshot(rowCounts: [3, 3], selectedRows: [1, 0], isVisible: false, revision: 4)))
        XCTAssertFalse(picker.filterIsSettled(0), "a change that shows in nothing else (new titles, a new adapter) begins the search again")
        _ = picker.update(.key(.character("p"), rows: 24))
        XCTAssertEqual(picker.update(.titlesScanned(component: 0, first: 0, ["apple", "banana", "cherry"], generation: picker.scansBegun)), [.selectRow(0, component: 0)])
        // Its PropertiesChanged comes before its reply (API rule 1).
        _ = picker.update(.daemonChanged(PickerSnapshot(rowCounts: [3, 3], selectedRows: [0, 0], isVisible: false, revision: 5)))
        _ = picker.update(.selectAnswered(component: 0))
        XCTAssertTrue(picker.filterIsSettled(0))
        _ = picker.update(.daemonChanged(PickerSnapshot(rowCounts: [3, 3], selectedRows: [2, 0], isVisible: false, revision: 6)))
        XCTAssertFalse(picker.filterIsSettled(0), "another client's change of the selection may come with new titles (SetDependentItems)")
    }

    func testConfirmAnswersWithYAndNAndItsExitStatus() {
        var confirm = PickerModel(daemon: PickerSnapshot(rowCounts: [2]), purpose: .confirm(affirmative: "Yes", negative: "No"), header: "Sure?", height: nil)
        XCTAssertEqual(confirm.update(.key(.character("n"), rows: 24)), [.selectRow(1, component: 0), .done])
        XCTAssertEqual(confirm.update(.selectedItem(index: 1, title: "No")), [.finish(.cancelled)])
        XCTAssertEqual(confirm.update(.selectedItem(index: 0, title: "Yes")), [.finish(.done(""))])
        XCTAssertEqual(confirm.update(.key(.escape, rows: 24)), [.cancel])
    }

    func testAttachShowsAHiddenPopupBeforeDoneAndQuitsWithQ() {
        var attached = PickerModel(daemon: PickerSnapshot(rowCounts: [2], isVisible: false), purpose: .attach, header: nil, height: nil)
        XCTAssertTrue(text(attached.view(rows: 24, columns: 40)).last?.hasPrefix("(hidden)") == true)
        XCTAssertEqual(attached.update(.key(.enter, rows: 24)), [.show])
        XCTAssertEqual(attached.update(.key(.character("q"), rows: 24)), [.finish(.done(""))])
    }
}

/// The table screen's `update` and `view`.
final class TableModelTests: XCTestCase {
    private func text(_ lines: [Line]) -> [String] {
        lines.map { $0.spans.map(\.text).joined() }
    }

    func testTheCursorIsTheFrontEndsAndATapIsTheDaemons() {
        var table = TableModel(daemon: TableSnapshot(rowCounts: [3]), purpose: .choose, header: nil, height: nil)
        XCTAssertEqual(table.update(.key(.down, rows: 24)), [])
        XCTAssertEqual(table.cursor, 1)
        XCTAssertEqual(table.update(.key(.character(" "), rows: 24)), [.tap(IndexPath(row: 1, section: 0), deselect: false)])
        XCTAssertEqual(table.update(.key(.enter, rows: 24)), [.finishChoosing(select: IndexPath(row: 1, section: 0), printsIndexes: false)])
    }

    func testSeveralChoicesStopAtTheLimitAndCtrlAFillsIt() {
        var table = TableModel(daemon: TableSnapshot(rowCounts: [4], selected: [IndexPath(row: 0, section: 0)], allowsMultipleSelection: true), purpose: .choose, header: nil, height: nil, limit: 2)
        XCTAssertEqual(table.update(.key(.selectAll, rows: 24)), [.select([IndexPath(row: 1, section: 0)])], "room for one more")
        table.daemon.selected.append(IndexPath(row: 1, section: 0))
        _ = table.update(.key(.end, rows: 24))
        XCTAssertEqual(table.update(.key(.character(" "), rows: 24)), [])
        XCTAssertEqual(table.status, "at most 2 may be chosen")
        _ = table.update(.key(.home, rows: 24))
        XCTAssertEqual(table.update(.key(.character(" "), rows: 24)), [.tap(IndexPath(row: 0, section: 0), deselect: true)], "a chosen row is unchosen")
    }

    func testFilterRanksWhatArrivedAndEnterChoosesTheBest() {
        var table = TableModel(daemon: TableSnapshot(rowCounts: [3]), purpose: .choose, header: nil, height: nil, fuzzy: true)
        XCTAssertEqual(table.update(.key(.character("b"), rows: 24)), [.scanCells(section: 0, range: 0..<3, generation: 1)])
        XCTAssertEqual(table.update(.key(.enter, rows: 24)), [], "Enter waits for the search")
        XCTAssertEqual(table.update(.cellsScanned(section: 0, first: 0, ["cabbage", "brie", "apple"], generation: 1)), [.finishChoosing(select: IndexPath(row: 1, section: 0), printsIndexes: false)])
        XCTAssertEqual(Array(table.shownRows), [IndexPath(row: 1, section: 0), IndexPath(row: 0, section: 0)], "brie starts with b; apple has none")
        XCTAssertEqual(table.update(.key(.enter, rows: 24)), [.finishChoosing(select: IndexPath(row: 1, section: 0), printsIndexes: false)])
        XCTAssertEqual(table.update(.key(.escape, rows: 24)), [.quit])
    }

    /// Issue 28, item 8, for tables: every row was an IndexPath in an array
    /// built for each frame, and a filter read every cell in one go.
    func testATableOfMillionsOfRowsLaysOutItsWindowAndSearchesSectionsAPageAtATime() {
        var table = TableModel(daemon: TableSnapshot(rowCounts: [5_000_000, 5_000_000]), purpose: .attach, header: nil, height: 10)
        _ = table.update(.layOut(rows: 24))
        _ = table.update(.key(.end, rows: 24))
        XCTAssertEqual(table.shownRows[table.cursor], IndexPath(row: 4_999_999, section: 1))
        XCTAssertEqual(table.shownRows.position(of: IndexPath(row: 3, section: 1)), 5_000_003)
        // Positions are computed, not looked up in an array of every row.
        XCTAssertEqual(text(table.view(rows: 24, columns: 40)).count, 11)

        // A section after another, one read at a time.
        var searched = TableModel(daemon: TableSnapshot(rowCounts: [70_000, 10_000_000]), purpose: .attach, header: nil, height: 10)
        _ = searched.update(.key(.character("/"), rows: 24))
        XCTAssertEqual(searched.update(.key(.character("9"), rows: 24)), [.scanCells(section: 0, range: 0..<65_536, generation: 1)])
        let page = { (first: Int, count: Int) in (first..<(first + count)).map { "cell \($0)" } }
        XCTAssertEqual(searched.update(.cellsScanned(section: 0, first: 0, page(0, 65_536), generation: 1)), [.scanCells(section: 0, range: 65_536..<70_000, generation: 1)])
        XCTAssertTrue(text(searched.view(rows: 24, columns: 80)).contains { $0.contains("matching… 65,536 of 10,070,000 rows") })
        XCTAssertEqual(searched.update(.cellsScanned(section: 0, first: 65_536, page(65_536, 4_464), generation: 1)), [.scanCells(section: 1, range: 0..<65_536, generation: 2)])
        XCTAssertTrue(searched.shownRows.allSatisfy { $0.section == 0 && String($0.row).contains("9") })
        // All sections together keep at most 100,000 matches: section 1's search has what section 0 left.
        XCTAssertEqual(searched.scans[1]?.limit, FilterScan.matchLimit - searched.shownRows.count)
    }

    func testTabTypedAheadOfTheSearchChoosesNothingUntilTheRankingIsFinal() {
        var table = TableModel(daemon: TableSnapshot(rowCounts: [3], allowsMultipleSelection: true), purpose: .choose, header: nil, height: nil, fuzzy: true)
        _ = table.update(.key(.character("b"), rows: 24))
        XCTAssertEqual(table.update(.key(.tab, rows: 24)), [], "no row is ranked yet")
        XCTAssertEqual(table.status, "matching…")
        _ = table.update(.cellsScanned(section: 0, first: 0, ["cabbage", "brie", "apple"], generation: 1))
        XCTAssertEqual(table.update(.key(.tab, rows: 24)), [.tap(IndexPath(row: 1, section: 0), deselect: false)], "brie, ranked first and drawn")
    }

    func testLayingOutAsksForHeadersAndCellsOnceAndDrawingNothing() {
        var table = TableModel(daemon: TableSnapshot(rowCounts: [2, 1]), purpose: .attach, header: nil, height: nil)
        XCTAssertEqual(table.update(.layOut(rows: 24)), [.fetchHeaders(revision: 1), .fetchCells(section: 0, range: 0..<2, revision: 1), .fetchCells(section: 1, range: 0..<1, revision: 1)])
        _ = table.update(.headersArrived(["fruit", "cheese"], revision: 1))
        _ = table.update(.cellsArrived(section: 0, TextWindow(first: 0, texts: ["apple", "pear"], revision: 1, isComplete: true)))
        _ = table.update(.cellsArrived(section: 1, TextWindow(first: 0, texts: ["brie"], revision: 1, isComplete: true)))
        XCTAssertEqual(table.update(.layOut(rows: 24)), [])
        let lines = text(table.view(rows: 24, columns: 40))
        XCTAssertEqual(Array(lines.prefix(5)).map { $0.trimmingCharacters(in: .whitespaces) }, ["fruit", "› ○ apple", "○ pear", "cheese", "○ brie"])
    }
}

final class PickerTimeoutTests: XCTestCase {
    func testATimeoutIsDoneOnWhatIsSelected() {
        var picker = PickerModel(daemon: PickerSnapshot(rowCounts: [3], selectedRows: [1]), purpose: .choose, header: nil, height: nil,
                                 deadline: .init(seconds: 5, defaultRow: nil))
        XCTAssertTrue(picker.view(rows: 24, columns: 40).last?.spans.map(\.text).joined().contains("chosen after 5 s") == true)
        XCTAssertEqual(picker.update(.timedOut), [.done])
    }

    func testATimeoutWithADefaultIsDoneOnTheDefaultWhereverTheCursorIs() {
        var picker = PickerModel(daemon: PickerSnapshot(rowCounts: [3], selectedRows: [1]), purpose: .choose, header: nil, height: nil,
                                 deadline: .init(seconds: 5, defaultRow: 2, defaultTitle: "cherry"))
        XCTAssertTrue(picker.view(rows: 24, columns: 40).last?.spans.map(\.text).joined().contains("cherry after 5 s") == true)
        XCTAssertEqual(picker.update(.timedOut), [.selectRow(2, component: 0), .done])
        var onIt = PickerModel(daemon: PickerSnapshot(rowCounts: [3], selectedRows: [2]), purpose: .choose, header: nil, height: nil,
                               deadline: .init(seconds: 5, defaultRow: 2))
        XCTAssertEqual(onIt.update(.timedOut), [.done], "already on the default: nothing to select")
    }
}
