import FrontEndCore
import RxWidgetsClient
import RxWidgetsCommandLine

/// The table as lines: the headers and cells shown, the cursor, the chosen
/// rows marked, the filter and the keys. Drawing changes nothing.
extension TableModel {
    func view(rows: Int, columns: Int) -> [Line] {
        var lines: [Line] = []
        if let header {
            lines.append(Line(header, .bold))
        }
        let shown = shownRows
        let height = listHeight(rows: rows)
        let cursor = min(self.cursor, max(shown.count - 1, 0))
        let top = scrolledTop(self.top, position: cursor, height: height, count: shown.count)
        let selected = Set(daemon.selected)
        let window = shown[min(top, shown.count)..<min(top + height, shown.count)]
        var previousSection: Int?
        for (offset, indexPath) in window.enumerated() {
            if indexPath.section != previousSection, headers.indices.contains(indexPath.section), !headers[indexPath.section].isEmpty, lines.count < height + (header == nil ? 0 : 1) {
                lines.append(Line(headers[indexPath.section], .accent))
            }
            previousSection = indexPath.section
            let isCursor = top + offset == cursor
            var line = Line(isCursor ? "› " : "  ", .accent)
            line.append(selected.contains(indexPath) ? "● " : "○ ", selected.contains(indexPath) ? .success : .dim)
            let match = shown.match(at: top + offset)
            let text = match?.title ?? (indexPath.row >= 0 ? cell(indexPath.row, indexPath.section) ?? "" : "")
            for span in MatchHighlight.line(text, places: match?.places ?? [], width: columns - 5, style: isCursor ? .cursor : .plain).spans {
                line.append(span.text, span.style)
            }
            lines.append(line)
        }
        if shown.isEmpty {
            lines.append(Line("  (no rows)", .dim))
        }
        while lines.count < height + (header == nil ? 0 : 1) {
            lines.append(Line())
        }
        if let filter {
            var line = filter.line
            if let note = searchNote {
                line.append("  " + note, .dim)
            }
            lines.append(line)
        }
        lines.append(Line(status ?? keys, status == nil ? .help : .error))
        return lines
    }

    /// How far the daemon's search answers the query typed: "matching…"
    /// until it does, then how many rows match.
    private var searchNote: String? {
        guard let filter, !filter.query.isEmpty else { return nil }
        guard daemon.filter == filter.query, searched == filter.query else { return "matching…" }
        return "\(daemon.matchCounts.reduce(0, +).groupedDigits) of \(daemon.rowCounts.reduce(0, +).groupedDigits)"
    }

    private var keys: String {
        if fuzzy {
            return "type to filter · ↑/↓ move" + (daemon.allowsMultipleSelection ? " · tab choose" : "") + " · enter done · esc cancel"
        }
        switch purpose {
        case .choose:
            return "↑/↓ move · / filter" + (daemon.allowsMultipleSelection ? " · space select · enter done" : " · enter select") + " · esc cancel"
        case .attach:
            return "↑/↓ move · / filter · space/enter tap · q quit"
        }
    }
}
