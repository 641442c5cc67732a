/// How well a term matches a title, scored as fzf (0.38, its default
/// scheme) scores it: 16 a matched character, a gap −3 to open and −1 to
/// extend, bonuses at word starts (10 after white space or at the start, 9
/// after a delimiter `/,:;|`, 8 after another non-word character), at camelCase
/// humps and digits after non-digits (7), through consecutive runs (at least
/// 4, else the run's first bonus), the first character's bonus doubled. A
/// fuzzy term takes the best-scoring alignment (Smith-Waterman without
/// omissions), or the first shortest one when the title × term matrix would
/// be larger than `optimalCells`.
enum FuzzyScore {
    static let scoreMatch: Int32 = 16
    static let scoreGapStart: Int32 = -3
    static let scoreGapExtension: Int32 = -1
    static let bonusBoundary: Int16 = 8
    static let bonusNonWord: Int16 = 8
    static let bonusCamel123: Int16 = bonusBoundary - 1
    static let bonusConsecutive: Int16 = 4
    static let bonusBoundaryWhite: Int16 = bonusBoundary + 2
    static let bonusBoundaryDelimiter: Int16 = bonusBoundary + 1
    static let firstCharMultiplier: Int32 = 2
    /// Above this many cells the best alignment is not searched for.
    static let optimalCells = 100 * 1_024

    /// Whether the ASCII `pattern`'s bytes occur in order in `title`'s (in
    /// any case when `caseSensitive` is false; the pattern is then in lower
    /// case): the test most rows fail, before anything is decoded.
    @inline(__always)
    static func mayMatch(_ pattern: UnsafeBufferPointer<UInt8>, in title: UnsafeBufferPointer<UInt8>, caseSensitive: Bool) -> Bool {
        var place = 0
        let end = title.count
        for wanted in pattern {
            if caseSensitive {
                while place < end, title[place] != wanted { place += 1 }
            } else {
                while place < end {
                    let byte = title[place]
                    if (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) == wanted { break }
                    place += 1
                }
            }
            guard place < end else { return false }
            place += 1
        }
        return true
    }

    /// The score of `term` (not inverse) in `text`, nil when it does not
    /// match; `positions`, when given, gets the matched places in order.
    static func score(_ term: CompiledQuery.Term, in text: MatchText, positions: inout [Int]?) -> Int32? {
        let chars = text.chars(caseSensitive: term.caseSensitive)
        let pattern = term.text
        switch term.kind {
        case .fuzzy:
            if text.count * pattern.count > optimalCells {
                return firstShortest(pattern, chars, text, positions: &positions)
            }
            return optimal(pattern, chars, text, positions: &positions)
        case .exact:
            return exact(pattern, chars, text, positions: &positions)
        case .prefix, .suffix, .equal:
            return anchored(term.kind, pattern, chars, text, positions: &positions)
        }
    }

    /// Whether `term` occurs in `text` as its kind says (for `!` terms).
    static func occurs(_ term: CompiledQuery.Term, in text: MatchText) -> Bool {
        var none: [Int]? = nil
        return score(term, in: text, positions: &none) != nil
    }

    // MARK: Fuzzy, best alignment

    private static func optimal(_ pattern: UnsafeBufferPointer<UInt32>, _ chars: UnsafeMutablePointer<UInt32>, _ text: MatchText, positions: inout [Int]?) -> Int32? {
        let m = pattern.count
        let n = text.count
        guard m > 0 else { return 0 }
        guard m <= n else { return nil }
        let bonus = text.bonus
        // The first place of each pattern character after the one before,
        // and the last place of the last: the matrix spans only those.
        text.reserveFirsts(m)
        let first = text.firsts
        var next = 0
        for index in 0..<m {
            while next < n, chars[next] != pattern[index] { next += 1 }
            guard next < n else { return nil }
            first[index] = next
            next += 1
        }
        var last = n - 1
        while chars[last] != pattern[m - 1] { last -= 1 }
        let start = first[0]
        let width = last - start + 1
        text.reserveMatrix(width * m)
        let h = text.scores
        let c = text.runs

        // Row 0: the first character, with its bonus doubled.
        var best: Int32 = 0
        var bestPlace = start
        var inGap = false
        var previous: Int32 = 0
        for column in start...last {
            let cell = column - start
            if chars[column] == pattern[0] {
                let score = scoreMatch + Int32(bonus[column]) * firstCharMultiplier
                h[cell] = score
                c[cell] = 1
                if m == 1, score > best {
                    best = score
                    bestPlace = column
                    if bonus[column] >= bonusBoundary { break }
                }
                inGap = false
            } else {
                h[cell] = max(previous + (inGap ? scoreGapExtension : scoreGapStart), 0)
                c[cell] = 0
                inGap = true
            }
            previous = h[cell]
        }
        if m == 1 {
            positions?.append(bestPlace)
            return best
        }

        for row in 1..<m {
            let from = first[row]
            let base = row * width
            let above = base - width
            let wanted = pattern[row]
            var inGap = false
            var left: Int32 = 0
            for column in from...last {
                let cell = column - start
                let gap = left + (inGap ? scoreGapExtension : scoreGapStart)
                var diagonal: Int32 = 0
                var run: Int16 = 0
                if chars[column] == wanted {
                    diagonal = h[above + cell - 1] + scoreMatch
                    var b = bonus[column]
                    run = c[above + cell - 1] + 1
                    if run > 1 {
                        let runStart = bonus[column - Int(run) + 1]
                        if b >= bonusBoundary && b > runStart {
                            run = 1
                        } else {
                            b = max(b, max(bonusConsecutive, runStart))
                        }
                    }
                    if diagonal + Int32(b) < gap {
                        diagonal += Int32(bonus[column])
                        run = 0
                    } else {
                        diagonal += Int32(b)
                    }
                }
                c[base + cell] = run
                inGap = diagonal < gap
                let score = max(max(diagonal, gap), 0)
                if row == m - 1, score > best {
                    best = score
                    bestPlace = column
                }
                h[base + cell] = score
                left = score
            }
            // Cells left of `from` in this row are never read as "left" but
            // may be read diagonally by the next row: they hold no score.
            for column in start..<from {
                h[base + column - start] = 0
                c[base + column - start] = 0
            }
        }
        if positions != nil {
            positions!.append(contentsOf: backtrace(m: m, width: width, start: start, first: first, end: bestPlace, h: h, c: c))
        }
        return best
    }

    /// The places of the best alignment, read back from its matrices.
    private static func backtrace(m: Int, width: Int, start: Int, first: UnsafeMutablePointer<Int>, end: Int, h: UnsafeMutablePointer<Int32>, c: UnsafeMutablePointer<Int16>) -> [Int] {
        var places: [Int] = []
        var row = m - 1
        var column = end
        var preferMatch = true
        while true {
            let base = row * width
            let cell = column - start
            let score = h[base + cell]
            var diagonal: Int32 = 0
            var left: Int32 = 0
            if row > 0, column >= first[row] {
                diagonal = h[base - width + cell - 1]
            }
            if column > first[row] {
                left = h[base + cell - 1]
            }
            if score > diagonal, score > left || score == left && preferMatch {
                places.append(column)
                if row == 0 { break }
                row -= 1
            }
            let below = base + width + cell + 1
            preferMatch = c[base + cell] > 1 || below < m * width && c[below] > 0
            column -= 1
        }
        return places.reversed()
    }

    // MARK: Fuzzy, first shortest alignment

    private static func firstShortest(_ pattern: UnsafeBufferPointer<UInt32>, _ chars: UnsafeMutablePointer<UInt32>, _ text: MatchText, positions: inout [Int]?) -> Int32? {
        let m = pattern.count
        let n = text.count
        guard m > 0 else { return 0 }
        var matched = 0
        var start = -1
        var end = -1
        for place in 0..<n where chars[place] == pattern[matched] {
            if start < 0 { start = place }
            matched += 1
            if matched == m {
                end = place + 1
                break
            }
        }
        guard end >= 0 else { return nil }
        var wanted = m - 1
        for place in stride(from: end - 1, through: start, by: -1) where chars[place] == pattern[wanted] {
            wanted -= 1
            if wanted < 0 {
                start = place
                break
            }
        }
        return rangeScore(pattern, chars, text, start..<end, positions: &positions)
    }

    /// The score of matching `pattern` in order, greedily, within `range`.
    private static func rangeScore(_ pattern: UnsafeBufferPointer<UInt32>, _ chars: UnsafeMutablePointer<UInt32>, _ text: MatchText, _ range: Range<Int>, positions: inout [Int]?) -> Int32 {
        var matched = 0
        var score: Int32 = 0
        var inGap = false
        var run = 0
        var firstBonus: Int16 = 0
        let bonus = text.bonus
        for place in range {
            if matched < pattern.count, chars[place] == pattern[matched] {
                positions?.append(place)
                score += scoreMatch
                var b = bonus[place]
                if run == 0 {
                    firstBonus = b
                } else {
                    if b >= bonusBoundary && b > firstBonus {
                        firstBonus = b
                    }
                    b = max(max(b, firstBonus), bonusConsecutive)
                }
                score += matched == 0 ? Int32(b) * firstCharMultiplier : Int32(b)
                inGap = false
                run += 1
                matched += 1
            } else {
                score += inGap ? scoreGapExtension : scoreGapStart
                inGap = true
                run = 0
                firstBonus = 0
            }
        }
        return score
    }

    // MARK: Substrings

    /// The occurrence whose first character has the highest bonus (the
    /// first at a word start), scored as its range.
    private static func exact(_ pattern: UnsafeBufferPointer<UInt32>, _ chars: UnsafeMutablePointer<UInt32>, _ text: MatchText, positions: inout [Int]?) -> Int32? {
        let m = pattern.count
        let n = text.count
        guard m > 0 else { return 0 }
        guard m <= n else { return nil }
        var bestStart = -1
        var bestBonus: Int16 = -1
        for start in 0...(n - m) where chars[start] == pattern[0] {
            var length = 1
            while length < m, chars[start + length] == pattern[length] { length += 1 }
            guard length == m else { continue }
            let bonus = start == 0 ? bonusBoundaryWhite : text.bonus[start]
            if bonus > bestBonus {
                bestBonus = bonus
                bestStart = start
            }
            if bonus >= bonusBoundary { break }
        }
        guard bestStart >= 0 else { return nil }
        return rangeScore(pattern, chars, text, bestStart..<bestStart + m, positions: &positions)
    }

    /// A prefix, suffix or whole-title term, white space around the title
    /// aside unless the term itself begins or ends with white space.
    private static func anchored(_ kind: SearchQuery.Kind, _ pattern: UnsafeBufferPointer<UInt32>, _ chars: UnsafeMutablePointer<UInt32>, _ text: MatchText, positions: inout [Int]?) -> Int32? {
        let m = pattern.count
        var from = 0
        var to = text.count
        if kind != .suffix, !isWhite(pattern[0]) {
            while from < to, isWhite(text.original[from]) { from += 1 }
        }
        if kind != .prefix, !isWhite(pattern[m - 1]) {
            while to > from, isWhite(text.original[to - 1]) { to -= 1 }
        }
        let start: Int
        switch kind {
        case .prefix: start = from
        case .suffix: start = to - m
        default:
            guard to - from == m else { return nil }
            start = from
        }
        guard start >= from, start + m <= to else { return nil }
        for index in 0..<m where chars[start + index] != pattern[index] {
            return nil
        }
        if kind == .equal {
            positions?.append(contentsOf: start..<start + m)
            return (scoreMatch + Int32(bonusBoundaryWhite)) * Int32(m) + (firstCharMultiplier - 1) * Int32(bonusBoundaryWhite)
        }
        return rangeScore(pattern, chars, text, start..<start + m, positions: &positions)
    }

    private static func isWhite(_ scalar: UInt32) -> Bool {
        CharacterClass.of(scalar) == .white
    }
}
