/// What is on the terminal and how to change it into a new frame: only the
/// lines that differ are rewritten (no clearing, so nothing flickers); after
/// a resize everything is drawn anew.
final class Screen {
    private let terminal: Terminal
    private var shown: [String] = []
    private var shownSize: (rows: Int, columns: Int) = (0, 0)

    init(terminal: Terminal) {
        self.terminal = terminal
    }

    /// Draws `lines` (cut to the terminal's size), writing only what changed.
    func draw(_ lines: [Line]) {
        let size = terminal.size
        var output = ""
        if size != shownSize {
            output += "\u{1B}[H\u{1B}[2J"
            shown = []
            shownSize = size
        }
        let rendered = (0..<size.rows).map { row in
            let (text, columns) = row < lines.count ? lines[row].rendered(width: size.columns) : ("", 0)
            // Erasing after a full line would erase its last column (the
            // cursor waits there to wrap), so only shorter lines are erased.
            return columns < size.columns ? text + "\u{1B}[K" : text
        }
        for (row, text) in rendered.enumerated() where row >= shown.count || shown[row] != text {
            output += "\u{1B}[\(row + 1);1H\(text)"
        }
        shown = rendered
        if !output.isEmpty {
            terminal.write(output)
        }
    }
}
