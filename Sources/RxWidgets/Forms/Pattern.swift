/// A regular expression that must match a whole value, as HTML's `pattern`
/// attribute: compiled once, matched in time linear in the input (a Pike
/// VM, no backtracking), so no pattern can stall its caller.
///
/// Syntax: literals and `\`-escaped metacharacters; `.` (any character but a
/// line break); classes `[a-z0-9_]`, `[^…]`; `\d \D \w \W \s \S`; groups
/// `(…)` and `(?:…)`; `|`; `* + ?` and `{n}`, `{n,}`, `{n,m}` (a trailing `?`
/// for laziness is accepted and changes nothing for a whole match); `^` and
/// `$`. Characters are Unicode scalars. Back-references and look-around are
/// not supported (they need backtracking) and are reported as errors.
public struct Pattern: Sendable, CustomStringConvertible {
    /// The most instructions a compiled pattern may have.
    public static let maximumProgramSize = 20_000
    /// The deepest nesting of groups and stacked quantifiers a pattern may
    /// have; parsing and compiling recurse once per level.
    public static let maximumNesting = 100

    /// The pattern's source.
    public let source: String
    private let program: [Instruction]
    /// The character classes that `Instruction.set` indexes.
    private let sets: [CharacterMatcher]

    /// The compiled program's instructions: matching a text of n scalars
    /// costs at most about `programSize × n` steps.
    public var programSize: Int {
        program.count
    }

    /// Compiles `source`; throws `PatternError` with the offset of what is wrong.
    public init(_ source: String) throws {
        var parser = PatternParser(scalars: Array(source.unicodeScalars))
        let node = try parser.parse()
        var compiler = PatternCompiler()
        try compiler.emit(node)
        try compiler.append(.match)
        self.source = source
        self.program = compiler.program
        self.sets = compiler.sets
    }

    /// The source.
    public var description: String {
        source
    }

    /// Whether the pattern matches the whole of `text`.
    public func matches(_ text: String) -> Bool {
        let input = Array(text.unicodeScalars)
        var current = ThreadList(capacity: program.count)
        var next = ThreadList(capacity: program.count)
        var stack: [Int] = []
        stack.reserveCapacity(program.count)
        addThread(&current, 0, at: 0, count: input.count, stack: &stack)
        for (position, scalar) in input.enumerated() {
            if current.isEmpty { return false }
            next.clear()
            for pc in current.threads where accepts(program[pc], scalar) {
                addThread(&next, pc + 1, at: position + 1, count: input.count, stack: &stack)
            }
            swap(&current, &next)
        }
        return current.threads.contains { if case .match = program[$0] { return true } else { return false } }
    }

    private func accepts(_ instruction: Instruction, _ scalar: Unicode.Scalar) -> Bool {
        switch instruction {
        case .scalar(let expected): return scalar == expected
        case .anyButLineBreak: return !CharacterMatcher.isLineBreak(scalar)
        case .set(let index): return sets[index].matches(scalar)
        case .split, .jump, .assertStart, .assertEnd, .match: return false
        }
    }

    /// Adds `start` and every instruction reachable from it without reading
    /// a character; `stack` is scratch space kept across calls.
    private func addThread(_ list: inout ThreadList, _ start: Int, at position: Int, count: Int, stack: inout [Int]) {
        stack.append(start)
        while let pc = stack.popLast() {
            guard list.insert(pc) else { continue }
            switch program[pc] {
            case .jump(let target):
                stack.append(target)
            case .split(let first, let second):
                stack.append(second)
                stack.append(first)
            case .assertStart:
                if position == 0 { stack.append(pc + 1) }
            case .assertEnd:
                if position == count { stack.append(pc + 1) }
            case .scalar, .anyButLineBreak, .set, .match:
                break
            }
        }
    }
}

/// A pattern that does not compile: where and why.
public struct PatternError: Swift.Error, Equatable, CustomStringConvertible, Sendable {
    /// The offset of the offending character, in Unicode scalars.
    public let offset: Int
    /// What is wrong.
    public let message: String

    /// `at character N: message`.
    public var description: String {
        "at character \(offset): \(message)"
    }
}

/// One step of the compiled program. The common characters (a literal, `.`)
/// carry no reference, so running the program retains nothing.
private enum Instruction: Sendable {
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
private struct ThreadList {
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

private struct CharacterMatcher: Sendable {
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

private indirect enum PatternNode {
    case character(CharacterMatcher)
    case sequence([PatternNode])
    case alternation([PatternNode])
    case repetition(PatternNode, min: Int, max: Int?)
    case assertStart
    case assertEnd
}

private struct PatternParser {
    static let maximumRepetition = 1_000

    let scalars: [Unicode.Scalar]
    var position = 0
    private var openGroups = 0

    init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    private var current: Unicode.Scalar? {
        position < scalars.count ? scalars[position] : nil
    }

    private func error(_ message: String) -> PatternError {
        PatternError(offset: position, message: message)
    }

    mutating func parse() throws -> PatternNode {
        let node = try parseAlternation().node
        if current == ")" {
            throw error("unmatched ')'")
        }
        return node
    }

    /// A node and its height, kept under `Pattern.maximumNesting` so that
    /// compiling and releasing the tree recurse a bounded number of times.
    private typealias Parsed = (node: PatternNode, height: Int)

    private func nested(_ node: PatternNode, over children: [Parsed]) throws -> Parsed {
        let height = (children.map(\.height).max() ?? 0) + 1
        guard height <= Pattern.maximumNesting else {
            throw error("groups and quantifiers are nested more than \(Pattern.maximumNesting) deep")
        }
        return (node, height)
    }

    private mutating func parseAlternation() throws -> Parsed {
        var branches = [try parseSequence()]
        while current == "|" {
            position += 1
            branches.append(try parseSequence())
        }
        return branches.count == 1 ? branches[0] : try nested(.alternation(branches.map(\.node)), over: branches)
    }

    private mutating func parseSequence() throws -> Parsed {
        var items: [Parsed] = []
        while let scalar = current, scalar != "|", scalar != ")" {
            let atom = try parseAtom()
            items.append(try parseQuantifier(atom))
        }
        return items.count == 1 ? items[0] : try nested(.sequence(items.map(\.node)), over: items)
    }

    private mutating func parseAtom() throws -> Parsed {
        guard let scalar = current else { throw error("expected an expression") }
        position += 1
        switch scalar {
        case "(":
            // Parsing a group recurses before any height is known: count open groups.
            openGroups += 1
            defer { openGroups -= 1 }
            guard openGroups <= Pattern.maximumNesting else {
                throw error("groups and quantifiers are nested more than \(Pattern.maximumNesting) deep")
            }
            if current == "?" {
                guard position + 1 < scalars.count, scalars[position + 1] == ":" else {
                    throw error("only non-capturing groups '(?:' are supported; look-around needs backtracking")
                }
                position += 2
            }
            let inner = try parseAlternation()
            guard current == ")" else { throw error("expected ')'") }
            position += 1
            return inner
        case "[":
            return (.character(try parseClass()), 1)
        case ".":
            return (.character(.any), 1)
        case "^":
            return (.assertStart, 1)
        case "$":
            return (.assertEnd, 1)
        case "\\":
            return (.character(CharacterMatcher(items: [try parseEscape()])), 1)
        case "*", "+", "?", "{":
            position -= 1
            throw error("'\(scalar)' has nothing to repeat")
        default:
            return (.character(CharacterMatcher(items: [.scalar(scalar)])), 1)
        }
    }

    private mutating func parseEscape() throws -> CharacterMatcher.Item {
        guard let scalar = current else { throw error("a pattern cannot end with '\\'") }
        position += 1
        switch scalar {
        case "d": return .digit
        case "D": return .notDigit
        case "w": return .word
        case "W": return .notWord
        case "s": return .space
        case "S": return .notSpace
        case "n": return .scalar("\n")
        case "t": return .scalar("\t")
        case "r": return .scalar("\r")
        case "1"..."9":
            position -= 1
            throw error("back-references are not supported; they need backtracking")
        default:
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                position -= 1
                throw error("unknown escape '\\\(scalar)'")
            }
            return .scalar(scalar)
        }
    }

    private mutating func parseClass() throws -> CharacterMatcher {
        var matcher = CharacterMatcher(items: [])
        if current == "^" {
            matcher.negated = true
            position += 1
        }
        var first = true
        while true {
            guard let scalar = current else { throw error("expected ']'") }
            if scalar == "]" && !first {
                position += 1
                return matcher
            }
            first = false
            position += 1
            let item: CharacterMatcher.Item = scalar == "\\" ? try parseEscape() : .scalar(scalar)
            if case .scalar(let low) = item, current == "-", position + 1 < scalars.count, scalars[position + 1] != "]" {
                position += 1
                guard let highScalar = current else { throw error("expected the end of a range") }
                position += 1
                let high: Unicode.Scalar
                if highScalar == "\\" {
                    guard case .scalar(let escaped) = try parseEscape() else {
                        throw error("a range cannot end with a class escape")
                    }
                    high = escaped
                } else {
                    high = highScalar
                }
                guard low.value <= high.value else { throw error("range out of order") }
                matcher.items.append(.range(low.value...high.value))
            } else {
                matcher.items.append(item)
            }
        }
    }

    private mutating func parseQuantifier(_ atom: Parsed) throws -> Parsed {
        var parsed = atom
        while let scalar = current {
            let bounds: (Int, Int?)
            switch scalar {
            case "*": bounds = (0, nil)
            case "+": bounds = (1, nil)
            case "?": bounds = (0, 1)
            case "{":
                guard let counts = try parseBraces() else { return parsed }
                bounds = counts
            default:
                return parsed
            }
            if scalar != "{" {
                position += 1
            }
            if case .assertStart = parsed.node { throw error("an anchor cannot be repeated") }
            if case .assertEnd = parsed.node { throw error("an anchor cannot be repeated") }
            if current == "?" {
                position += 1
            }
            parsed = try nested(.repetition(parsed.node, min: bounds.0, max: bounds.1), over: [parsed])
        }
        return parsed
    }

    private mutating func parseBraces() throws -> (Int, Int?)? {
        let start = position
        position += 1
        func number(_ parser: inout PatternParser) -> Int? {
            var value: Int?
            while let scalar = parser.current, ("0"..."9").contains(scalar) {
                value = min((value ?? 0) * 10 + Int(scalar.value - 48), 1_000_000)
                parser.position += 1
            }
            return value
        }
        guard let low = number(&self) else {
            throw PatternError(offset: start, message: "expected a count after '{'")
        }
        var high: Int? = low
        if current == "," {
            position += 1
            high = number(&self)
        }
        guard current == "}" else { throw error("expected '}'") }
        position += 1
        if let high, high < low {
            throw PatternError(offset: start, message: "{\(low),\(high)}: the maximum is below the minimum")
        }
        guard low <= Self.maximumRepetition, (high ?? 0) <= Self.maximumRepetition else {
            throw PatternError(offset: start, message: "repetition counts above \(Self.maximumRepetition) are not supported")
        }
        return (low, high)
    }
}

private struct PatternCompiler {
    var program: [Instruction] = []
    var sets: [CharacterMatcher] = []

    /// Appends one instruction; the one check of the program's size, so no
    /// program ever exceeds `Pattern.maximumProgramSize`.
    mutating func append(_ instruction: Instruction) throws {
        guard program.count < Pattern.maximumProgramSize else {
            throw PatternError(offset: 0, message: "the pattern is too large once its repetitions are expanded")
        }
        program.append(instruction)
    }

    private mutating func reserve() throws -> Int {
        try append(.match)
        return program.count - 1
    }

    mutating func emit(_ node: PatternNode) throws {
        switch node {
        case .character(let matcher):
            if matcher.isAny {
                try append(.anyButLineBreak)
            } else if !matcher.negated, matcher.items.count == 1, case .scalar(let scalar) = matcher.items[0] {
                try append(.scalar(scalar))
            } else {
                sets.append(matcher)
                try append(.set(sets.count - 1))
            }
        case .assertStart:
            try append(.assertStart)
        case .assertEnd:
            try append(.assertEnd)
        case .sequence(let items):
            for item in items {
                try emit(item)
            }
        case .alternation(let branches):
            var jumpsToEnd: [Int] = []
            for (index, branch) in branches.enumerated() {
                if index < branches.count - 1 {
                    let split = try reserve()
                    try emit(branch)
                    jumpsToEnd.append(try reserve())
                    program[split] = .split(split + 1, program.count)
                } else {
                    try emit(branch)
                }
            }
            for jump in jumpsToEnd {
                program[jump] = .jump(program.count)
            }
        case .repetition(let inner, let min, let max):
            for _ in 0..<min {
                try emit(inner)
            }
            if let max {
                var splits: [Int] = []
                for _ in min..<max {
                    splits.append(try reserve())
                    try emit(inner)
                }
                for split in splits {
                    program[split] = .split(split + 1, program.count)
                }
            } else {
                let split = try reserve()
                try emit(inner)
                try append(.jump(split))
                program[split] = .split(split + 1, program.count)
            }
        }
    }
}
