/// One step of the compiled program. The common characters (a literal, `.`)
/// carry no reference, so running the program retains nothing.
enum Instruction: Sendable {
    case scalar(Unicode.Scalar)
    case anyButLineBreak
    case set(Int)
    case split(Int, Int)
    case jump(Int)
    case assertStart
    case assertEnd
    case match
}

/// The set of active instructions, deduplicated, in insertion order.
struct ThreadList {
    private(set) var threads: [Int] = []
    private var present: [Bool]

    init(capacity: Int) {
        present = Array(repeating: false, count: capacity)
        threads.reserveCapacity(capacity)
    }

    var isEmpty: Bool {
        threads.isEmpty
    }

    mutating func insert(_ pc: Int) -> Bool {
        if present[pc] { return false }
        present[pc] = true
        threads.append(pc)
        return true
    }

    mutating func clear() {
        for pc in threads {
            present[pc] = false
        }
        threads.removeAll(keepingCapacity: true)
    }
}

struct CharacterMatcher: Sendable {
    enum Item: Sendable {
        case scalar(Unicode.Scalar)
        case range(ClosedRange<UInt32>)
        case digit
        case word
        case space
        case notDigit
        case notWord
        case notSpace
    }

    var items: [Item]
    var negated = false

    static let any = CharacterMatcher(items: [.scalar("\n"), .scalar("\r"), .scalar("\u{2028}"), .scalar("\u{2029}")], negated: true)

    static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    /// Whether this is `.`, which the program runs without the class.
    var isAny: Bool {
        negated && items.count == 4 && Self.any.items.indices.allSatisfy { index in
            if case .scalar(let mine) = items[index], case .scalar(let theirs) = Self.any.items[index] { return mine == theirs }
            return false
        }
    }

    func matches(_ scalar: Unicode.Scalar) -> Bool {
        for item in items where Self.item(item, matches: scalar) {
            return !negated
        }
        return negated
    }

    private static func item(_ item: Item, matches scalar: Unicode.Scalar) -> Bool {
        switch item {
        case .scalar(let expected): return scalar == expected
        case .range(let range): return range.contains(scalar.value)
        case .digit: return isDigit(scalar)
        case .word: return isWord(scalar)
        case .space: return scalar.properties.isWhitespace
        case .notDigit: return !isDigit(scalar)
        case .notWord: return !isWord(scalar)
        case .notSpace: return !scalar.properties.isWhitespace
        }
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    private static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        isDigit(scalar) || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
    }
}
