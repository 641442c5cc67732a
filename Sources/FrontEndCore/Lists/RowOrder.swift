/// The rows of a list in the order a person sorted them by a column (a
/// window's column header), and where each row is in it: a view's order,
/// never the daemon's (the rows and their indexes stay as they are).
package struct RowOrder: Equatable {
    /// The row shown at each position.
    package let rows: [Int]
    /// The position of each row.
    package let positions: [Int]

    /// The most rows a front end sorts: it reads every row's columns first.
    package static let maximumRows = 100_000

    /// The order of rows whose texts in the sorted column are `keys`,
    /// ascending or not: numbers by value before other text, text by its
    /// characters; rows of equal keys keep their order.
    package init(keys: [String], ascending: Bool) {
        let sorted = keys.indices.sorted { left, right in
            let order = RowOrder.compare(keys[left], keys[right])
            guard order != 0 else { return left < right }
            return ascending ? order < 0 : order > 0
        }
        rows = sorted
        var positions = [Int](repeating: 0, count: sorted.count)
        for (position, row) in sorted.enumerated() {
            positions[row] = position
        }
        self.positions = positions
    }

    /// -1, 0 or 1: numbers (a comma between thousands allowed) compare as numbers.
    static func compare(_ left: String, _ right: String) -> Int {
        let number = { (text: String) in Double(text.filter { $0 != "," }) }
        switch (number(left), number(right)) {
        case let (a?, b?): return a < b ? -1 : a > b ? 1 : 0
        case (_?, nil): return -1
        case (nil, _?): return 1
        case (nil, nil): return left < right ? -1 : left > right ? 1 : 0
        }
    }

    /// Rows as runs of neighbours, in order, each row once.
    package static func runs(of rows: [Int]) -> [Range<Int>] {
        rows.sorted().reduce(into: []) { runs, row in
            if let last = runs.last, last.upperBound == row {
                runs[runs.count - 1] = last.lowerBound..<row + 1
            } else if runs.last?.contains(row) != true {
                runs.append(row..<row + 1)
            }
        }
    }
}
