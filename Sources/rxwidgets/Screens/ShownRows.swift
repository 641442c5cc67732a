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
