/// A query matched against titles one at a time, on one thread: every term
/// must match (any of its alternatives), an inverse term must not occur;
/// the score is the sum of the matching terms' scores.
struct RowMatcher {
    private let compiled: CompiledQuery
    private let text = MatchText()

    init(_ query: SearchQuery) {
        compiled = CompiledQuery(query)
    }

    /// A title's rank key, nil when it does not match.
    func key(of title: String, row: Int) -> MatchKey? {
        var contiguous = title
        return contiguous.withUTF8 { key(of: $0, row: row) }
    }

    /// The rank key of a title given as its UTF-8 bytes.
    @inline(__always)
    func key(of title: UnsafeBufferPointer<UInt8>, row: Int) -> MatchKey? {
        var none: [Int]? = nil
        guard let score = match(title, positions: &none) else { return nil }
        // A row only inverse terms let through matched nothing to measure:
        // fzf ranks those by row order alone.
        return MatchKey(score: score, length: compiled.measuresLength ? trimmedLength : 0, row: Int32(row))
    }

    /// A title's score, and the places (Unicode scalar offsets, ascending,
    /// each once) its terms matched at when `positions` is given.
    func match(_ title: String, positions: inout [Int]?) -> Int32? {
        var contiguous = title
        return contiguous.withUTF8 { match($0, positions: &positions) }
    }

    /// `match` of a title given as its UTF-8 bytes.
    func match(_ bytes: UnsafeBufferPointer<UInt8>, positions: inout [Int]?) -> Int32? {
        var allASCII: Bool?
        let terms = compiled.terms
        let groups = compiled.groups
        // Most rows fail here, before anything is decoded: an ASCII
        // term's bytes in order, in the title's bytes.
        for group in groups where group.count == 1 {
            let term = terms[group.first]
            guard !term.inverse, let pattern = term.ascii else { continue }
            guard !FuzzyScore.mayMatch(pattern, in: bytes, caseSensitive: term.caseSensitive) else { continue }
            // Case-insensitively, a non-ASCII capital may lower to an ASCII letter (K, İ).
            if term.caseSensitive { return nil }
            if allASCII == nil { allASCII = bytes.allSatisfy { $0 < 0x80 } }
            if allASCII == true { return nil }
        }
        let ascii = allASCII ?? bytes.allSatisfy { $0 < 0x80 }
        text.load(utf8: bytes, ascii: ascii)
        var total: Int32 = 0
        for group in groups {
            var matched = false
            for index in group.first..<group.first + group.count {
                let term = terms[index]
                if term.inverse {
                    if !FuzzyScore.occurs(term, in: text) {
                        matched = true
                        break
                    }
                } else if let score = FuzzyScore.score(term, in: text, positions: &positions) {
                    total += score
                    matched = true
                    break
                }
            }
            guard matched else { return nil }
        }
        if positions != nil {
            positions = Array(Set(positions!)).sorted()
        }
        return total
    }

    /// The length of the title last matched, white space around it aside
    /// (fzf's length tiebreak).
    private var trimmedLength: Int32 {
        var from = 0
        var to = text.count
        while from < to, CharacterClass.of(text.original[from]) == .white { from += 1 }
        while to > from, CharacterClass.of(text.original[to - 1]) == .white { to -= 1 }
        return Int32(to - from)
    }
}

/// A matching row's place in the ranking: the higher score first, then the
/// shorter title, then the earlier row.
struct MatchKey: Comparable, Sendable {
    let score: Int32
    let length: Int32
    let row: Int32

    static func < (lhs: MatchKey, rhs: MatchKey) -> Bool {
        if lhs.score != rhs.score { return lhs.score > rhs.score }
        if lhs.length != rhs.length { return lhs.length < rhs.length }
        return lhs.row < rhs.row
    }
}
