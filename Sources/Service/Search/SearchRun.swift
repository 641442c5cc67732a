import Dispatch
import Glibc
import RxCoreEssentials
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
/// per core, each matched on a worker thread of its own; the caller's thread
/// waits for them (it is the loop only for a change of the rows).
enum SearchRun {
    /// One worker a core, at nice 10: a search of millions of rows takes
    /// every core for a while, and the loop (at nice 0) must still answer
    /// everyone within milliseconds.
    private static let workers = (0..<threads).map { BackgroundQueue(label: "search-\($0)", nice: 10) }

    /// Rows matched between two looks at the cancellation.
    static let checkEvery = 4_096
    /// Fewer rows than this are matched on the caller's thread alone.
    static let rowsPerThread = 32_768

    /// Threads a search splits across: the cores on line.
    static let threads = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))

    /// The rank keys of the rows of `titles` that match `query` — of those
    /// in `candidates` only, when given — in no order; nil when cancelled.
    /// With `index`, the titles' bytes are read from it.
    static func keys(_ query: SearchQuery, in titles: SearchTitles, index: SearchIndex? = nil, candidates: [Int32]? = nil, cancellation: SearchCancellation) -> [MatchKey]? {
        let total = candidates?.count ?? titles.count
        let slices = max(1, min(threads, total / rowsPerThread))
        let results = Mutex<[[MatchKey]?]>(Array(repeating: nil, count: slices))
        let work = { @Sendable (slice: Int) in
            let range = (total * slice / slices)..<(total * (slice + 1) / slices)
            let matcher = RowMatcher(query)
            var keys: [MatchKey] = []
            var sinceCheck = 0
            let match = { (row: Int, title: String) -> Bool in
                sinceCheck += 1
                if sinceCheck == checkEvery {
                    sinceCheck = 0
                    if cancellation.isCancelled { return false }
                }
                if let key = matcher.key(of: title, row: row) {
                    keys.append(key)
                }
                return true
            }
            if let index {
                // Bytes straight from the index: no value copied, no String made.
                var row = range.lowerBound
                for position in range {
                    row = candidates.map { Int($0[position]) } ?? position
                    sinceCheck += 1
                    if sinceCheck == checkEvery {
                        sinceCheck = 0
                        if cancellation.isCancelled { return }
                    }
                    if let key = matcher.key(of: index.title(row), row: row) {
                        keys.append(key)
                    }
                }
            } else if let candidates {
                titles.forEach(in: candidates[range].lazy.map { Int($0) }, match)
            } else {
                titles.forEach(in: range, match)
            }
            guard !cancellation.isCancelled else { return }
            results.withLock { $0[slice] = keys }
        }
        guard slices > 1 else {
            work(0)
            return cancellation.isCancelled ? nil : results.withLock { $0[0] }
        }
        let done = DispatchSemaphore(value: 0)
        for slice in 0..<slices {
            workers[slice].async {
                work(slice)
                done.signal()
            }
        }
        for _ in 0..<slices {
            done.wait()
        }
        guard !cancellation.isCancelled else { return nil }
        return results.withLock { parts in
            guard parts.allSatisfy({ $0 != nil }) else { return nil }
            return parts.count == 1 ? parts[0] : parts.flatMap { $0! }
        }
    }
}
