import Dispatch
import Glibc
import Synchronization

/// Set once a search's result is no longer wanted (a newer `SetFilter`, a
/// change of the rows, the widget gone): its threads stop at their next
/// check, within `SearchRun.checkEvery` rows.
final class SearchCancellation: Sendable {
    private let flag = Atomic<Bool>(false)

    func cancel() {
        flag.store(true, ordering: .relaxed)
    }

    var isCancelled: Bool {
        flag.load(ordering: .relaxed)
    }
}

/// One search over one part's titles: the rows are split into slices, one
/// per core, each matched on a thread of its own; the caller's thread
/// waits for them (it is the loop only for a change of the rows).
enum SearchRun {
    /// Rows matched between two looks at the cancellation.
    static let checkEvery = 4_096
    /// Fewer rows than this are matched on the caller's thread alone.
    static let rowsPerThread = 32_768

    /// Threads a search splits across: the cores on line.
    static let threads = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))

    /// The rank keys of the rows of `titles` that match `query` — of those
    /// in `candidates` only, when given — in no order; nil when cancelled.
    static func keys(_ query: SearchQuery, in titles: SearchTitles, candidates: [Int32]? = nil, cancellation: SearchCancellation) -> [MatchKey]? {
        let total = candidates?.count ?? titles.count
        let slices = max(1, min(threads, total / rowsPerThread))
        let results = Mutex<[[MatchKey]?]>(Array(repeating: nil, count: slices))
        let work = { @Sendable (slice: Int) in
            let range = (total * slice / slices)..<(total * (slice + 1) / slices)
            let matcher = RowMatcher(query)
            var keys: [MatchKey] = []
            var sinceCheck = 0
            for index in range {
                sinceCheck += 1
                if sinceCheck == checkEvery {
                    sinceCheck = 0
                    if cancellation.isCancelled { return }
                }
                let row = candidates.map { Int($0[index]) } ?? index
                if let key = matcher.key(of: titles.title(row), row: row) {
                    keys.append(key)
                }
            }
            results.withLock { $0[slice] = keys }
        }
        if slices == 1 {
            work(0)
        } else {
            DispatchQueue.concurrentPerform(iterations: slices, execute: work)
        }
        guard !cancellation.isCancelled else { return nil }
        return results.withLock { parts in
            guard parts.allSatisfy({ $0 != nil }) else { return nil }
            return parts.count == 1 ? parts[0] : parts.flatMap { $0! }
        }
    }
}
