import FrontEndCore
import RxWidgetsClient
import RxWidgetsCommandLine
import CLinux

/// Text as a terminal draws it: how many columns it takes, cut or padded to
/// a width. Widths come from the C library's `wcwidth` (wide CJK characters
/// take two columns, combining marks none), so what is measured is what the
/// terminal does. Control and bidirectional-control characters from a
/// widget (a title is anyone's string) are drawn as U+FFFD, never sent: no
/// title can move the cursor, change the terminal's state or reorder what
/// is drawn around it.
enum TextWidth {
    /// The scalar as drawn, and the columns it takes.
    private static func cell(_ scalar: Unicode.Scalar) -> (Unicode.Scalar, Int) {
        let width = Int(clinux_wcwidth(scalar.value))
        if width < 0 || JSONString.mustEscape(scalar) {
            return ("\u{FFFD}", 1)
        }
        return (scalar, width)
    }

    /// The columns `text` takes.
    static func columns(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + cell($1).1 }
    }

    /// A help line of fragments joined by " · " in at most `width` columns:
    /// whole fragments are left out, never cut mid-word — first those that
    /// only help (move, filter), from the end, and only then the keys that
    /// answer (enter, space, ctrl-d); the first (how to move) and the last
    /// (esc, how to leave) stay. Only a first and last fragment wider than
    /// `width` are cut.
    static func fitHelp(_ line: String, _ width: Int) -> String {
        let separator = " · "
        var fragments = line.components(separatedBy: separator)
        while fragments.count > 2, columns(fragments.joined(separator: separator)) > width {
            let middle = 1..<(fragments.count - 1)
            let helper = middle.last { !answersTheQuestion(fragments[$0]) }
            fragments.remove(at: helper ?? fragments.count - 2)
        }
        return fit(fragments.joined(separator: separator), width)
    }

    /// Whether a help fragment names a key that answers or chooses (its
    /// name as printed on the keyboard, in every language).
    private static func answersTheQuestion(_ fragment: String) -> Bool {
        ["enter ", "space ", "espace ", "ctrl-d "].contains { fragment.hasPrefix($0) }
    }

    /// `text` safe to draw, in at most `width` columns, ending in `…` when cut.
    static func fit(_ text: String, _ width: Int) -> String {
        guard width > 0 else { return "" }
        var result = String.UnicodeScalarView()
        var used = 0
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let (drawn, columns) = cell(scalar)
            if used + columns > width || (used + columns == width && index < scalars.count - 1 && remaining(scalars[(index + 1)...]) > 0) {
                // Cut: make room for the ellipsis.
                while used + 1 > width, let last = result.popLast() {
                    used -= cell(last).1
                }
                result.append("…")
                return String(result)
            }
            result.append(drawn)
            used += columns
        }
        return String(result)
    }

    private static func remaining(_ scalars: ArraySlice<Unicode.Scalar>) -> Int {
        scalars.reduce(0) { $0 + cell($1).1 }
    }

    /// `text` fitted to `width` and padded with spaces to exactly `width` columns.
    static func pad(_ text: String, _ width: Int) -> String {
        let fitted = fit(text, width)
        return fitted + String(repeating: " ", count: max(0, width - columns(fitted)))
    }
}
