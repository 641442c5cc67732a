/// Columns of text aligned by the columns a terminal draws them in (wide
/// CJK characters and emoji take two, `TextWidth`): each column as wide as
/// its widest text shown (its header included), the widest ones narrowed
/// alike until the row fits, two spaces between columns.
struct ColumnLayout: Equatable {
    static let gap = 2

    let widths: [Int]

    /// The layout of `headers` over `rows` (each row's texts, one per
    /// header) in at most `width` terminal columns.
    init(headers: [String], rows: [[String]], width: Int) {
        var natural = headers.map(TextWidth.columns)
        for row in rows {
            for (index, text) in row.prefix(natural.count).enumerated() {
                natural[index] = max(natural[index], TextWidth.columns(text))
            }
        }
        let room = max(0, width - ColumnLayout.gap * max(0, natural.count - 1))
        guard natural.reduce(0, +) > room else {
            widths = natural
            return
        }
        // The largest cap at which the capped widths fit (a binary search).
        var low = 1
        var high = natural.max() ?? 1
        while low < high {
            let middle = (low + high + 1) / 2
            if natural.reduce(0, { $0 + min($1, middle) }) <= room {
                low = middle
            } else {
                high = middle - 1
            }
        }
        widths = natural.map { min($0, low) }
    }

    /// `texts` padded (or cut) to the columns' widths, the last one unpadded.
    func line(_ texts: [String]) -> String {
        widths.enumerated().map { index, width in
            let text = index < texts.count ? texts[index] : ""
            return index == widths.count - 1 ? TextWidth.fit(text, width) : TextWidth.pad(text, width)
        }.joined(separator: String(repeating: " ", count: ColumnLayout.gap))
    }
}
