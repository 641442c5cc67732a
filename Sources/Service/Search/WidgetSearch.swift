import DBus
import RxCoreEssentials

/// A widget's search (`SetFilter`): the filter its rows are shown through,
/// and the search running for a newer one. Owned by the loop; each search
/// runs on `WidgetSearch.queue` and hands its matches back to the loop.
final class WidgetSearch {
    /// What a `SetFilter` asked for.
    struct Settings: Equatable {
        var text: String
        var fuzzy = true
        var caseMode = SearchQuery.CaseMode.smart
        /// The part searched (a picker's component); nil: every part (a table's sections).
        var part: Int?
        /// What of each row is searched (`in`).
        var fields = SearchFields.title
    }

    /// The filter applied: its query, and each searched part's matches.
    struct Applied {
        let settings: Settings
        let query: SearchQuery
        var matches: [Int: MatchList]
    }

    /// A search not yet applied, and the calls waiting for it.
    struct Running {
        let id: Int
        let settings: Settings
        let query: SearchQuery
        let call: MethodCall
        let cancellation: SearchCancellation
        var waiting: [(Result<Void, Error>) -> Void]
    }

    private(set) var applied: Applied?
    private(set) var running: Running?
    private var nextID = 0
    /// `MatchCounts` as last announced: it is announced again only when it changed.
    var announcedCounts: [Int32] = []
    /// The parts' titles laid out for searching, while the rows stay as they are.
    let indexes = SearchIndexes()
    /// While rows are appended: each part's row count before (the rows up
    /// to it stay as they were, so only the rest need searching).
    private(set) var appendedAfter: [Int: Int]?

    /// Runs `bind`, which only appends rows to the parts of `counts` (each
    /// part's row count before it).
    func appending(after counts: [Int: Int], _ bind: () throws -> Void) rethrows {
        appendedAfter = counts
        defer { appendedAfter = nil }
        try bind()
    }

    /// Searches run one after another here; each splits across the cores.
    static let queue = BackgroundQueue(label: "search", nice: 5)

    /// The query applied, "" when none is.
    var filterText: String { applied?.settings.text ?? "" }

    /// What the applied matches and the indexes hold, counted in the widget's footprint.
    var footprint: Int {
        (applied?.matches.values.reduce(0) { $0 + $1.count } ?? 0) * MemoryLayout<MatchKey>.stride
            + indexes.bytes
    }

    /// Starts a search, cancelling the one running (whose callers now wait
    /// for this one); returns its id.
    func start(_ settings: Settings, _ query: SearchQuery, call: MethodCall, answer: @escaping (Result<Void, Error>) -> Void) -> Running {
        var waiting = running?.waiting ?? []
        running?.cancellation.cancel()
        waiting.append(answer)
        nextID += 1
        let started = Running(id: nextID, settings: settings, query: query, call: call, cancellation: SearchCancellation(), waiting: waiting)
        running = started
        return started
    }

    /// Joins the running search's callers.
    func join(_ answer: @escaping (Result<Void, Error>) -> Void) {
        running?.waiting.append(answer)
    }

    /// The running search `id`, taken off (nil when a newer one replaced it).
    func takeRunning(_ id: Int) -> Running? {
        guard running?.id == id else { return nil }
        defer { running = nil }
        return running
    }

    /// The running search, cancelled and taken off.
    func cancelRunning() -> Running? {
        running?.cancellation.cancel()
        defer { running = nil }
        return running
    }

    func apply(_ new: Applied?) {
        applied = new
    }

    /// A part's matches, ranked as far as `rank` reaches.
    func key(part: Int, rank: Int) -> MatchKey? {
        guard applied?.matches[part] != nil, rank < applied!.matches[part]!.count else { return nil }
        return applied!.matches[part]!.key(atRank: rank)
    }
}
