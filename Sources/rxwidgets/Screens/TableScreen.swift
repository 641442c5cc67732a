import FoundationEssentials
import RxCoreEssentials
import RxWidgetsClient

/// A table on the terminal: its sections' cells (from `Cells`) under their
/// headers, the selected rows (`SelectedIndexPaths`) marked. The cursor is
/// the front end's, as a finger over a row is; a tap on the row under it —
/// Space, or Enter — is `SelectRow` (or `DeselectRow` for a selected row of
/// a table that allows multiple selection).
final class TableScreen: InteractiveScreen {
    /// What the command does once the user is done.
    enum Purpose {
        /// `table`: Enter taps the row under the cursor (unless rows are
        /// selected already with `--multiple`) and prints the selected rows.
        case choose
        /// `attach`: Enter and Space tap; `q` quits and prints nothing.
        case attach
    }

    private let table: RemoteTable
    private let session: Session
    private let purpose: Purpose
    private let header: String?
    private let heightLimit: Int?
    /// How many rows may be chosen (nil: any); past it a tap is refused.
    private let limit: Int?
    /// `filter`: the query is typed from the start, ranks the rows fuzzily,
    /// Tab chooses, and Esc cancels.
    private let fuzzy: Bool
    /// `choose --index`: print the chosen rows' indexes, not their cells.
    private let printsIndexes: Bool
    private var cursor = 0
    private var top = 0
    private var texts: [RemoteTexts] = []
    private var headers: [String] = []
    private var headersRevision: UInt64?
    private var filter: ListFilter?
    private var status: String?
    /// Enter came while the filter's cells were on their way: it acts once
    /// they are in, on the rows the filter then shows.
    private var finishWhenFiltered = false
    private let disposeBag = DisposeBag()

    init(table: RemoteTable, session: Session, purpose: Purpose, header: String?, height: Int?, limit: Int? = nil, fuzzy: Bool = false, printsIndexes: Bool = false) {
        self.table = table
        self.session = session
        self.purpose = purpose
        self.header = header
        self.heightLimit = height
        self.limit = limit
        self.fuzzy = fuzzy
        self.printsIndexes = printsIndexes
        if fuzzy {
            filter = ListFilter()
        }
        table.rx.revision.subscribe(onNext: { [weak self] _ in self?.session.redraw() }, onError: { [weak self] in self?.session.fail($0) })
            .disposed(by: disposeBag)
    }

    private var revision: UInt64 {
        table.revision
    }

    private var allowsMultipleSelection: Bool {
        table.allowsMultipleSelection
    }

    private func sectionTexts(_ section: Int) -> RemoteTexts {
        while texts.count <= section {
            let index = texts.count
            texts.append(RemoteTexts(fetch: { [weak self] first, count in
                guard let self else { return Observable.empty() }
                return table.rx.cells(section: index, first: first, count: count).map { cells in cells.map(\.text) }
            }, arrived: { [weak self] in self?.cellsArrived() }, failed: { [weak self] in self?.session.fail($0) }))
        }
        return texts[section]
    }

    /// Every row shown, section by section, as index paths.
    private func shownRows() -> [IndexPath] {
        var rows: [IndexPath] = []
        for (section, count) in table.rowCounts.enumerated() {
            guard let filter, !filter.query.isEmpty else {
                rows += (0..<count).map { IndexPath(row: $0, section: section) }
                continue
            }
            if fuzzy {
                let known = (0..<count).compactMap { row in cell(row, section).map { (row, $0) } }
                rows += FuzzyMatch.ranked(known, query: filter.query).map { IndexPath(row: $0, section: section) }
                continue
            }
            // A row whose cell has not arrived is not shown: nothing the
            // filter would hide can be chosen.
            rows += (0..<count).filter { cell($0, section).map(filter.matches) ?? false }.map { IndexPath(row: $0, section: section) }
        }
        return rows
    }

    /// A row's cell text as last fetched, if it was (reading fetches nothing).
    private func cell(_ row: Int, _ section: Int) -> String? {
        texts.indices.contains(section) ? texts[section].text(row) : nil
    }

    /// Asks for what a filter searches: every cell.
    private func wantFiltered() {
        guard let filter, !filter.query.isEmpty else { return }
        for (section, count) in table.rowCounts.enumerated() {
            sectionTexts(section).want(0..<count, revision: revision)
        }
    }

    private func listHeight(rows: Int) -> Int {
        max(1, min(heightLimit ?? Int.max, rows - (header == nil ? 0 : 1) - 2 - (filter == nil ? 0 : 1)))
    }

    // MARK: Drawing

    /// Keeps the cursor on a shown row and in view, and asks for the
    /// headers of this revision and the cells around what is shown.
    func layOut(rows: Int, columns: Int) {
        if headersRevision != revision, !table.rowCounts.isEmpty {
            headersRevision = revision
            table.rx.headers().subscribe(onNext: { [weak self] headers in
                self?.headers = headers
                self?.session.redraw()
            }, onError: { _ in }).disposed(by: disposeBag)
        }
        wantFiltered()
        let shown = shownRows()
        let height = listHeight(rows: rows)
        cursor = min(cursor, max(shown.count - 1, 0))
        top = scrolledTop(top, position: cursor, height: height, count: shown.count)
        let window = shown[min(top, shown.count)..<min(top + height, shown.count)]
        for section in Set(window.map(\.section)) {
            let rowsOfSection = window.filter { $0.section == section }.map(\.row)
            if let first = rowsOfSection.min(), let last = rowsOfSection.max() {
                sectionTexts(section).want(max(0, first - height)..<min(last + height + 1, table.rowCounts[section]), revision: revision)
            }
        }
    }

    func lines(rows: Int, columns: Int) -> [Line] {
        var lines: [Line] = []
        if let header {
            lines.append(Line(header, .bold))
        }
        let shown = shownRows()
        let height = listHeight(rows: rows)
        let cursor = min(self.cursor, max(shown.count - 1, 0))
        let top = scrolledTop(self.top, position: cursor, height: height, count: shown.count)
        let selected = Set(table.indexPathsForSelectedRows)
        let window = shown[min(top, shown.count)..<min(top + height, shown.count)]
        var previousSection: Int?
        for (offset, indexPath) in window.enumerated() {
            if indexPath.section != previousSection, headers.indices.contains(indexPath.section), !headers[indexPath.section].isEmpty, lines.count < height + (header == nil ? 0 : 1) {
                lines.append(Line(headers[indexPath.section], .accent))
            }
            previousSection = indexPath.section
            let text = cell(indexPath.row, indexPath.section) ?? ""
            let isCursor = top + offset == cursor
            var line = Line(isCursor ? "› " : "  ", .accent)
            line.append(selected.contains(indexPath) ? "● " : "○ ", selected.contains(indexPath) ? .success : .dim)
            line.append(TextWidth.pad(text, columns - 5), isCursor ? .cursor : .plain)
            lines.append(line)
        }
        if shown.isEmpty {
            lines.append(Line("  (no rows)", .dim))
        }
        while lines.count < height + (header == nil ? 0 : 1) {
            lines.append(Line())
        }
        if let filter {
            lines.append(filter.line)
        }
        lines.append(Line(status ?? helpText, status == nil ? .help : .error))
        return lines
    }

    private var helpText: String {
        if fuzzy {
            return "type to filter · ↑/↓ move" + (allowsMultipleSelection ? " · tab choose" : "") + " · enter done · esc cancel"
        }
        switch purpose {
        case .choose:
            return "↑/↓ move · / filter" + (allowsMultipleSelection ? " · space select · enter done" : " · enter select") + " · esc cancel"
        case .attach:
            return "↑/↓ move · / filter · space/enter tap · q quit"
        }
    }

    // MARK: Keys

    /// Whether the filter has every cell it searches.
    private var filterIsSettled: Bool {
        guard let filter, !filter.query.isEmpty else { return true }
        return table.rowCounts.enumerated().allSatisfy { sectionTexts($0.offset).covers(0..<$0.element, revision: revision) }
    }

    private func cellsArrived() {
        if finishWhenFiltered, filterIsSettled {
            finishWhenFiltered = false
            let shown = shownRows()
            finishChoosing(shown.indices.contains(cursor) ? shown[cursor] : nil)
        }
        session.redraw()
    }

    func handle(_ key: Key) {
        status = nil
        // What a filter shows is asked for as it is typed, not only when drawn.
        defer { wantFiltered() }
        // A key after an Enter still waiting for cells: the person moved on.
        finishWhenFiltered = false
        if fuzzy {
            switch key {
            case .escape:
                session.finish(.cancelled)
                return
            case .tab:
                let shown = shownRows()
                if shown.indices.contains(cursor), allowsMultipleSelection { tap(shown[cursor]) }
                return
            default:
                break
            }
        }
        if var typing = filter, typing.isTyping {
            var ended = false
            if typing.take(key, ended: &ended) {
                // `filter`'s query stays, emptied, when Backspace runs out.
                filter = ended && !fuzzy ? nil : typing
                cursor = 0
                return
            }
        }
        let shown = shownRows()
        if let position = movedPosition(cursor, by: key, height: listHeight(rows: session.terminal.size.rows), count: shown.count) {
            cursor = position
            return
        }
        let underCursor = shown.indices.contains(cursor) ? shown[cursor] : nil
        switch key {
        case .character(" "):
            if let underCursor { tap(underCursor) }
        case .selectAll where allowsMultipleSelection:
            selectAll(shown)
        case .enter:
            wantFiltered()
            if purpose == .attach {
                if let underCursor { tap(underCursor) }
            } else if !filterIsSettled {
                finishWhenFiltered = true
                status = "matching…"
            } else if filter != nil, underCursor == nil, table.indexPathsForSelectedRows.isEmpty {
                status = "no row matches \(quoted(filter?.query ?? "", quote: "\""))"
            } else {
                finishChoosing(underCursor)
            }
        case .character("/"):
            filter = ListFilter()
        case .escape, .character("q"):
            if filter != nil, key == .escape {
                filter = nil
            } else {
                session.finish(purpose == .attach ? .done("") : .cancelled)
            }
        default:
            break
        }
    }

    /// A tap: selects the row, or deselects a selected row when several
    /// may be selected; a row past the limit is refused here.
    private func tap(_ indexPath: IndexPath) {
        let selected = table.indexPathsForSelectedRows
        if allowsMultipleSelection, !selected.contains(indexPath), let limit, selected.count >= limit {
            status = "at most \(limit) may be chosen"
            return
        }
        let request = allowsMultipleSelection && selected.contains(indexPath)
            ? table.rx.deselectRow(at: indexPath)
            : table.rx.selectRow(at: indexPath)
        request.subscribe(onError: { [weak self] error in
            self?.status = "\(error)"
            self?.session.redraw()
        }).disposed(by: disposeBag)
    }

    /// Ctrl-A: every shown row not chosen yet, up to the limit.
    private func selectAll(_ shown: [IndexPath]) {
        let selected = Set(table.indexPathsForSelectedRows)
        let room = limit.map { max(0, $0 - selected.count) } ?? shown.count
        for indexPath in shown.filter({ !selected.contains($0) }).prefix(room) {
            table.rx.selectRow(at: indexPath).subscribe(onError: { [weak self] in self?.session.fail($0) }).disposed(by: disposeBag)
        }
    }

    /// Enter in `table`: the row under the cursor is tapped (in a
    /// single-selection table); then the selected rows' cells are printed,
    /// one a line, in index-path order — nothing when none is selected.
    private func finishChoosing(_ underCursor: IndexPath?) {
        let printSelection = { [weak self] in
            guard let self else { return }
            do {
                let lines = try table.indexPathsForSelectedRows.sorted().map { indexPath in
                    printsIndexes ? "\(indexPath.row)" : try table.cells(section: indexPath.section, first: indexPath.row, count: 1).first?.text ?? ""
                }
                session.finish(.done(lines.map { $0 + "\n" }.joined()))
            } catch {
                session.fail(error)
            }
        }
        // With several rows allowed, Enter ends the choice as it stands
        // (none chosen included); with one, it chooses the row under the cursor.
        if let underCursor, !allowsMultipleSelection {
            table.rx.selectRow(at: underCursor).subscribe(onError: { [weak self] in self?.session.fail($0) }, onCompleted: printSelection).disposed(by: disposeBag)
        } else {
            printSelection()
        }
    }
}
