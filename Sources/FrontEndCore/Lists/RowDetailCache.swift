import RxWidgetsClient

/// The descriptions and column texts (`RowDetails`) of the rows a list
/// showed: fetched by runs of rows (the rows a search shows need not be
/// neighbours) for the current `Revision`, and bounded, so a list scrolled
/// through ten million rows holds a screenful or so. A row's details of an
/// older revision are shown until the current ones came — a selection
/// moves the revision, and the rows would otherwise blink — and are asked
/// for again. A value a screen's model holds.
package struct RowDetailCache: Equatable {
    /// The most rows kept; past it the cache starts again from what is shown.
    package static let capacity = 4_096

    private struct Kept: Equatable {
        let detail: RowDetail
        let revision: UInt64
    }

    package private(set) var revision: UInt64?
    private var details: [IndexPath: Kept] = [:]
    private var asked: Set<IndexPath> = []

    package init() {}

    /// The details of `indexPath` as last fetched, if they were.
    package func detail(_ indexPath: IndexPath) -> RowDetail? {
        details[indexPath]?.detail
    }

    /// Whether any row fetched has a description: its rows then take two lines.
    package var describes: Bool {
        details.values.contains { !$0.detail.description.isEmpty }
    }

    /// The runs of `rows` (of one section, in the order shown) not fetched
    /// for `revision` nor asked for, marked as asked.
    package mutating func missing(_ rows: [Int], section: Int, revision: UInt64) -> [Range<Int>] {
        if self.revision != revision {
            self.revision = revision
            asked = []
        }
        if details.count + asked.count + rows.count > RowDetailCache.capacity {
            details = [:]
            asked = []
        }
        let wanted = rows.filter { row in
            let indexPath = IndexPath(row: row, section: section)
            return row >= 0 && details[indexPath]?.revision != revision && !asked.contains(indexPath)
        }
        var runs: [Range<Int>] = []
        for row in wanted.sorted() {
            asked.insert(IndexPath(row: row, section: section))
            if let last = runs.last, last.upperBound == row {
                runs[runs.count - 1] = last.lowerBound..<row + 1
            } else {
                runs.append(row..<row + 1)
            }
        }
        return runs
    }

    /// Details fetched from row `first` of `section` for `revision`; those of an older revision are dropped.
    package mutating func arrived(_ fetched: [RowDetail], section: Int, first: Int, revision: UInt64) {
        guard revision == self.revision else { return }
        for (offset, detail) in fetched.enumerated() {
            let indexPath = IndexPath(row: first + offset, section: section)
            asked.remove(indexPath)
            details[indexPath] = Kept(detail: detail, revision: revision)
        }
    }

    /// A fetch that failed: its rows may be asked for again.
    package mutating func failed(section: Int, rows: Range<Int>) {
        for row in rows {
            asked.remove(IndexPath(row: row, section: section))
        }
    }
}
