import RxWidgetsClient
import RxWidgetsCommandLine

/// What the daemon says of a table, read at once.
struct TableSnapshot: Equatable {
    var rowCounts: [Int] = []
    var selected: [IndexPath] = []
    var allowsMultipleSelection = false
    var revision: UInt64 = 0

    init(_ table: RemoteTable) {
        rowCounts = table.rowCounts
        selected = table.indexPathsForSelectedRows
        allowsMultipleSelection = table.allowsMultipleSelection
        revision = table.revision
    }

    /// A table of these parts, for tests.
    init(rowCounts: [Int], selected: [IndexPath] = [], allowsMultipleSelection: Bool = false, revision: UInt64 = 1) {
        self.rowCounts = rowCounts
        self.selected = selected
        self.allowsMultipleSelection = allowsMultipleSelection
        self.revision = revision
    }
}

/// A table screen's state: the daemon's snapshot, the cells and headers
/// fetched so far, and this front end's own cursor, scroll and filter.
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
    /// `filter`: the query is typed from the start, ranks the rows fuzzily,
    /// Tab chooses, and Esc cancels.
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
    /// Per section, the filter's search, and the count of searches begun.
    var scans: [Int: FilterScan] = [:]
    var scansBegun = 0
    /// The rows the searches found, in the order shown (ranked, for
    /// `filter`): kept, and made again only when a search moved on, as
    /// ranking them is not for every frame.
    var filtered: [IndexPath] = []
    private var filteredFrom: [[Int]] = []
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

    /// A row's cell as searched or fetched, if it was.
    func cell(_ row: Int, _ section: Int) -> String? {
        scan(section)?.text(row) ?? cells[section]?.text(row)
    }

    /// Whether a filter with a query is on.
    var isFiltering: Bool {
        filter.map { !$0.query.isEmpty } ?? false
    }

    /// The search that answers the filter in `section` now, if any.
    func scan(_ section: Int) -> FilterScan? {
        guard let filter, isFiltering, let scan = scans[section], daemon.rowCounts.indices.contains(section), scan.searches(filter, count: daemon.rowCounts[section]) else { return nil }
        return scan
    }

    /// Every row shown, section by section: all, or those the filter's
    /// searches found so far — ranked, for `filter`. A row not yet searched
    /// is not shown, so nothing the filter would hide can be chosen.
    var shownRows: ShownIndexPaths {
        isFiltering ? ShownIndexPaths(matching: filtered) : ShownIndexPaths(rowCounts: daemon.rowCounts)
    }

    /// Whether the filter has searched every cell it will.
    var filterIsSettled: Bool {
        guard isFiltering else { return true }
        return daemon.rowCounts.indices.allSatisfy { scan($0)?.isComplete ?? false }
    }

    /// The rows the searches found, in the order shown: section by section,
    /// ranked within each for `filter`.
    /// The row under the cursor stays under it.
    mutating func refilter() {
        guard let filter, isFiltering else {
            filtered = []
            filteredFrom = []
            return
        }
        let from = daemon.rowCounts.indices.map { section in scan(section).map { [$0.generation, $0.scanned, $0.rows.count] } ?? [] }
        guard from != filteredFrom else { return }
        let underCursor = filtered.indices.contains(cursor) ? filtered[cursor] : nil
        filteredFrom = from
        filtered = daemon.rowCounts.indices.flatMap { section -> [IndexPath] in
            guard let scan = scan(section) else { return [] }
            let rows = fuzzy ? FuzzyMatch.ranked(zip(scan.rows, scan.texts).map { (index: $0, text: $1) }, query: filter.query) : scan.rows
            return rows.map { IndexPath(row: $0, section: section) }
        }
        if let underCursor, let position = filtered.firstIndex(of: underCursor) {
            cursor = position
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
    /// The cells of a filter's search, rows `first`… of `section`.
    case cellsScanned(section: Int, first: Int, [String], generation: Int)
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
    /// Read cells for a filter's search (its `generation`).
    case scanCells(section: Int, range: Range<Int>, generation: Int)
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
