import RxWidgetsClient
import RxWidgetsCommandLine

/// What the daemon says of a picker, read at once.
package struct PickerSnapshot: Equatable {
    package var rowCounts: [Int] = []
    package var selectedRows: [Int] = []
    package var isPopup = false
    package var isVisible = false
    package var revision: UInt64 = 0
    /// The daemon's search: its query and each component's matches.
    package var filter = ""
    package var matchCounts: [Int] = []

    package init(_ picker: RemotePicker) {
        rowCounts = picker.rowCounts
        selectedRows = picker.selectedRows
        isPopup = picker.isPopup
        isVisible = picker.isVisible
        revision = picker.revision
        filter = picker.filter
        matchCounts = picker.matchCounts
    }

    /// A picker of these parts, for tests.
    package init(rowCounts: [Int], selectedRows: [Int]? = nil, isPopup: Bool = true, isVisible: Bool = true, revision: UInt64 = 1, filter: String = "", matchCounts: [Int]? = nil) {
        self.rowCounts = rowCounts
        self.selectedRows = selectedRows ?? rowCounts.map { $0 > 0 ? 0 : -1 }
        self.isPopup = isPopup
        self.isVisible = isVisible
        self.revision = revision
        self.filter = filter
        self.matchCounts = matchCounts ?? rowCounts
    }

    package var numberOfComponents: Int { rowCounts.count }
}

/// A picker screen's state: the daemon's snapshot, the titles fetched so
/// far, and this front end's own focus, scroll, filter and calls in flight.
/// Everything shown is the daemon's — titles from `Titles`, a filter's rows
/// from `Matches`, the marked rows from `SelectedRows` — and every gesture
/// is the call it maps to: moving the cursor is `SelectRow` (as a wheel
/// settling on a row), typing a filter is `SetFilter`, Enter is `Done`, Esc
/// and `q` are `Cancel`.
package struct PickerModel {
    /// What the command does once the person is done.
    package enum Purpose: Equatable {
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

    package let purpose: Purpose
    package let header: String?
    package let heightLimit: Int?
    package var daemon: PickerSnapshot
    package var titles: [Int: TextWindow] = [:]
    package var focus = 0
    package var tops: [Int: Int] = [:]
    /// The filter being typed or shown; one component's at a time, as the
    /// daemon's search is one per picker.
    package var filters: [Int: ListFilter] = [:]
    /// The component and query of the last `SetFilter` sent.
    package var searched: (component: Int, query: String)?
    /// Per component, the daemon's matches as fetched.
    package var matches: [Int: MatchWindow] = [:]
    /// The descriptions of the rows shown, as fetched (a component is a section there).
    package var details = RowDetailCache()
    /// Calls made and not yet answered: the inputs after them wait.
    package var callsInFlight = 0
    /// The row selected when the filter opened: where the selection goes
    /// back to for a query that matches nothing, or none.
    package var rowBeforeQuery = -1
    /// The query changed since the selection was placed for one.
    package var needsPlacing = false
    /// A `Done` or `Cancel` is on its way: every input waits for its answer
    /// (the screen ends with it, or goes on after a refusal).
    package var isFinishing = false
    package var status: String?
    package init(daemon: PickerSnapshot, purpose: Purpose, header: String?, height: Int?) {
        self.daemon = daemon
        self.purpose = purpose
        self.header = header
        self.heightLimit = height
    }

    package func rowCount(_ component: Int) -> Int {
        daemon.rowCounts.indices.contains(component) ? daemon.rowCounts[component] : 0
    }

    package func selectedRow(_ component: Int) -> Int {
        daemon.selectedRows.indices.contains(component) ? daemon.selectedRows[component] : -1
    }

    package func title(_ row: Int, _ component: Int) -> String? {
        titles[component]?.text(row) ?? matches[component]?.items.first { $0.row == row }?.title
    }

    /// Whether `component` shows the daemon's search: the filter sent for
    /// it is the daemon's, with a query.
    package func isSearched(_ component: Int) -> Bool {
        filters[component] != nil && searched?.component == component && !daemon.filter.isEmpty
    }

    /// The rows of `component` shown: all, or the daemon's matches, ranked.
    package func shownRows(_ component: Int) -> ShownRows {
        guard isSearched(component) else { return ShownRows(all: rowCount(component)) }
        let count = daemon.matchCounts.indices.contains(component) ? daemon.matchCounts[component] : 0
        return ShownRows(ranked: count, window: matches[component] ?? MatchWindow())
    }

    /// Whether the rows shown for `component` answer the query typed: the
    /// daemon's filter is it, and its matches are fetched for this Revision.
    package func filterIsSettled(_ component: Int) -> Bool {
        guard let filter = filters[component] else { return true }
        guard !filter.query.isEmpty else { return !isSearched(component) }
        guard searched?.component == component, daemon.filter == filter.query else { return false }
        let count = daemon.matchCounts.indices.contains(component) ? daemon.matchCounts[component] : 0
        return count == 0 || matches[component]?.revision == daemon.revision
    }

    /// The rows of the list: what the terminal leaves after the header, the
    /// filter, the help line and one spare row, at most `--height`; rows
    /// with descriptions take two lines each.
    package func listHeight(rows: Int) -> Int {
        max(1, max(1, min(heightLimit ?? Int.max, rows - (header == nil ? 0 : 1) - 2 - (filters[focus] == nil ? 0 : 1))) / linesPerRow)
    }

    /// The lines a row takes: two once a row shown has a description.
    package var linesPerRow: Int {
        details.describes ? 2 : 1
    }
}

/// What happens to a picker screen.
package enum PickerMessage {
    /// A key; `rows` is the terminal's height, a page for PgUp/PgDn.
    case key(Key, rows: Int)
    /// A click on `row` of `component` (a window's list): it is selected.
    case clicked(row: Int, component: Int)
    /// A double click or Enter on `row`: it is selected, then Done.
    case activated(row: Int, component: Int)
    /// The query typed into a window's search entry, for the focused component.
    case setQuery(String)
    /// Before a frame on a terminal of `rows`.
    case layOut(rows: Int)
    case daemonChanged(PickerSnapshot)
    /// A daemon serves the picker again (restarted, replaced): the rows read
    /// before are read again — after a crash it may give a revision seen before to other rows.
    case daemonReturned
    case titlesArrived(component: Int, TextWindow)
    /// Ranked matches of the daemon's search in `component`.
    case matchesArrived(component: Int, MatchWindow)
    /// The details of rows `first…` of `component` as of `revision`.
    case detailsArrived(component: Int, first: Int, [RowDetail], revision: UInt64)
    /// A details read that failed: its rows may be asked for again.
    case detailsFailed(component: Int, rows: Range<Int>)
    /// A call this screen made was answered: nil, or the daemon's refusal
    /// (Done's is shown; the others' end the screen before this comes).
    case answered(PickerCommand, refusal: String?)
    /// `SelectedItem`: Done's row and title.
    case selectedItem(index: Int, title: String)
    /// `Closed`: Cancel.
    case closed
}

/// What a picker update asks the runtime to do.
package enum PickerCommand: Equatable {
    case fetchTitles(component: Int, range: Range<Int>, revision: UInt64)
    /// `SetFilter` of `query` in `component`.
    case setFilter(String, component: Int)
    /// Fetch matches ranked in `range` (paged, for `revision`); they come back as `.matchesArrived`.
    case fetchMatches(component: Int, range: Range<Int>, revision: UInt64)
    /// Fetch the descriptions of `rows` of `component`; they come back as `.detailsArrived`.
    case fetchDetails(component: Int, rows: Range<Int>, revision: UInt64)
    case selectRow(Int, component: Int)
    case show
    case done
    case cancel
    /// `pick`: print every component's selected title, tab-separated.
    case printSelectedTitles
    case finish(FinishedPicker)
}

/// How a picker screen ends.
package enum FinishedPicker: Equatable {
    case done(String)
    case cancelled
}
