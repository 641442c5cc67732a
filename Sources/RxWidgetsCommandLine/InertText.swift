import RxWidgetsClient

/// The characters no text from a widget may send to a terminal raw: C0 and
/// C1 controls and DEL (they move the cursor or change the terminal's
/// state; U+009B alone starts a control sequence on many terminals), and
/// the bidirectional controls, which reorder what is shown around them (an
/// override makes "txt.exe" read as "exe.txt").
package enum InertText {
    /// `text` with every character that must not reach a terminal raw
    /// escaped, line feeds and tabs kept.
    package static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { JSONString.mustEscape($0) && $0 != "\n" && $0 != "\t" }) else { return text }
        var output = ""
        for scalar in text.unicodeScalars {
            if JSONString.mustEscape(scalar) && scalar != "\n" && scalar != "\t" {
                output += JSONString.escape(scalar)
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
