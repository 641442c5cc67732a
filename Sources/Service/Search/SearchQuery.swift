import DBus

/// A `SetFilter` query, parsed as fzf's extended search reads one: terms
/// separated by spaces must all match; a term is one or more alternatives
/// joined by `|`, any of which may match.
struct SearchQuery: Sendable, Equatable {
    /// How a term's text must occur in a title.
    enum Kind: Sendable, Equatable {
        /// Its characters in order, ranked by `FuzzyScore`.
        case fuzzy
        /// As a substring.
        case exact
        /// At the start (after leading white space).
        case prefix
        /// At the end (before trailing white space).
        case suffix
        /// As the whole title (white space around it aside).
        case equal
    }

    /// Whether a term's case counts.
    enum CaseMode: String, Sendable {
        /// Insensitive unless the term has an upper-case letter, as fzf's `--smart-case`.
        case smart
        case sensitive
        case insensitive
    }

    struct Term: Sendable, Equatable {
        var kind: Kind
        /// The term matches the titles the text does not occur in (`!`).
        var inverse: Bool
        var caseSensitive: Bool
        /// The text's scalars, in lower case when the case does not count.
        var text: [UInt32]
        /// The text's bytes when it is all ASCII (the titles' fast path), else nil.
        var ascii: [UInt8]?
    }

    /// The terms, each as its alternatives.
    let terms: [[Term]]

    /// The most terms a query may have: each costs a pass over every row.
    static let termLimit = 256

    var isEmpty: Bool { terms.isEmpty }

    /// `text` read as fzf reads an extended-search query; `fuzzy` false
    /// makes a plain term a substring (and `'` makes one fuzzy).
    init(_ text: String, fuzzy: Bool, caseMode: CaseMode) throws {
        var terms: [[Term]] = []
        var joining = false
        for token in SearchQuery.tokens(of: text) {
            if token == ["|"] {
                joining = !terms.isEmpty
                continue
            }
            guard let term = SearchQuery.term(token, fuzzy: fuzzy, caseMode: caseMode) else {
                continue
            }
            if joining {
                terms[terms.count - 1].append(term)
            } else {
                terms.append([term])
            }
            joining = false
            guard terms.count <= SearchQuery.termLimit else {
                throw WidgetsError.limitExceeded("query has more than \(SearchQuery.termLimit) terms; the limit is \(SearchQuery.termLimit)")
            }
        }
        self.terms = terms
    }

    /// The query's space-separated words; `\ ` keeps a space in a word.
    private static func tokens(of text: String) -> [[Unicode.Scalar]] {
        var tokens: [[Unicode.Scalar]] = []
        var current: [Unicode.Scalar] = []
        var escaped = false
        for scalar in text.unicodeScalars {
            if escaped {
                if scalar != " " { current.append("\\") }
                current.append(scalar)
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else if scalar == " " {
                if !current.isEmpty { tokens.append(current) }
                current = []
            } else {
                current.append(scalar)
            }
        }
        if escaped { current.append("\\") }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    /// One word as a term: `!` inverts (a substring then), a trailing `$`
    /// anchors the end, `'` toggles fuzzy and exact, `^` anchors the start.
    /// A word left empty by its marks is no term.
    private static func term(_ token: [Unicode.Scalar], fuzzy: Bool, caseMode: CaseMode) -> Term? {
        var text = token[...]
        var kind: Kind = fuzzy ? .fuzzy : .exact
        var inverse = false
        if text.first == "!" {
            inverse = true
            kind = .exact
            text = text.dropFirst()
        }
        if text.count > 1, text.last == "$" {
            kind = .suffix
            text = text.dropLast()
        }
        if text.first == "'" {
            kind = fuzzy && !inverse ? .exact : .fuzzy
            text = text.dropFirst()
        } else if text.first == "^" {
            kind = kind == .suffix ? .equal : .prefix
            text = text.dropFirst()
        }
        guard !text.isEmpty else { return nil }
        let sensitive: Bool
        switch caseMode {
        case .sensitive: sensitive = true
        case .insensitive: sensitive = false
        case .smart: sensitive = text.contains { $0.properties.isUppercase }
        }
        let scalars = text.map { sensitive ? $0.value : CharacterClass.lowered($0.value) }
        let ascii = scalars.allSatisfy { $0 < 0x80 } ? scalars.map { UInt8($0) } : nil
        return Term(kind: kind, inverse: inverse, caseSensitive: sensitive, text: scalars, ascii: ascii)
    }

    /// Whether every title this query matches is one `previous` matched:
    /// then only `previous`'s matches need searching. True when the terms
    /// before its last are this query's first, its last is this query's
    /// same-place term or narrowed by it (more text of a kind at least as
    /// strict), and neither query has alternatives.
    func narrows(_ previous: SearchQuery) -> Bool {
        guard !previous.isEmpty, terms.count >= previous.terms.count else { return false }
        guard terms.allSatisfy({ $0.count == 1 }), previous.terms.allSatisfy({ $0.count == 1 }) else { return false }
        let last = previous.terms.count - 1
        for index in 0..<last where terms[index] != previous.terms[index] {
            return false
        }
        return SearchQuery.narrows(previous.terms[last][0], to: terms[last][0])
    }

    private static func narrows(_ old: Term, to new: Term) -> Bool {
        if old == new { return true }
        guard !old.inverse, !new.inverse, new.caseSensitive || !old.caseSensitive else { return false }
        let folded = old.caseSensitive ? new.text : new.text.map(CharacterClass.lowered)
        guard folded.starts(with: old.text) else { return false }
        switch old.kind {
        case .fuzzy: return true
        case .exact: return new.kind != .fuzzy
        case .prefix: return new.kind == .prefix || new.kind == .equal
        case .suffix, .equal: return false
        }
    }
}
