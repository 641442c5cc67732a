/// The `/` filter of a list as it is typed: its query becomes the daemon's
/// search (`SetFilter`), whose matches the list then shows; the selection
/// stays the daemon's.
package struct ListFilter: Equatable {
    /// What was typed.
    package var query = ""
    /// Whether keys go into the query (after `/`, until Enter or Esc).
    package var isTyping = true

    /// A filter of `query`, its keys typed into it unless `isTyping` is false.
    package init(query: String = "", isTyping: Bool = true) {
        self.query = query
        self.isTyping = isTyping
    }

    /// Whether `take` takes `key` to change the query and keeps the filter
    /// open (a character, Ctrl-U, Backspace on some text).
    package func changesQuery(_ key: Key) -> Bool {
        switch key {
        case .character, .clearLine: return true
        case .backspace: return !query.isEmpty
        default: return false
        }
    }

    /// Takes a key while typing; false for a key it does not take.
    /// `ended` is set when Esc or a Backspace on nothing closes the filter.
    package mutating func take(_ key: Key, ended: inout Bool) -> Bool {
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
}

/// The first row of a list shown in `height` rows so that `position` is
/// visible, moving as little as possible from `top`.
package func scrolledTop(_ top: Int, position: Int, height: Int, count: Int) -> Int {
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
package func movedPosition(_ position: Int, by key: Key, height: Int, count: Int) -> Int? {
    guard count > 0 else { return nil }
    let target: Int
    switch key {
    case .up, .character("k"), .scrollUp: target = position - 1
    case .down, .character("j"), .scrollDown: target = position + 1
    case .pageUp: target = position - max(1, height)
    case .pageDown: target = position + max(1, height)
    case .home: target = 0
    case .end: target = count - 1
    default: return nil
    }
    return min(max(target, 0), count - 1)
}
