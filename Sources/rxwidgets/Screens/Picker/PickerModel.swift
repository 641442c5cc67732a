import RxWidgetsClient
import RxWidgetsCommandLine

/// What the daemon says of a picker, read at once.
struct PickerSnapshot: Equatable {
    var rowCounts: [Int] = []
    var selectedRows: [Int] = []
    var isPopup = false
    var isVisible = false
    var revision: UInt64 = 0
    /// The daemon's search: its query and each component's matches.
    var filter = ""
    var matchCounts: [Int] = []

    init(_ picker: RemotePicker) {
        rowCounts = picker.rowCounts
        selectedRows = picker.selectedRows
        isPopup = picker.isPopup
        isVisible = picker.isVisible
        revision = picker.revision
        filter = picker.filter
        matchCounts = picker.matchCounts
    }

    /// A picker of these parts, for tests.
    init(rowCounts: [Int], selectedRows: [Int]? = nil, isPopup: Bool = true, isVisible: Bool = true, revision: UInt64 = 1, filter: String = "", matchCounts: [Int]? = nil) {
        self.rowCounts = rowCounts
        self.selectedRows = selectedRows ?? rowCounts.map { $0 > 0 ? 0 : -1 }
        self.isPopup = isPopup
        self.isVisible = isVisible
        self.revision = revision
        self.filter = filter
        self.matchCounts = matchCounts ?? rowCounts
    }

    var numberOfComponents: Int { rowCounts.count }
}

/// A picker screen's state: the daemon's snapshot, the titles fetched so
/// far, and this front end's own focus, scroll, filter and moves in flight.
/// Everything shown is the daemon's — titles from `Titles`, a filter's rows
/// from `Matches`, the marked rows from `SelectedRows` — and every gesture
/// is the call it maps to: moving the cursor is `SelectRow` (as a wheel
/// settling on a row), typing a filter is `SetFilter`, Enter is `Done`, Esc
/// and `q` are `Cancel`.
struct PickerModel {
    /// What the command does once the person is done.
    enum Purpose: Equatable {
        /// `choose`: print the title of the `SelectedItem` signal.
        case choose
        /// `choose --index`: print its index instead.
        case chooseIndex
        /// `choose --label-delimiter`: print the value of the chosen label.
        case chooseValue([String])
        /// `pick`: print the selected title of every component, tab-separated.
        case pick
        /// `attach`: operate the picker until `q`; print nothing.
        case attach
        /// `confirm`: exit 0 for the affirmative answer, 1 for the negative; y and n answer at once.
        case confirm(affirmative: String, negative: String)
    }

    let purpose: Purpose
    let header: String?
    let heightLimit: Int?
    /// `choose --timeout`: when `Done` is called without a key.
    struct Deadline: Equatable {
        let seconds: Int
        /// `--default`: the row chosen then, and its title; nil, the row selected then.
        let defaultRow: Int?
        var defaultTitle: String?
    }

    let deadline: Deadline?
    var daemon: PickerSnapshot
    var titles: [Int: TextWindow] = [:]
    var focus = 0
    var tops: [Int: Int] = [:]
    /// The filter being typed or shown; one component's at a time, as the
    /// daemon's search is one per picker.
    var filters: [Int: ListFilter] = [:]
    /// The component and query of the last `SetFilter` sent.
    var searched: (component: Int, query: String)?
    /// Per component, the daemon's matches as fetched.
    var matches: [Int: MatchWindow] = [:]
    /// Rows asked for with `SelectRow` and not yet answered, per component:
    /// further moves start from the last one, so keys typed ahead of the
    /// replies (↓↓ Enter) move as far as they say.
    var pending: [Int: (row: Int, calls: Int)] = [:]
    var status: String?
    /// Enter came while a filter's titles were still on their way: it acts
    /// once they are in, on the rows the filter then shows.
    var acceptWhenFiltered = false

    init(daemon: PickerSnapshot, purpose: Purpose, header: String?, height: Int?, deadline: Deadline? = nil) {
        self.daemon = daemon
        self.purpose = purpose
        self.header = header
        self.heightLimit = height
        self.deadline = deadline
    }

    func rowCount(_ component: Int) -> Int {
        daemon.rowCounts.indices.contains(component) ? daemon.rowCounts[component] : 0
    }

    func selectedRow(_ component: Int) -> Int {
        daemon.selectedRows.indices.contains(component) ? daemon.selectedRows[component] : -1
    }

    /// Where the next move of `component` starts: the last row asked for, else the daemon's.
    func base(_ component: Int) -> Int {
        pending[component]?.row ?? selectedRow(component)
    }

    func title(_ row: Int, _ component: Int) -> String? {
        titles[component]?.text(row) ?? matches[component]?.items.first { $0.row == row }?.title
    }

    /// Whether `component` shows the daemon's search: the filter sent for
    /// it is the daemon's, with a query.
    func isSearched(_ component: Int) -> Bool {
        filters[component] != nil && searched?.component == component && !daemon.filter.isEmpty
    }

    /// The rows of `component` shown: all, or the daemon's matches, ranked.
    func shownRows(_ component: Int) -> ShownRows {
        guard isSearched(component) else { return ShownRows(all: rowCount(component)) }
        let count = daemon.matchCounts.indices.contains(component) ? daemon.matchCounts[component] : 0
        return ShownRows(ranked: count, window: matches[component] ?? MatchWindow())
    }

    /// Whether the rows shown for `component` answer the query typed: the
    /// daemon's filter is it, and its matches are fetched for this Revision.
    func filterIsSettled(_ component: Int) -> Bool {
        guard let filter = filters[component] else { return true }
        guard !filter.query.isEmpty else { return !isSearched(component) }
        guard searched?.component == component, daemon.filter == filter.query else { return false }
        let count = daemon.matchCounts.indices.contains(component) ? daemon.matchCounts[component] : 0
        return count == 0 || matches[component]?.revision == daemon.revision
    }

    /// The rows of the list: what the terminal leaves after the header, the
    /// filter, the help line and one spare row, at most `--height`.
    func listHeight(rows: Int) -> Int {
        max(1, min(heightLimit ?? Int.max, rows - (header == nil ? 0 : 1) - 2 - (filters[focus] == nil ? 0 : 1)))
    }
}

/// What happens to a picker screen.
enum PickerMessage {
    /// A key; `rows` is the terminal's height, a page for PgUp/PgDn.
    case key(Key, rows: Int)
    /// Before a frame on a terminal of `rows`.
    case layOut(rows: Int)
    case daemonChanged(PickerSnapshot)
    case titlesArrived(component: Int, TextWindow)
    /// Ranked matches of the daemon's search in `component`.
    case matchesArrived(component: Int, MatchWindow)
    /// A `SelectRow` was answered.
    case selectAnswered(component: Int)
    /// `SelectedItem`: Done's row and title.
    case selectedItem(index: Int, title: String)
    /// `Closed`: Cancel.
    case closed
    /// `Done` was refused: the daemon's message.
    case refused(String)
    /// `choose --timeout` ran out.
    case timedOut
}

/// What a picker update asks the runtime to do.
enum PickerCommand: Equatable {
    case fetchTitles(component: Int, range: Range<Int>, revision: UInt64)
    /// `SetFilter` of `query` in `component`.
    case setFilter(String, component: Int)
    /// Fetch matches ranked in `range` (paged, for `revision`); they come back as `.matchesArrived`.
    case fetchMatches(component: Int, range: Range<Int>, revision: UInt64)
    case selectRow(Int, component: Int)
    case show
    case done
    case cancel
    /// `pick`: print every component's selected title, tab-separated.
    case printSelectedTitles
    case finish(FinishedPicker)
}

/// How a picker screen ends.
enum FinishedPicker: Equatable {
    case done(String)
    case cancelled
}
