/// The `/` filter of a list: the rows whose text contains what was typed,
/// ignoring case. It is the front end's alone: it narrows what is drawn and
/// where the cursor may go; the selection stays the daemon's.
struct ListFilter: Equatable {
    /// What was typed.
    var query = ""
    /// Whether keys go into the query (after `/`, until Enter or Esc).
    var isTyping = true

    /// The query made ready to test many texts: lowercased once, and for an
    /// ASCII query and text compared byte by byte, so a search of millions
    /// of titles allocates nothing per title.
    struct Matcher {
        private let needle: String
        private let asciiNeedle: [UInt8]?

        init(_ query: String) {
            needle = query.lowercased()
            asciiNeedle = needle.utf8.allSatisfy { $0 < 0x80 } ? Array(needle.utf8) : nil
        }

        func matches(_ text: String) -> Bool {
            guard !needle.isEmpty else { return true }
            if let asciiNeedle, let found = text.utf8.withContiguousStorageIfAvailable({ Matcher.asciiContains($0, asciiNeedle) }), let found {
                return found
            }
            return text.lowercased().contains(needle)
        }

        /// Whether ASCII `text` holds `needle` ignoring case; nil when
        /// `text` is not ASCII (Unicode's case mapping is needed then).
        private static func asciiContains(_ text: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool? {
            guard text.allSatisfy({ $0 < 0x80 }) else { return nil }
            guard needle.count <= text.count else { return false }
            for start in 0...(text.count - needle.count) {
                var index = 0
                while index < needle.count, lowered(text[start + index]) == needle[index] {
                    index += 1
                }
                if index == needle.count {
                    return true
                }
            }
            return false
        }

        private static func lowered(_ byte: UInt8) -> UInt8 {
            byte >= 65 && byte <= 90 ? byte + 32 : byte
        }
    }

    /// Takes a key while typing; false for a key it does not take.
    /// `ended` is set when Esc or a Backspace on nothing closes the filter.
    mutating func take(_ key: Key, ended: inout Bool) -> Bool {
        switch key {
        case .character(let character):
            query.append(character)
        case .backspace:
            if query.isEmpty {
                ended = true
            } else {
                query.removeLast()
            }
        case .clearLine:
            query = ""
        case .escape:
            ended = true
        default:
            return false
        }
        return true
    }

    /// The filter's line: `/ query` with a cursor while typing.
    var line: Line {
        var line = Line("/ ", .accent)
        line.append(query)
        if isTyping {
            line.append(" ", .cursor)
        }
        return line
    }
}

/// The first row of a list shown in `height` rows so that `position` is
/// visible, moving as little as possible from `top`.
func scrolledTop(_ top: Int, position: Int, height: Int, count: Int) -> Int {
    guard count > height else { return 0 }
    var top = min(max(top, 0), count - height)
    if position < top {
        top = position
    } else if position >= top + height {
        top = position - height + 1
    }
    return top
}

/// The position `delta` rows from `position` for a navigation key, in a
/// list of `count` shown `height` rows at a time; nil for other keys.
func movedPosition(_ position: Int, by key: Key, height: Int, count: Int) -> Int? {
    guard count > 0 else { return nil }
    let target: Int
    switch key {
    case .up, .character("k"): target = position - 1
    case .down, .character("j"): target = position + 1
    case .pageUp: target = position - max(1, height)
    case .pageDown: target = position + max(1, height)
    case .home: target = 0
    case .end: target = count - 1
    default: return nil
    }
    return min(max(target, 0), count - 1)
}
