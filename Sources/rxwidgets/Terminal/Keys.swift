import FrontEndCore

/// Turns the bytes a terminal sends into keys: UTF-8 text, control bytes,
/// and the CSI/SS3 sequences of xterm-like terminals (tmux, VTE, the Linux
/// console). A sequence or a character split across reads waits for its
/// rest; a lone Esc is told from the start of a sequence by `flush()`, which
/// the caller runs when no more bytes followed soon after.
struct KeyDecoder {
    private var pending: [UInt8] = []

    /// Whether bytes are held back waiting for the rest of a sequence.
    var isWaiting: Bool { !pending.isEmpty }

    /// The keys `bytes` complete.
    mutating func decode(_ bytes: [UInt8]) -> [Key] {
        pending += bytes
        var keys: [Key] = []
        while let (key, length) = KeyDecoder.parse(pending[...]) {
            pending.removeFirst(length)
            if let key {
                keys.append(key)
            }
        }
        return keys
    }

    /// What is held back, taken as typed: a lone Esc is the Escape key.
    mutating func flush() -> [Key] {
        defer { pending = [] }
        guard let first = pending.first else { return [] }
        if first == 0x1B {
            var keys: [Key] = [.escape]
            var rest = KeyDecoder()
            keys += rest.decode(Array(pending.dropFirst()))
            return keys
        }
        return []
    }

    /// The first key of `bytes` (nil for a byte that means nothing here) and
    /// how many bytes it took, or nil when more bytes are needed.
    private static func parse(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        guard let first = bytes.first else { return nil }
        switch first {
        case 0x1B:
            return parseEscape(bytes)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x09: return (.tab, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x03: return (.interrupt, 1)
        case 0x15: return (.clearLine, 1)
        case 0x01: return (.selectAll, 1)
        case 0x04: return (.endOfText, 1)
        case 0x00..<0x20: return (nil, 1)
        default:
            let length = first < 0xC0 ? 1 : first < 0xE0 ? 2 : first < 0xF0 ? 3 : 4
            guard bytes.count >= length else { return nil }
            let text = String(decoding: bytes.prefix(length), as: UTF8.self)
            return (text.first.map(Key.character), length)
        }
    }

    /// An SGR mouse report (`ESC [ < button ; column ; row M`, `m` on
    /// release): a left click, or the wheel; nil for the rest.
    private static func mouse(_ parameters: Substring, pressed: Bool) -> Key? {
        let numbers = parameters.split(separator: ";").compactMap { Int($0) }
        guard numbers.count == 3, pressed else { return nil }
        switch numbers[0] {
        case 0: return .click(row: numbers[2] - 1, column: numbers[1] - 1)
        case 64: return .scrollUp
        case 65: return .scrollDown
        default: return nil
        }
    }

    private static func parseEscape(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return nil }
        let introducer = bytes[start + 1]
        guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
            // Esc followed by anything else: Esc, then that key on its own.
            return (.escape, 1)
        }
        // A CSI sequence ends at its first byte in @…~; SS3 after one byte.
        var end = start + 2
        while end < bytes.endIndex, !(0x40...0x7E).contains(bytes[end]) {
            end += 1
        }
        guard end < bytes.endIndex else { return bytes.count > 16 ? (nil, bytes.count) : nil }
        let parameters = String(decoding: bytes[(start + 2)..<end], as: UTF8.self)
        let length = end - start + 1
        if parameters.hasPrefix("<") {
            return (mouse(parameters.dropFirst(), pressed: bytes[end] == UInt8(ascii: "M")), length)
        }
        switch (bytes[end], parameters) {
        // xterm's modifier 3 is Alt.
        case (UInt8(ascii: "A"), "1;3"): return (.altUp, length)
        case (UInt8(ascii: "B"), "1;3"): return (.altDown, length)
        case (UInt8(ascii: "A"), _): return (.up, length)
        case (UInt8(ascii: "B"), _): return (.down, length)
        case (UInt8(ascii: "C"), _): return (.right, length)
        case (UInt8(ascii: "D"), _): return (.left, length)
        case (UInt8(ascii: "H"), _): return (.home, length)
        case (UInt8(ascii: "F"), _): return (.end, length)
        case (UInt8(ascii: "Z"), _): return (.backTab, length)
        case (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): return (.home, length)
        case (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): return (.end, length)
        case (UInt8(ascii: "~"), "3"): return (.delete, length)
        case (UInt8(ascii: "~"), "5"): return (.pageUp, length)
        case (UInt8(ascii: "~"), "6"): return (.pageDown, length)
        default: return (nil, length)
        }
    }
}
