/// The characters no text from a widget may send to a terminal raw: C0 and
/// C1 controls and DEL (they move the cursor or change the terminal's
/// state; U+009B alone starts a control sequence on many terminals), and
/// the bidirectional controls, which reorder what is shown around them (an
/// override makes "txt.exe" read as "exe.txt").
package enum InertText {
    package static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// `\u` and four lowercase hex digits, as JSON writes an escape.
    package static func escape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// `text` with every character that must not reach a terminal raw
    /// escaped, line feeds and tabs kept.
    package static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { mustEscape($0) && $0 != "\n" && $0 != "\t" }) else { return text }
        var output = ""
        for scalar in text.unicodeScalars {
            if mustEscape(scalar) && scalar != "\n" && scalar != "\t" {
                output += escape(scalar)
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
