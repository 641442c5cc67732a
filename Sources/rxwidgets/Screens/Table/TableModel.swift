import RxWidgetsClient
import RxWidgetsCommandLine

/// What the daemon says of a table, read at once.
struct TableSnapshot: Equatable {
    var rowCounts: [Int] = []
    var selected: [IndexPath] = []
    var allowsMultipleSelection = false
    var revision: UInt64 = 0
    /// The daemon's search: its query and each section's matches.
    var filter = ""
    var matchCounts: [Int] = []

    init(_ table: RemoteTable) {
        rowCounts = table.rowCounts
        selected = table.indexPathsForSelectedRows
        allowsMultipleSelection = table.allowsMultipleSelection
        revision = table.revision
        filter = table.filter
        matchCounts = table.matchCounts
    }

    /// A table of these parts, for tests.
    init(rowCounts: [Int], selected: [IndexPath] = [], allowsMultipleSelection: Bool = false, revision: UInt64 = 1, filter: String = "", matchCounts: [Int]? = nil) {
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
struct TableModel {
    /// What the command does once the person is done.
    enum Purpose: Equatable {
        /// `table`, `choose --limit`, `filter`: Enter taps the row under the
        /// cursor (in a single-selection table) and prints the chosen rows.
        case choose
        /// `attach`: Enter and Space tap; `q` quits and prints nothing.
        case attach
    }

    let purpose: Purpose
    let header: String?
    let heightLimit: Int?
    /// How many rows may be chosen (nil: any); past it a tap is refused.
    let limit: Int?
    /// `filter`: the query is typed from the start, Tab chooses, and Esc cancels.
    let fuzzy: Bool
    /// `choose --index`: print the chosen rows' indexes, not their cells.
    let printsIndexes: Bool
    /// `choose --label-delimiter`: per row, what is printed instead of its cell.
    let values: [String]?
    var daemon: TableSnapshot
    /// Per section, its cells as fetched.
    var cells: [Int: TextWindow] = [:]
    var headers: [String] = []
    var headersRevision: UInt64?
    var cursor = 0
    var top = 0
    var filter: ListFilter?
    /// The query of the last `SetFilter` sent.
    var searched: String?
    /// Per section, the daemon's matches as fetched.
    var matches: [Int: MatchWindow] = [:]
    /// Taps sent and not yet answered: the changes they cause are
    /// selections, which change no cell.
    var tapsInFlight = 0
    var status: String?
    /// Enter came while the filter's cells were on their way: it acts once
    /// they are in, on the rows the filter then shows.
    var finishWhenFiltered = false

    init(daemon: TableSnapshot, purpose: Purpose, header: String?, height: Int?, limit: Int? = nil, fuzzy: Bool = false, printsIndexes: Bool = false, values: [String]? = nil) {
        self.daemon = daemon
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
    func cell(_ row: Int, _ section: Int) -> String? {
        cells[section]?.text(row) ?? matches[section]?.items.first { $0.row == row }?.title
    }

    /// Whether the rows shown are the daemon's search: the filter sent is
    /// the daemon's, with a query.
    var isFiltering: Bool {
        filter != nil && searched.map { !$0.isEmpty } == true && !daemon.filter.isEmpty
    }

    /// Every row shown, section by section: all, or the daemon's matches,
    /// ranked within each section.
    var shownRows: ShownIndexPaths {
        isFiltering ? ShownIndexPaths(ranked: daemon.matchCounts, windows: matches) : ShownIndexPaths(rowCounts: daemon.rowCounts)
    }

    /// Whether the rows shown answer the query typed: the daemon's filter
    /// is it, and the matches around the cursor are fetched for this Revision.
    var filterIsSettled: Bool {
        guard let filter else { return true }
        guard !filter.query.isEmpty else { return !isFiltering }
        guard daemon.filter == filter.query, searched == filter.query else { return false }
        let shown = shownRows
        return shown.isEmpty || shown.parts(of: cursor..<cursor + 1).allSatisfy { part in
            matches[part.section]?.covers(part.range, revision: daemon.revision) == true
        }
    }

    /// The rows of the list on a terminal of `rows`: what is left after the
    /// header, the filter, the help line and one spare row, at most `--height`.
    func listHeight(rows: Int) -> Int {
        max(1, min(heightLimit ?? Int.max, rows - (header == nil ? 0 : 1) - 2 - (filter == nil ? 0 : 1)))
    }
}

/// What happens to a table screen.
enum TableMessage {
    /// A key; `rows` is the terminal's height, a page for PgUp/PgDn.
    case key(Key, rows: Int)
    /// Before a frame on a terminal of `rows`.
    case layOut(rows: Int)
    case daemonChanged(TableSnapshot)
    case cellsArrived(section: Int, TextWindow)
    /// Ranked matches of the daemon's search in `section`.
    case matchesArrived(section: Int, MatchWindow)
    /// A `SelectRow` or `DeselectRow` this screen sent was answered.
    case tapAnswered
    case headersArrived([String], revision: UInt64)
    /// A tap was refused: the daemon's message.
    case refused(String)
}

/// What a table update asks the runtime to do.
enum TableCommand: Equatable {
    /// Fetch the cells of `range` (paged, for `revision`); they come back as `.cellsArrived`.
    case fetchCells(section: Int, range: Range<Int>, revision: UInt64)
    /// `SetFilter` of `query`.
    case setFilter(String)
    /// Fetch matches ranked in `range` (paged, for `revision`); they come back as `.matchesArrived`.
    case fetchMatches(section: Int, range: Range<Int>, revision: UInt64)
    case fetchHeaders(revision: UInt64)
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
