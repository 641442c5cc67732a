import RxWidgetsClient

/// Rows of one list the daemon serves, as far as they were fetched: rows
/// (or ranks) `first…` as of one `Revision` — a picker component's titles,
/// a table section's cells, a search's ranked matches. A value a screen's
/// model holds; `RemoteWindow` fetches it.
package struct RowWindow<Element: Equatable>: Equatable {
    package var first = 0
    package var items: [Element] = []
    package var revision: UInt64?
    /// Set when a read came back short: the list ends there.
    package var isComplete = false

    /// The item at `index`, if it was fetched.
    package func item(_ index: Int) -> Element? {
        let offset = index - first
        return items.indices.contains(offset) ? items[offset] : nil
    }

    /// Whether every index of `range` is known for `revision`.
    package func covers(_ range: Range<Int>, revision: UInt64) -> Bool {
        self.revision == revision && range.lowerBound >= first && (range.upperBound <= first + items.count || isComplete)
    }
}

/// A list's texts (`Titles`, `Cells`) by row.
package typealias TextWindow = RowWindow<String>

extension RowWindow where Element == String {
    package init(first: Int, texts: [String], revision: UInt64?, isComplete: Bool = false) {
        self.init(first: first, items: texts, revision: revision, isComplete: isComplete)
    }

    /// The text of `row`, if it was fetched.
    package func text(_ row: Int) -> String? {
        item(row)
    }
}

/// A search's matches (`Matches`) by rank.
package typealias MatchWindow = RowWindow<SearchMatch>

extension RowWindow where Element == SearchMatch {
    /// The rank of `row` among the fetched matches; nil when it is not one of them.
    package func rank(of row: Int) -> Int? {
        items.firstIndex { $0.row == row }.map { first + $0 }
    }
}
