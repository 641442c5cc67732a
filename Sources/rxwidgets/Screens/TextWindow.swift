/// The texts of one list the daemon serves — a picker component's titles, a
/// table section's cells — as far as they were fetched: rows `first…` as of
/// one `Revision`. A value a screen's model holds; `RemoteTexts` fetches it.
struct TextWindow: Equatable {
    var first = 0
    var texts: [String] = []
    var revision: UInt64?
    /// Set when a read came back short: the list ends there.
    var isComplete = false

    /// The text of `row`, if it was fetched.
    func text(_ row: Int) -> String? {
        let index = row - first
        return texts.indices.contains(index) ? texts[index] : nil
    }

    /// Whether every row of `range` is known for `revision`.
    func covers(_ range: Range<Int>, revision: UInt64) -> Bool {
        self.revision == revision && range.lowerBound >= first && (range.upperBound <= first + texts.count || isComplete)
    }
}
