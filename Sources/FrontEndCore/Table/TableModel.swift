import RxWidgetsClient
import RxWidgetsCommandLine

/// What the daemon says of a table, read at once.
package struct TableSnapshot: Equatable {
    package var rowCounts: [Int] = []
    package var selected: [IndexPath] = []
    package var allowsMultipleSelection = false
    package var revision: UInt64 = 0
    /// The daemon's search: its query and each section's matches.
    package var filter = ""
    package var matchCounts: [Int] = []
    /// The rows' column headers (`Columns`); [] without columns.
    package var columns: [String] = []

    package init(_ table: RemoteTable) {
        rowCounts = table.rowCounts
        selected = table.indexPathsForSelectedRows
        allowsMultipleSelection = table.allowsMultipleSelection
        revision = table.revision
        filter = table.filter
        matchCounts = table.matchCounts
        columns = table.columns
    }

    /// A table of these parts, for tests.
    package init(rowCounts: [Int], selected: [IndexPath] = [], allowsMultipleSelection: Bool = false, revision: UInt64 = 1, filter: String = "", matchCounts: [Int]? = nil,
                 columns: [String] = []) {
        self.columns = columns
        self.rowCounts = rowCounts
        self.selected = selected
        self.allowsMultipleSelection = allowsMultipleSelection
        self.revision = revision
        self.filter = filter
        self.matchCounts = matchCounts ?? rowCounts
    }
}

/// A table screen's state: the daemon's snapshot, the cells, headers and
/// search matches fetched so far, and this front end's own cursor, scroll
/// and filter (whose query is the daemon's search, `SetFilter`).
package struct TableModel {
    /// What the command does once the person is done.
    package enum Purpose: Equatable {
        /// `table`, `choose --limit`, `filter`: Enter taps the row under the
        /// cursor (in a single-selection table) and prints the chosen rows.
        case choose
        /// `attach`: Enter and Space tap; `q` quits and prints nothing.
        case attach
    }

    package let purpose: Purpose
    package let header: String?
    package let heightLimit: Int?
    /// How many rows may be chosen (nil: any); past it a tap is refused.
    package let limit: Int?
    /// `filter`: the query is typed from the start, Tab chooses, and Esc cancels.
    package let fuzzy: Bool
    /// `choose --index`: print the chosen rows' indexes, not their cells.
    package let printsIndexes: Bool
    /// `choose --label-delimiter`, `table --columns`: per row, what is printed instead of its cell.
    package let values: [String]?
    /// `--description-delimiter`: the search reads the rows' descriptions too.
    package let searchesDescriptions: Bool
    package var daemon: TableSnapshot
    /// Per section, its cells as fetched.
    package var cells: [Int: TextWindow] = [:]
    package var headers: [String] = []
    package var headersRevision: UInt64?
    package var cursor = 0
    package var top = 0
    package var filter: ListFilter?
    /// The query of the last `SetFilter` sent.
    package var searched: String?
    /// Per section, the daemon's matches as fetched.
    package var matches: [Int: MatchWindow] = [:]
    /// The descriptions and column texts of the rows shown, as fetched.
    package var details = RowDetailCache()
    /// The order a window's column header sorted the rows in, while the rows are as many.
    package var order: RowOrder?
    /// Calls made and not yet answered: the inputs after them wait.
    package var callsInFlight = 0
    /// Enter's choice is being printed: every input waits (the screen ends with it).
    package var isFinishing = false
    package var status: String?
    package init(daemon: TableSnapshot, purpose: Purpose, header: String?, height: Int?, limit: Int? = nil, fuzzy: Bool = false, printsIndexes: Bool = false, values: [String]? = nil,
                 searchesDescriptions: Bool = false) {
        self.daemon = daemon
        self.searchesDescriptions = searchesDescriptions
        self.purpose = purpose
        self.header = header
        self.heightLimit = height
        self.limit = limit
        self.fuzzy = fuzzy
        self.printsIndexes = printsIndexes
        self.values = values
        if fuzzy {
            filter = ListFilter()
        }
        // The cursor starts on the first row chosen beforehand (`--selected`), so Enter keeps it.
        if let first = daemon.selected.min() {
            cursor = shownRows.position(of: first) ?? 0
        }
    }

    /// A row's cell as fetched or matched, if it was.
    package func cell(_ row: Int, _ section: Int) -> String? {
        cells[section]?.text(row) ?? matches[section]?.items.first { $0.row == row }?.title
    }

    /// Whether the rows shown are the daemon's search: the filter sent is
    /// the daemon's, with a query.
    package var isFiltering: Bool {
        filter != nil && searched.map { !$0.isEmpty } == true && !daemon.filter.isEmpty
    }

    /// Every row shown, section by section: all, or the daemon's matches,
    /// ranked within each section.
    package var shownRows: ShownIndexPaths {
        isFiltering ? ShownIndexPaths(ranked: daemon.matchCounts, windows: matches) : ShownIndexPaths(rowCounts: daemon.rowCounts, order: order)
    }

    /// Whether the rows shown answer the query typed: the daemon's filter
    /// is it, and the matches around the cursor are fetched for this Revision.
    package var filterIsSettled: Bool {
        guard let filter else { return true }
        guard !filter.query.isEmpty else { return !isFiltering }
        guard daemon.filter == filter.query, searched == filter.query else { return false }
        let shown = shownRows
        return shown.isEmpty || shown.parts(of: cursor..<cursor + 1).allSatisfy { part in
            matches[part.section]?.covers(part.range, revision: daemon.revision) == true
        }
    }

    /// The rows of the list on a terminal of `rows`: what is left after the
    /// header, the column headers, the filter, the help line and one spare
    /// row, at most `--height`; rows with descriptions take two lines each.
    package func listHeight(rows: Int) -> Int {
        let lines = max(1, min(heightLimit ?? Int.max, rows - (header == nil ? 0 : 1) - (daemon.columns.isEmpty ? 0 : 1) - 2 - (filter == nil ? 0 : 1)))
        return max(1, lines / linesPerRow)
    }

    /// The lines a row takes: two once a row shown has a description.
    package var linesPerRow: Int {
        details.describes ? 2 : 1
    }
}

/// What happens to a table screen.
package enum TableMessage {
    /// A key; `rows` is the terminal's height, a page for PgUp/PgDn.
    case key(Key, rows: Int)
    /// A click on the row shown at `position` (a window's list): the cursor goes there.
    case clicked(position: Int)
    /// A click on the check box of the row at `position`: the cursor goes there and taps it.
    case toggled(position: Int)
    /// A double click on the row at `position`: the cursor goes there, then Enter.
    case activated(position: Int)
    /// The query typed into a window's search entry.
    case setQuery(String)
    /// Before a frame on a terminal of `rows`.
    case layOut(rows: Int)
    case daemonChanged(TableSnapshot)
    /// A daemon serves the table again (restarted, replaced): the rows read
    /// before are read again — after a crash it may give a revision seen before to other rows.
    case daemonReturned
    case cellsArrived(section: Int, TextWindow)
    /// Ranked matches of the daemon's search in `section`.
    case matchesArrived(section: Int, MatchWindow)
    /// A call this screen made was answered: nil, or the daemon's refusal.
    case answered(TableCommand, refusal: String?)
    case headersArrived([String], revision: UInt64)
    /// The details of rows `first…` of `section` as of `revision`.
    case detailsArrived(section: Int, first: Int, [RowDetail], revision: UInt64)
    /// A details read that failed: its rows may be asked for again.
    case detailsFailed(section: Int, rows: Range<Int>)
    /// A column header sorted the rows (nil: their own order again); the cursor stays on its row.
    case ordered(RowOrder?)
}

/// What a table update asks the runtime to do.
package enum TableCommand: Equatable {
    /// Fetch the cells of `range` (paged, for `revision`); they come back as `.cellsArrived`.
    case fetchCells(section: Int, range: Range<Int>, revision: UInt64)
    /// `SetFilter` of `query`.
    case setFilter(String)
    /// Fetch matches ranked in `range` (paged, for `revision`); they come back as `.matchesArrived`.
    case fetchMatches(section: Int, range: Range<Int>, revision: UInt64)
    case fetchHeaders(revision: UInt64)
    /// Fetch the descriptions and column texts of `rows` of `section`; they come back as `.detailsArrived`.
    case fetchDetails(section: Int, rows: Range<Int>, revision: UInt64)
    /// `SelectRow`, or `DeselectRow` when `deselect`.
    case tap(IndexPath, deselect: Bool)
    /// `SelectRow` of each.
    case select([IndexPath])
    /// Enter: selects `select` first (a single-selection table), then
    /// prints the chosen rows — their cells, or their indexes.
    case finishChoosing(select: IndexPath?, printsIndexes: Bool)
    /// Quit: `attach` prints nothing (exit 0); otherwise cancelled.
    case quit
}
