import RxWidgetsClient

/// The rows a list shows, in order: all of its `count` rows, or the rows a
/// search matches, ranked (the daemon's `Matches`), of which those fetched
/// are known. All rows are a range, never an array, so a list of ten
/// million rows costs nothing to lay out or draw.
package struct ShownRows: RandomAccessCollection, Equatable {
    private let rows: Int
    /// The fetched matches, when the rows shown are a search's.
    private let ranked: MatchWindow?

    /// Every row of a list of `count`.
    package init(all count: Int) {
        rows = Swift.max(count, 0)
        ranked = nil
    }

    /// The `count` rows a search matches, those of `window` known.
    package init(ranked count: Int, window: MatchWindow) {
        rows = Swift.max(count, 0)
        ranked = window
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { rows }

    /// The row shown at `position`; -1 for a match not fetched yet.
    package subscript(position: Int) -> Int {
        guard let ranked else { return position }
        return ranked.item(position)?.row ?? -1
    }

    /// The match shown at `position`, if it was fetched.
    package func match(at position: Int) -> SearchMatch? {
        ranked?.item(position)
    }

    /// Where `row` is shown; nil when it is not (or not known to be).
    package func position(of row: Int) -> Int? {
        guard let ranked else { return row >= 0 && row < rows ? row : nil }
        return ranked.rank(of: row).flatMap { $0 < rows ? $0 : nil }
    }

    /// Whether `row` is shown.
    package func shows(_ row: Int) -> Bool {
        position(of: row) != nil
    }
}

extension RandomAccessCollection where Index == Int {
    /// The first index whose element satisfies `belongs`, for elements
    /// ordered so that it holds from some index on (a binary search).
    package func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
        var low = startIndex
        var high = endIndex
        while low < high {
            let middle = low + (high - low) / 2
            if belongs(self[middle]) {
                high = middle
            } else {
                low = middle + 1
            }
        }
        return low
    }
}


/// The rows of a sectioned list shown, section by section: all rows, or
/// the rows a search matches in each section, ranked within it (those
/// fetched known).
package struct ShownIndexPaths: RandomAccessCollection, Equatable {
    /// Per section, the position of its first row.
    private let starts: [Int]
    private let total: Int
    /// Per section, the fetched matches, when the rows shown are a search's.
    private let ranked: [Int: MatchWindow]?
    /// The rows of one section in the order a front end sorted them.
    private let order: RowOrder?

    /// Every row of sections of these counts; in `order` when one is given
    /// (and the sections are one, of as many rows as it orders).
    package init(rowCounts: [Int], order: RowOrder? = nil) {
        (starts, total) = ShownIndexPaths.starts(of: rowCounts)
        ranked = nil
        self.order = rowCounts.count == 1 && order?.rows.count == rowCounts[0] ? order : nil
    }

    /// The rows a search matches, `counts` per section, those of `windows` known.
    package init(ranked counts: [Int], windows: [Int: MatchWindow]) {
        (starts, total) = ShownIndexPaths.starts(of: counts)
        ranked = windows
        order = nil
    }

    private static func starts(of counts: [Int]) -> ([Int], Int) {
        var starts: [Int] = []
        var total = 0
        for count in counts {
            starts.append(total)
            total += Swift.max(count, 0)
        }
        return (starts, total)
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { total }

    /// The section and the row (or rank) within it of `position`.
    package func place(_ position: Int) -> (section: Int, index: Int) {
        let section = starts.partitioningIndex { $0 > position } - 1
        return (section, position - starts[section])
    }

    /// The row shown at `position`; its row is -1 for a match not fetched yet.
    package subscript(position: Int) -> IndexPath {
        let (section, index) = place(position)
        if let order { return IndexPath(row: order.rows[index], section: 0) }
        guard let ranked else { return IndexPath(row: index, section: section) }
        return IndexPath(row: ranked[section]?.item(index)?.row ?? -1, section: section)
    }

    /// The match shown at `position`, if it was fetched.
    package func match(at position: Int) -> SearchMatch? {
        let (section, index) = place(position)
        return ranked?[section]?.item(index)
    }

    /// Where `indexPath` is shown; nil when it is not (or not known to be).
    package func position(of indexPath: IndexPath) -> Int? {
        guard starts.indices.contains(indexPath.section), indexPath.row >= 0 else { return nil }
        let end = indexPath.section + 1 < starts.count ? starts[indexPath.section + 1] : total
        let index: Int
        if let order {
            guard indexPath.section == 0, order.positions.indices.contains(indexPath.row) else { return nil }
            index = order.positions[indexPath.row]
        } else if let ranked {
            guard let rank = ranked[indexPath.section]?.rank(of: indexPath.row) else { return nil }
            index = rank
        } else {
            index = indexPath.row
        }
        let position = starts[indexPath.section] + index
        return position < end ? position : nil
    }

    /// The rows (or ranks) of each section that `positions` cover; in an
    /// order, the runs of neighbouring rows they show.
    package func parts(of positions: Range<Int>) -> [(section: Int, range: Range<Int>)] {
        guard !positions.isEmpty, positions.lowerBound < total else { return [] }
        if let order {
            return RowOrder.runs(of: positions.clamped(to: 0..<total).map { order.rows[$0] }).map { (0, $0) }
        }
        var parts: [(Int, Range<Int>)] = []
        var position = positions.lowerBound
        let end = Swift.min(positions.upperBound, total)
        while position < end {
            let (section, index) = place(position)
            let sectionEnd = section + 1 < starts.count ? starts[section + 1] : total
            let upTo = Swift.min(end, sectionEnd)
            parts.append((section, index..<index + (upTo - position)))
            position = upTo
        }
        return parts
    }
}
