/// `filter`'s ranking, as fzf's: a text matches when the query's letters
/// appear in it in order (case ignored); it scores more for letters that
/// follow each other and for letters that start a word, less for the
/// letters skipped between them. The front end's alone, as `ListFilter` is.
enum FuzzyMatch {
    /// The score of `text` for `query`, or nil when it does not match. An
    /// empty query matches everything with 0.
    static func score(_ text: String, query: String) -> Int? {
        guard !query.isEmpty else { return 0 }
        let letters = Array(text.lowercased())
        let wanted = Array(query.lowercased())
        var score = 0
        var next = 0
        var previous: Int?
        for (index, letter) in letters.enumerated() where next < wanted.count && letter == wanted[next] {
            score += 16
            if let previous {
                score += previous == index - 1 ? 8 : -min(index - previous - 1, 8)
            }
            if index == 0 || " -_/.:".contains(letters[index - 1]) {
                score += 8
            }
            previous = index
            next += 1
        }
        return next == wanted.count ? score : nil
    }

    /// The indexes of `texts` that match `query`, best first (ties: shorter, then earlier).
    static func ranked(_ texts: [(index: Int, text: String)], query: String) -> [Int] {
        texts.compactMap { entry in score(entry.text, query: query).map { (entry.index, $0, entry.text.count) } }
            .sorted { ($1.1, $0.2, $0.0) < ($0.1, $1.2, $1.0) }
            .map(\.0)
    }
}
