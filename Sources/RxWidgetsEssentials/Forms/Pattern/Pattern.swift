import RxCoreEssentials

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
    /// How many threads a match steps between two calls of `Breathing.breathe()`
    /// (about a tenth of a millisecond).
    static let stepsPerBreath = 1 << 14

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
        var stepsSinceBreath = 0
        for (position, scalar) in input.enumerated() {
            if current.isEmpty { return false }
            // A worst match takes tens of milliseconds: other clients' pings go on meanwhile.
            stepsSinceBreath += current.threads.count
            if stepsSinceBreath >= Pattern.stepsPerBreath {
                stepsSinceBreath = 0
                Breathing.shared.breathe()
            }
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
