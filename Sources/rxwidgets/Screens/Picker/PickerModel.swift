import RxWidgetsClient
import RxWidgetsCommandLine

/// What the daemon says of a picker, read at once.
struct PickerSnapshot: Equatable {
    var rowCounts: [Int] = []
    var selectedRows: [Int] = []
    var isPopup = false
    var isVisible = false
    var revision: UInt64 = 0

    init(_ picker: RemotePicker) {
        rowCounts = picker.rowCounts
        selectedRows = picker.selectedRows
        isPopup = picker.isPopup
        isVisible = picker.isVisible
        revision = picker.revision
    }

    /// A picker of these parts, for tests.
    init(rowCounts: [Int], selectedRows: [Int]? = nil, isPopup: Bool = true, isVisible: Bool = true, revision: UInt64 = 1) {
        self.rowCounts = rowCounts
        self.selectedRows = selectedRows ?? rowCounts.map { $0 > 0 ? 0 : -1 }
        self.isPopup = isPopup
        self.isVisible = isVisible
        self.revision = revision
    }

    var numberOfComponents: Int { rowCounts.count }
}

/// A picker screen's state: the daemon's snapshot, the titles fetched so
/// far, and this front end's own focus, scroll, filters and moves in flight.
/// Everything shown is the daemon's — titles from `Titles`, the marked rows
/// from `SelectedRows` — and every gesture is the call it maps to: moving
/// the cursor is `SelectRow` (as a wheel settling on a row), Enter is
/// `Done`, Esc and `q` are `Cancel`.
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
    var filters: [Int: ListFilter] = [:]
    /// Each filter's search, and the count of searches begun.
    var scans: [Int: FilterScan] = [:]
    var scansBegun = 0
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
        scan(component)?.text(row) ?? titles[component]?.text(row)
    }

    /// The search that answers the filter of `component` now, if any.
    func scan(_ component: Int) -> FilterScan? {
        guard let filter = filters[component], !filter.query.isEmpty, let scan = scans[component], scan.searches(filter, count: rowCount(component)) else { return nil }
        return scan
    }

    /// The rows of `component` shown: all, or those the filter's search has
    /// found so far — a row not yet searched is not shown, so nothing the
    /// filter would hide can be chosen.
    func shownRows(_ component: Int) -> ShownRows {
        guard let filter = filters[component], !filter.query.isEmpty else { return ShownRows(all: rowCount(component)) }
        return ShownRows(matching: scan(component)?.rows ?? [])
    }

    /// Whether the filter of `component` has searched every title it will.
    func filterIsSettled(_ component: Int) -> Bool {
        guard let filter = filters[component], !filter.query.isEmpty else { return true }
        return scan(component)?.isComplete ?? false
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
    /// The titles of a filter's search, rows `first`… of `component`.
    case titlesScanned(component: Int, first: Int, [String], generation: Int)
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
    /// Read titles for a filter's search (its `generation`).
    case scanTitles(component: Int, range: Range<Int>, generation: Int)
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
