@testable import FrontEndCore
@testable import rxwidgets
import RxWidgetsClient
import XCTest

/// The daemon's matches ranked from `first`, as `Matches` gives them.
private func matches(_ found: [(Int, String)], first: Int = 0, revision: UInt64, complete: Bool = true) -> MatchWindow {
    MatchWindow(first: first, items: found.map { SearchMatch(row: $0.0, title: $0.1, places: [0]) }, revision: revision, isComplete: complete)
}

/// The picker screen's `update` and `view`, without a terminal or a daemon.
final class PickerModelTests: XCTestCase {
    private func window(_ texts: [String], revision: UInt64 = 1) -> TextWindow {
        TextWindow(first: 0, texts: texts, revision: revision, isComplete: true)
    }

    private func text(_ lines: [Line]) -> [String] {
        lines.map { $0.spans.map(\.text).joined() }
    }

    func testMovesAreSelectRowsAndAKeyTypedAheadWaitsForTheAnswer() {
        var picker = PickerModel(daemon: PickerSnapshot(rowCounts: [3]), purpose: .choose, header: nil, height: nil)
        XCTAssertEqual(picker.update(.key(.down, rows: 24)), [.selectRow(1, component: 0)])
        guard case .waiting([]) = picker.prepare(for: .key(.down, rows: 24)) else { return XCTFail("the next move waits for SelectRow's answer") }
        _ = picker.update(.daemonChanged(PickerSnapshot(rowCounts: [3], selectedRows: [1], revision: 2)))
        _ = picker.update(.answered(.selectRow(1, component: 0), refusal: nil))
        guard case .ready = picker.prepare(for: .key(.down, rows: 24)) else { return XCTFail("answered: the next move is applied") }
        XCTAssertEqual(picker.update(.key(.down, rows: 24)), [.selectRow(2, component: 0)], "from the daemon's row")
        _ = picker.update(.daemonChanged(PickerSnapshot(rowCounts: [3], selectedRows: [2], revision: 3)))
        _ = picker.update(.answered(.selectRow(2, component: 0), refusal: nil))
        XCTAssertEqual(picker.update(.key(.down, rows: 24)), [], "the last row")
        XCTAssertEqual(picker.update(.key(.enter, rows: 24)), [.done])
        XCTAssertEqual(picker.update(.selectedItem(index: 2, title: "cherry")), [.finish(.done("cherry\n"))])
    }

    func testLayingOutAsksForTheTitlesAroundWhatIsShownAndDrawingAsksNothing() {
        var picker = PickerModel(daemon: PickerSnapshot(rowCounts: [100], selectedRows: [50]), purpose: .choose, header: nil, height: 5)
        XCTAssertEqual(picker.update(.layOut(rows: 24)), [.fetchTitles(component: 0, range: 41..<56, revision: 1), .fetchDetails(component: 0, rows: 46..<51, revision: 1)],
                       "the titles around what is shown, the details of what is shown")
        _ = picker.update(.titlesArrived(component: 0, TextWindow(first: 41, texts: (41..<56).map { "row \($0)" }, revision: 1)))
        XCTAssertEqual(picker.update(.layOut(rows: 24)), [], "known or asked for: nothing to fetch")
        XCTAssertTrue(text(picker.view(rows: 24, columns: 40)).contains { $0.hasPrefix("› row 50") })
    }

    func testDescriptionsTakeASecondLineUnderTheirTitles() {
        var picker = PickerModel(daemon: PickerSnapshot(rowCounts: [3]), purpose: .choose, header: nil, height: nil)
        _ = picker.update(.layOut(rows: 10))
        XCTAssertEqual(picker.listHeight(rows: 10), 8)
        _ = picker.update(.titlesArrived(component: 0, TextWindow(first: 0, texts: ["hammer", "drill", "saw"], revision: 1, isComplete: true)))
        _ = picker.update(.detailsArrived(component: 0, first: 0, [RowDetail(description: "drives nails", columns: []), RowDetail(description: "", columns: []),
                                                                 RowDetail(description: "cuts", columns: [])], revision: 1))
        XCTAssertEqual(picker.listHeight(rows: 10), 4, "two lines a row")
        let lines = text(picker.view(rows: 10, columns: 30)).map { $0.replacingOccurrences(of: " +$", with: "", options: .regularExpression) }
        XCTAssertEqual(Array(lines.prefix(6)), ["› hammer", "  drives nails", "  drill", "", "  saw", "  cuts"])
        for line in [4, 5] {
            guard case .clicked(let row, 0)? = picker.clicked(row: line, column: 3, rows: 10, columns: 30) else { return XCTFail("line \(line) is a row's") }
            XCTAssertEqual(row, 2, "the title's line or its description's is the row")
        }
        _ = picker.update(.daemonChanged(PickerSnapshot(rowCounts: [3], selectedRows: [1], revision: 2)))
        XCTAssertEqual(picker.linesPerRow, 2, "a new revision keeps the rows' details until the new ones came: nothing blinks")
    }

    func testAFilterTypedAheadOfTheDaemonsAnswerWaitsForItBeforeDone() {
        var picker = PickerModel(daemon: PickerSnapshot(rowCounts: [3]), purpose: .choose, header: nil, height: nil)
        XCTAssertEqual(picker.update(.key(.character("/"), rows: 24)), [], "an empty query searches nothing")
        XCTAssertEqual(picker.update(.key(.character("c"), rows: 24)), [.setFilter("c", component: 0)])
        guard case .waiting([]) = picker.prepare(for: .key(.enter, rows: 24)) else { return XCTFail("Enter waits for the daemon's answer") }
        _ = picker.update(.daemonChanged(PickerSnapshot(rowCounts: [3], revision: 2, filter: "c", matchCounts: [1])))
        _ = picker.update(.answered(.setFilter("c", component: 0), refusal: nil))
        guard case .waiting([]) = picker.prepare(for: .key(.enter, rows: 24)) else { return XCTFail("and for the matches it shows") }
        XCTAssertEqual(picker.update(.layOut(rows: 24)), [.fetchMatches(component: 0, range: 0..<1, revision: 2)])
        XCTAssertEqual(picker.update(.matchesArrived(component: 0, matches([(2, "cherry")], revision: 2))), [.selectRow(2, component: 0)],
                       "the selection moves onto the row the daemon's search shows")
        _ = picker.update(.daemonChanged(PickerSnapshot(rowCounts: [3], selectedRows: [2], revision: 3, filter: "c", matchCounts: [1])))
        _ = picker.update(.answered(.selectRow(2, component: 0), refusal: nil))
        _ = picker.update(.matchesArrived(component: 0, matches([(2, "cherry")], revision: 3)))
        guard case .ready = picker.prepare(for: .key(.enter, rows: 24)) else { return XCTFail("answered: Enter is applied") }
        XCTAssertEqual(picker.update(.key(.enter, rows: 24)), [.done], "on the row the daemon's search shows, never a guess")
    }

    /// A filter of ten million rows: the daemon searches; the screen sends
    /// one SetFilter a change of the query and reads only the matches it shows.
    func testAFilterOfTenMillionRowsFetchesOnlyTheMatchesShown() {
        let count = 10_000_000
        var picker = PickerModel(daemon: PickerSnapshot(rowCounts: [count], selectedRows: [5_000_000]), purpose: .attach, header: nil, height: 10)
        XCTAssertEqual(picker.update(.layOut(rows: 24)), [.fetchTitles(component: 0, range: 4_999_981..<5_000_011, revision: 1),
                                                          .fetchDetails(component: 0, rows: 4_999_991..<5_000_001, revision: 1)])
        _ = picker.update(.key(.character("/"), rows: 24))
        XCTAssertEqual(picker.update(.key(.character("7"), rows: 24)), [.setFilter("7", component: 0)])
        XCTAssertTrue(text(picker.view(rows: 24, columns: 60)).contains { $0.contains("/ 7") && $0.contains("matching…") })
        _ = picker.update(.daemonChanged(PickerSnapshot(rowCounts: [count], selectedRows: [5_000_000], revision: 2, filter: "7", matchCounts: [5_217_031])))
        _ = picker.update(.answered(.setFilter("7", component: 0), refusal: nil))
        XCTAssertEqual(picker.shownRows(0).count, 5_217_031)
        XCTAssertEqual(picker.update(.layOut(rows: 24)), [.fetchMatches(component: 0, range: 0..<20, revision: 2)], "the selection is not among the matches known: the best are shown")
        XCTAssertEqual(picker.update(.matchesArrived(component: 0, matches((0..<20).map { (7 + 10 * $0, "row \(7 + 10 * $0)") }, revision: 2, complete: false))),
                       [.selectRow(7, component: 0)], "the selection moves onto the best row shown")
        XCTAssertEqual(picker.update(.layOut(rows: 24)), (0..<10).map { .fetchDetails(component: 0, rows: 7 + 10 * $0..<8 + 10 * $0, revision: 2) },
                       "the matches known: nothing more to fetch but the details of the rows shown, each its own run")
        XCTAssertTrue(text(picker.view(rows: 24, columns: 60)).contains { $0.contains("5,217,031 of 10,000,000") })
        XCTAssertEqual(picker.update(.key(.character("7"), rows: 24)), [.setFilter("77", component: 0)], "the longer query goes to the daemon")
    }

    func testNarrowingMovesTheSelectionToARowTheDaemonShows() {
        var picker = PickerModel(daemon: PickerSnapshot(rowCounts: [3], selectedRows: [0]), purpose: .attach, header: nil, height: 10)
        _ = picker.update(.key(.character("/"), rows: 24))
        _ = picker.update(.key(.character("a"), rows: 24))
        _ = picker.update(.daemonChanged(PickerSnapshot(rowCounts: [3], selectedRows: [0], revision: 2, filter: "a", matchCounts: [2])))
        _ = picker.update(.answered(.setFilter("a", component: 0), refusal: nil))
        XCTAssertEqual(picker.update(.matchesArrived(component: 0, matches([(0, "apple"), (1, "banana")], revision: 2))), [])
        XCTAssertEqual(picker.update(.key(.character("n"), rows: 24)), [.setFilter("an", component: 0)])
        _ = picker.update(.daemonChanged(PickerSnapshot(rowCounts: [3], selectedRows: [0], revision: 3, filter: "an", matchCounts: [1])))
        _ = picker.update(.answered(.setFilter("an", component: 0), refusal: nil))
        XCTAssertEqual(picker.update(.matchesArrived(component: 0, matches([(1, "banana")], revision: 3))), [.selectRow(1, component: 0)], "apple is filtered out: banana is selected")
        XCTAssertEqual(picker.update(.key(.escape, rows: 24)), [.setFilter("", component: 0)], "closing the filter clears the daemon's")
    }

    func testMatchedCharactersAreDrawnBoldAndUnderlined() {
        var picker = PickerModel(daemon: PickerSnapshot(rowCounts: [3], selectedRows: [1], revision: 2, filter: "bn", matchCounts: [1]), purpose: .attach, header: nil, height: 5)
        picker.filters = [0: ListFilter(query: "bn", isTyping: false)]
        picker.searched = (0, "bn")
        _ = picker.update(.matchesArrived(component: 0, MatchWindow(first: 0, items: [SearchMatch(row: 1, title: "banana", places: [0, 2])], revision: 2, isComplete: true)))
        let spans = picker.view(rows: 24, columns: 20).flatMap(\.spans)
        XCTAssertEqual(spans.filter { $0.style.underline }.map(\.text), ["b", "n"])
    }

    func testConfirmAnswersWithYAndNAndItsExitStatus() {
        var confirm = PickerModel(daemon: PickerSnapshot(rowCounts: [2]), purpose: .confirm(affirmative: "Yes", negative: "No"), header: "Sure?", height: nil)
        XCTAssertEqual(confirm.update(.key(.character("n"), rows: 24)), [.selectRow(1, component: 0), .done])
        XCTAssertEqual(confirm.update(.selectedItem(index: 1, title: "No")), [.finish(.cancelled)])
        XCTAssertEqual(confirm.update(.selectedItem(index: 0, title: "Yes")), [.finish(.done(""))])
        XCTAssertEqual(confirm.update(.key(.escape, rows: 24)), [.cancel])
        var alike = PickerModel(daemon: PickerSnapshot(rowCounts: [2]), purpose: .confirm(affirmative: "OK", negative: "OK"), header: "Sure?", height: nil)
        XCTAssertEqual(alike.update(.selectedItem(index: 1, title: "OK")), [.finish(.cancelled)], "the answer is its row, not its wording")
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

    func testFilterShowsTheDaemonsRankingAndEnterChoosesTheBest() {
        var table = TableModel(daemon: TableSnapshot(rowCounts: [3]), purpose: .choose, header: nil, height: nil, fuzzy: true)
        XCTAssertEqual(table.update(.key(.character("b"), rows: 24)), [.setFilter("b")])
        guard case .waiting([]) = table.prepare(for: .key(.enter, rows: 24)) else { return XCTFail("Enter waits for the search") }
        _ = table.update(.daemonChanged(TableSnapshot(rowCounts: [3], revision: 2, filter: "b", matchCounts: [2])))
        _ = table.update(.answered(.setFilter("b"), refusal: nil))
        _ = table.update(.matchesArrived(section: 0, matches([(1, "brie"), (0, "cabbage")], revision: 2)))
        guard case .ready = table.prepare(for: .key(.enter, rows: 24)) else { return XCTFail("answered and ranked: Enter is applied") }
        XCTAssertEqual(Array(table.shownRows), [IndexPath(row: 1, section: 0), IndexPath(row: 0, section: 0)], "the daemon's ranking: brie starts with b")
        XCTAssertEqual(table.update(.key(.enter, rows: 24)), [.finishChoosing(select: IndexPath(row: 1, section: 0), printsIndexes: false)])
        XCTAssertEqual(table.update(.key(.escape, rows: 24)), [.quit])
    }

    /// Every row was an IndexPath in an array built for each frame: positions are computed.
    func testATableOfMillionsOfRowsLaysOutItsWindowAndFetchesOnlyTheMatchesShown() {
        var table = TableModel(daemon: TableSnapshot(rowCounts: [5_000_000, 5_000_000]), purpose: .attach, header: nil, height: 10)
        _ = table.update(.layOut(rows: 24))
        _ = table.update(.key(.end, rows: 24))
        XCTAssertEqual(table.shownRows[table.cursor], IndexPath(row: 4_999_999, section: 1))
        XCTAssertEqual(table.shownRows.position(of: IndexPath(row: 3, section: 1)), 5_000_003)
        XCTAssertEqual(text(table.view(rows: 24, columns: 40)).count, 11)

        var searched = TableModel(daemon: TableSnapshot(rowCounts: [15, 10_000_000]), purpose: .attach, header: nil, height: 10)
        _ = searched.update(.key(.character("/"), rows: 24))
        XCTAssertEqual(searched.update(.key(.character("9"), rows: 24)), [.setFilter("9")])
        _ = searched.update(.daemonChanged(TableSnapshot(rowCounts: [15, 10_000_000], revision: 2, filter: "9", matchCounts: [1, 5_217_031])))
        XCTAssertEqual(searched.update(.layOut(rows: 24)), [.fetchHeaders(revision: 2), .fetchMatches(section: 0, range: 0..<1, revision: 2), .fetchMatches(section: 1, range: 0..<19, revision: 2)],
                       "the matches around the cursor, section by section; their details once their rows are known")
        XCTAssertEqual(searched.shownRows.count, 5_217_032)
    }

    func testTabTypedAheadOfTheSearchChoosesNothingUntilTheDaemonAnswered() {
        var table = TableModel(daemon: TableSnapshot(rowCounts: [3], allowsMultipleSelection: true), purpose: .choose, header: nil, height: nil, fuzzy: true)
        _ = table.update(.key(.character("b"), rows: 24))
        guard case .waiting([]) = table.prepare(for: .key(.tab, rows: 24)) else { return XCTFail("no row is ranked yet") }
        _ = table.update(.daemonChanged(TableSnapshot(rowCounts: [3], allowsMultipleSelection: true, revision: 2, filter: "b", matchCounts: [2])))
        _ = table.update(.answered(.setFilter("b"), refusal: nil))
        _ = table.update(.matchesArrived(section: 0, matches([(1, "brie"), (0, "cabbage")], revision: 2)))
        guard case .ready = table.prepare(for: .key(.tab, rows: 24)) else { return XCTFail("answered and ranked: Tab is applied") }
        XCTAssertEqual(table.update(.key(.tab, rows: 24)), [.tap(IndexPath(row: 1, section: 0), deselect: false)], "brie, ranked first and drawn")
    }

    func testLayingOutAsksForHeadersAndCellsOnceAndDrawingNothing() {
        var table = TableModel(daemon: TableSnapshot(rowCounts: [2, 1]), purpose: .attach, header: nil, height: nil)
        XCTAssertEqual(table.update(.layOut(rows: 24)), [.fetchHeaders(revision: 1), .fetchCells(section: 0, range: 0..<2, revision: 1), .fetchCells(section: 1, range: 0..<1, revision: 1),
                                                         .fetchDetails(section: 0, rows: 0..<2, revision: 1), .fetchDetails(section: 1, rows: 0..<1, revision: 1)])
        _ = table.update(.headersArrived(["fruit", "cheese"], revision: 1))
        _ = table.update(.cellsArrived(section: 0, TextWindow(first: 0, texts: ["apple", "pear"], revision: 1, isComplete: true)))
        _ = table.update(.cellsArrived(section: 1, TextWindow(first: 0, texts: ["brie"], revision: 1, isComplete: true)))
        XCTAssertEqual(table.update(.layOut(rows: 24)), [], "the details asked for are not asked again")
        let lines = text(table.view(rows: 24, columns: 40))
        XCTAssertEqual(Array(lines.prefix(5)).map { $0.trimmingCharacters(in: .whitespaces) }, ["fruit", "› ○ apple", "○ pear", "cheese", "○ brie"])
    }

    func testDescriptionsTakeASecondLineAndColumnsAlignUnderTheirHeaders() {
        var table = TableModel(daemon: TableSnapshot(rowCounts: [3], columns: ["Name", "Size"]), purpose: .choose, header: nil, height: nil)
        _ = table.update(.layOut(rows: 10))
        XCTAssertEqual(table.listHeight(rows: 10), 7, "the column headers take a line, the help line and a spare two")
        _ = table.update(.detailsArrived(section: 0, first: 0, [RowDetail(description: "", columns: ["a", "1"]), RowDetail(description: "the second", columns: ["bb", "22"]),
                                                             RowDetail(description: "", columns: ["ccc", "3"])], revision: 1))
        XCTAssertEqual(table.linesPerRow, 2, "a row with a description takes two lines, and so every row")
        XCTAssertEqual(table.listHeight(rows: 10), 3)
        let lines = text(table.view(rows: 10, columns: 40)).map { $0.replacingOccurrences(of: " +$", with: "", options: .regularExpression) }
        XCTAssertEqual(Array(lines.prefix(7)), ["    Name  Size", "› ○ a     1", "", "  ○ bb    22", "    the second", "  ○ ccc   3", ""],
                       "each column as wide as its widest text, its header included")
        _ = table.update(.detailsArrived(section: 0, first: 0, [RowDetail(description: "late", columns: [])], revision: 9))
        XCTAssertNil(table.details.detail(IndexPath(row: 0, section: 0)).map { $0.description == "late" ? $0 : nil } ?? nil, "details of another revision are dropped")
        _ = table.update(.daemonChanged(TableSnapshot(rowCounts: [3], revision: 2, columns: ["Name", "Size"])))
        XCTAssertEqual(table.update(.layOut(rows: 10)).filter { if case .fetchDetails = $0 { return true } else { return false } }, [.fetchDetails(section: 0, rows: 0..<3, revision: 2)],
                       "a new revision asks again")
    }
}

/// A help line too wide for the terminal loses whole fragments, never the
/// last (esc) and never half a word.
final class HelpLineTests: XCTestCase {
    override func setUp() {
        // Widths come from wcwidth, which knows "·" and "↑" in a UTF-8 locale, as the front end sets one.
        setlocale(LC_CTYPE, "C.UTF-8")
    }

    func testAHelpLineTooWideLeavesOutWholeFragmentsBeforeTheLast() {
        let line = "↑/↓ move · tab choose · enter done · / filter · esc cancel"
        XCTAssertEqual(TextWidth.columns(TextWidth.fitHelp(line, 80)), TextWidth.columns(line), "it fits: all of it")
        let fitted = TextWidth.fitHelp(line, 36)
        XCTAssertEqual(fitted, "↑/↓ move · enter done · esc cancel", "the keys that only help go first; enter, which answers, stays")
        XCTAssertLessThanOrEqual(TextWidth.columns(fitted), 36)
        XCTAssertEqual(TextWidth.fitHelp(line, 6).count, 6, "only a first and last fragment too wide are cut")
    }
}
