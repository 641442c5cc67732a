import FrontEndCore
import Glibc

/// How a piece of text is drawn. Colours are from the 256-colour palette;
/// with `NO_COLOR` set (no-color.org) only bold, dim and reverse remain, so
/// the cursor and disabled controls still show.
struct Style: Equatable {
    var bold = false
    var dim = false
    var reverse = false
    var underline = false
    /// A 256-colour palette index for the text.
    var colour: UInt8?

    static let plain = Style()
    static let bold = Style(bold: true)
    static let dim = Style(dim: true)
    static let cursor = Style(bold: true, reverse: true)
    static let accent = Style(bold: true, colour: 212)
    static let error = Style(colour: 196)
    static let success = Style(colour: 42)
    static let help = Style(dim: true)

    /// The named colour's style, for outputs whose value is a colour name (`green`, `red`).
    static func named(_ name: String) -> Style? {
        switch name {
        case "green": return success
        case "red": return error
        case "blue": return Style(colour: 33)
        case "yellow": return Style(colour: 220)
        case "orange": return Style(colour: 208)
        case "gray", "grey": return dim
        default: return nil
        }
    }

    /// Whether colours are drawn: not when `NO_COLOR` is set to anything.
    static let coloursEnabled: Bool = {
        guard let value = getenv("NO_COLOR") else { return true }
        return value.pointee == 0
    }()

    /// The SGR sequence that switches from plain text to this style.
    var sequence: String {
        var codes: [String] = []
        if bold { codes.append("1") }
        if dim { codes.append("2") }
        if underline { codes.append("4") }
        if reverse { codes.append("7") }
        if let colour, Style.coloursEnabled { codes.append("38;5;\(colour)") }
        return codes.isEmpty ? "" : "\u{1B}[\(codes.joined(separator: ";"))m"
    }
}

/// One line of the screen: styled pieces, drawn left to right.
struct Line: Equatable {
    private(set) var spans: [(text: String, style: Style)] = []

    init() {}

    init(_ text: String, _ style: Style = .plain) {
        append(text, style)
    }

    mutating func append(_ text: String, _ style: Style = .plain) {
        spans.append((text, style))
    }

    /// The columns the line takes.
    var columns: Int {
        spans.reduce(0) { $0 + TextWidth.columns($1.text) }
    }

    /// The line cut to `width` columns, ready to write (every piece made
    /// safe to draw, styles reset after each), and the columns it fills.
    func rendered(width: Int) -> (text: String, columns: Int) {
        var output = ""
        var left = width
        for (text, style) in spans where left > 0 {
            let fitted = TextWidth.fit(text, left)
            left -= TextWidth.columns(fitted)
            let sequence = style.sequence
            output += sequence.isEmpty ? fitted : sequence + fitted + "\u{1B}[0m"
        }
        return (output, width - left)
    }

    static func == (lhs: Line, rhs: Line) -> Bool {
        lhs.spans.count == rhs.spans.count && zip(lhs.spans, rhs.spans).allSatisfy { $0.text == $1.text && $0.style == $1.style }
    }
}
