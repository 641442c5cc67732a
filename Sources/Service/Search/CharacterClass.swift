/// What kind of character a title has at a place, for fzf's bonuses: a
/// match at the start of a word, after a delimiter or at a camelCase hump
/// ranks higher.
enum CharacterClass: Int, Sendable {
    case white, nonWord, delimiter, lower, upper, letter, number

    /// The characters after which a word starts with a delimiter's bonus.
    private static let delimiters: Set<UInt32> = Set("/,:;|".unicodeScalars.map(\.value))

    /// A scalar's class; ASCII's by comparisons alone (a table would be a
    /// global read through a lazy initializer for every character).
    @inline(__always)
    static func of(_ scalar: UInt32) -> CharacterClass {
        switch scalar {
        case 0x61...0x7A: return .lower
        case 0x41...0x5A: return .upper
        case 0x30...0x39: return .number
        case 0x20, 0x09...0x0D: return .white
        case 0x2F, 0x2C, 0x3A, 0x3B, 0x7C: return .delimiter
        case 0..<0x80: return .nonWord
        default: return of(nonASCII: scalar)
        }
    }

    private static func of(nonASCII value: UInt32) -> CharacterClass {
        guard let scalar = Unicode.Scalar(value) else { return .nonWord }
        let properties = scalar.properties
        if properties.isLowercase { return .lower }
        if properties.isUppercase { return .upper }
        if properties.numericType != nil { return .number }
        if properties.isAlphabetic { return .letter }
        if properties.isWhitespace { return .white }
        if delimiters.contains(value) { return .delimiter }
        return .nonWord
    }

    /// A scalar in lower case, as a case-insensitive term compares it (the
    /// first scalar of its lower-case mapping).
    static func lowered(_ value: UInt32) -> UInt32 {
        if value < 0x80 {
            return value >= 0x41 && value <= 0x5A ? value + 32 : value
        }
        guard let scalar = Unicode.Scalar(value), scalar.properties.changesWhenLowercased else { return value }
        return scalar.properties.lowercaseMapping.unicodeScalars.first?.value ?? value
    }

    /// The bonus of a character of class `current` after one of class `previous`.
    @inline(__always)
    static func bonus(after previous: CharacterClass, _ current: CharacterClass) -> Int16 {
        computedBonus(after: previous, current)
    }

    @inline(__always)
    private static func computedBonus(after previous: CharacterClass, _ current: CharacterClass) -> Int16 {
        typealias Score = FuzzyScore
        if current.rawValue > CharacterClass.nonWord.rawValue {
            switch previous {
            case .white: return Score.bonusBoundaryWhite
            case .delimiter: return Score.bonusBoundaryDelimiter
            case .nonWord: return Score.bonusBoundary
            default: break
            }
        }
        if previous == .lower && current == .upper || previous != .number && current == .number {
            return Score.bonusCamel123
        }
        switch current {
        case .nonWord, .delimiter: return Score.bonusNonWord
        case .white: return Score.bonusBoundaryWhite
        default: return 0
        }
    }
}
