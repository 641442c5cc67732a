import RxWidgetsClient

/// The rows a list shows, in order: all of its `count` rows, or the rows a
/// filter lets through. All rows are a range, never an array, so a list of
/// ten million rows costs nothing to lay out or draw.
struct ShownRows: RandomAccessCollection, Equatable {
    private let all: Int?
    private let matching: [Int]

    /// Every row of a list of `count`.
    init(all count: Int) {
        all = Swift.max(count, 0)
        matching = []
    }

    /// The rows a filter lets through, ascending.
    init(matching rows: [Int]) {
        all = nil
        matching = rows
    }

    var startIndex: Int { 0 }
    var endIndex: Int { all ?? matching.count }

    subscript(position: Int) -> Int {
        all == nil ? matching[position] : position
    }

    /// Where `row` is shown; nil when it is not. O(log n).
    func position(of row: Int) -> Int? {
        if let all {
            return row >= 0 && row < all ? row : nil
        }
        let position = matching.partitioningIndex { $0 >= row }
        return position < matching.count && matching[position] == row ? position : nil
    }

    /// Whether `row` is shown.
    func shows(_ row: Int) -> Bool {
        position(of: row) != nil
    }
}

extension RandomAccessCollection where Index == Int {
    /// The first index whose element satisfies `belongs`, for elements
    /// ordered so that it holds from some index on (a binary search).
    func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
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

/// The rows a sectioned list shows, in order: every row of every section,
/// or the rows a filter lets through. All rows are counted, never listed, so
/// a table of millions of rows costs nothing to lay out or draw.
struct ShownIndexPaths: RandomAccessCollection, Equatable {
    /// Per section, the position of its first row; nil when filtered.
    private let starts: [Int]?
    private let total: Int
    private let matching: [IndexPath]

    /// Every row of sections of these counts.
    init(rowCounts: [Int]) {
        var starts: [Int] = []
        var total = 0
        for count in rowCounts {
            starts.append(total)
            total += Swift.max(count, 0)
        }
        self.starts = starts
        self.total = total
        matching = []
    }

    /// The rows a filter lets through, in the order shown.
    init(matching rows: [IndexPath]) {
        starts = nil
        total = rows.count
        matching = rows
    }

    var startIndex: Int { 0 }
    var endIndex: Int { total }

    subscript(position: Int) -> IndexPath {
        guard let starts else { return matching[position] }
        let section = starts.partitioningIndex { $0 > position } - 1
        return IndexPath(row: position - starts[section], section: section)
    }

    /// Where `indexPath` is shown; nil when it is not.
    func position(of indexPath: IndexPath) -> Int? {
        guard let starts else { return matching.firstIndex(of: indexPath) }
        guard starts.indices.contains(indexPath.section), indexPath.row >= 0 else { return nil }
        let end = indexPath.section + 1 < starts.count ? starts[indexPath.section + 1] : total
        let position = starts[indexPath.section] + indexPath.row
        return position < end ? position : nil
    }
}
