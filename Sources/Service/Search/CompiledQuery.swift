/// A query's terms copied into memory of their own, as plain values and
/// pointers: the matcher reads them for every row, and reading the query's
/// arrays would retain and release them each time (40 % of a search).
final class CompiledQuery {
    /// One term: its text and how it matches.
    struct Term {
        let kind: SearchQuery.Kind
        let inverse: Bool
        let caseSensitive: Bool
        let text: UnsafeBufferPointer<UInt32>
        /// Its text's bytes when all ASCII, for the test most rows fail.
        let ascii: UnsafeBufferPointer<UInt8>?
    }

    /// Every term, group after group.
    let terms: UnsafeMutableBufferPointer<Term>
    /// Each group's first term and count; a group matches when any of its terms does.
    let groups: UnsafeMutableBufferPointer<(first: Int, count: Int)>
    /// Whether some term matches characters (not only `!` terms): rows are then ranked by length too.
    let measuresLength: Bool

    init(_ query: SearchQuery) {
        let flat = query.terms.flatMap { $0 }
        terms = .allocate(capacity: flat.count)
        groups = .allocate(capacity: query.terms.count)
        var next = 0
        for (index, group) in query.terms.enumerated() {
            groups[index] = (next, group.count)
            next += group.count
        }
        for (index, term) in flat.enumerated() {
            let text = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: term.text.count)
            _ = text.initialize(from: term.text)
            let ascii = term.ascii.map { bytes -> UnsafeBufferPointer<UInt8> in
                let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
                _ = copy.initialize(from: bytes)
                return UnsafeBufferPointer(copy)
            }
            (terms.baseAddress! + index).initialize(to: Term(kind: term.kind, inverse: term.inverse, caseSensitive: term.caseSensitive, text: UnsafeBufferPointer(text), ascii: ascii))
        }
        measuresLength = flat.contains { !$0.inverse }
    }

    deinit {
        for term in terms {
            term.text.deallocate()
            term.ascii?.deallocate()
        }
        terms.deallocate()
        groups.deallocate()
    }
}
