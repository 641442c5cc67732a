indirect enum PatternNode {
    case character(CharacterMatcher)
    case sequence([PatternNode])
    case alternation([PatternNode])
    case repetition(PatternNode, min: Int, max: Int?)
    case assertStart
    case assertEnd
}

struct PatternParser {
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
