/// What is on the terminal and how to change it into a new frame: only the
/// lines that differ are rewritten (no clearing, so nothing flickers); after
/// a resize everything is drawn anew.
///
/// On the alternate screen a frame fills the terminal from its top. Inline
/// (`--height`), a frame takes only the lines it needs from the line the
/// cursor was on downwards, as gum draws: the region grows (scrolling the
/// terminal when it must) and is moved in by relative cursor moves, so no
/// position need be asked of the terminal; `erase()` leaves the lines as
/// they were before.
final class Screen {
    private let terminal: Terminal
    private let isInline: Bool
    private var shown: [String] = []
    private var shownSize: (rows: Int, columns: Int) = (0, 0)
    /// Inline: the lines taken, and the one of them the cursor is on.
    private var regionRows = 1
    private var cursorRow = 0

    init(terminal: Terminal, inline: Bool = false) {
        self.terminal = terminal
        isInline = inline
    }

    /// Draws `lines` (cut to the terminal's size), writing only what changed.
    func draw(_ lines: [Line]) {
        let size = terminal.size
        var output = ""
        if size != shownSize {
            output += isInline ? moveTo(0) + "\r\u{1B}[J" : "\u{1B}[H\u{1B}[2J"
            shown = []
            shownSize = size
        }
        let rowCount = isInline ? min(max(lines.count, 1), size.rows) : size.rows
        if isInline, rowCount > regionRows {
            output += moveTo(regionRows - 1) + String(repeating: "\r\n", count: rowCount - regionRows)
            cursorRow = rowCount - 1
            regionRows = rowCount
        }
        let rendered = (0..<(isInline ? regionRows : rowCount)).map { row in
            let (text, columns) = row < lines.count && row < rowCount ? lines[row].rendered(width: size.columns) : ("", 0)
            // Erasing after a full line would erase its last column (the
            // cursor waits there to wrap), so only shorter lines are erased.
            return columns < size.columns ? text + "\u{1B}[K" : text
        }
        for (row, text) in rendered.enumerated() where row >= shown.count || shown[row] != text {
            output += isInline ? moveTo(row) + "\r" + text : "\u{1B}[\(row + 1);1H\(text)"
        }
        shown = rendered
        if !output.isEmpty {
            terminal.write(output)
        }
    }

    /// Inline: clears the lines taken and puts the cursor where it was.
    func erase() {
        guard isInline, !shown.isEmpty else { return }
        terminal.write(moveTo(0) + "\r\u{1B}[J")
        shown = []
    }

    /// Inline: the relative move from the cursor's row of the region to `row`.
    private func moveTo(_ row: Int) -> String {
        defer { cursorRow = row }
        if row < cursorRow { return "\u{1B}[\(cursorRow - row)A" }
        if row > cursorRow { return "\u{1B}[\(row - cursorRow)B" }
        return ""
    }
}
