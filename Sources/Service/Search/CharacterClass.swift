/// What kind of character a title has at a place, for fzf's bonuses: a
/// match at the start of a word, after a delimiter or at a camelCase hump
/// ranks higher.
enum CharacterClass: Int, Sendable {
    case white, nonWord, delimiter, lower, upper, letter, number

    /// The characters after which a word starts with a delimiter's bonus.
    private static let delimiters: Set<UInt32> = Set("/,:;|".unicodeScalars.map(\.value))

    /// Each ASCII character's class.
    private static let ascii: [CharacterClass] = (0..<128).map { of(nonASCII: UInt32($0)) }

    static func of(_ scalar: UInt32) -> CharacterClass {
        scalar < 0x80 ? ascii[Int(scalar)] : of(nonASCII: scalar)
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
    static func bonus(after previous: CharacterClass, _ current: CharacterClass) -> Int16 {
        bonusTable[previous.rawValue * 7 + current.rawValue]
    }

    private static let bonusTable: [Int16] = {
        var table: [Int16] = []
        for previous in 0..<7 {
            for current in 0..<7 {
                table.append(computedBonus(after: CharacterClass(rawValue: previous)!, CharacterClass(rawValue: current)!))
            }
        }
        return table
    }()

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
