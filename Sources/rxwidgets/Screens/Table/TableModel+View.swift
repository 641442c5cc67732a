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
        let selected = Set(daemon.selected)
        for listLine in listLines(height: height) {
            guard let position = listLine.position else {
                lines.append(Line(headers[listLine.section], .accent))
                continue
            }
            let indexPath = shown[position]
            let isCursor = position == cursor
            var line = Line(isCursor ? "› " : "  ", .accent)
            line.append(selected.contains(indexPath) ? "● " : "○ ", selected.contains(indexPath) ? .success : .dim)
            let match = shown.match(at: position)
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
            lines.append(filter.line(matched: matchCount, of: daemon.rowCounts.reduce(0, +)))
        }
        lines.append(Line(status ?? keys, status == nil ? .help : .error))
        return lines
    }

    /// The list's lines in a list of `height`: a section's header (no
    /// position) before its first row shown, then each row's position.
    private func listLines(height: Int) -> [(position: Int?, section: Int)] {
        let shown = shownRows
        let cursor = min(self.cursor, max(shown.count - 1, 0))
        let top = scrolledTop(self.top, position: cursor, height: height, count: shown.count)
        var lines: [(position: Int?, section: Int)] = []
        var previousSection: Int?
        for position in min(top, shown.count)..<min(top + height, shown.count) {
            let section = shown[position].section
            if section != previousSection, headers.indices.contains(section), !headers[section].isEmpty, lines.count < height {
                lines.append((nil, section))
            }
            previousSection = section
            lines.append((position, section))
        }
        return lines
    }

    /// A click on a row moves the cursor there; on the row under the
    /// cursor it chooses it as Space does (Enter in a table of one choice).
    func clicked(row: Int, column: Int, rows: Int, columns: Int) -> TableMessage? {
        let line = row - (header == nil ? 0 : 1)
        let lines = listLines(height: listHeight(rows: rows))
        guard lines.indices.contains(line), let position = lines[line].position else { return nil }
        guard position == cursor else { return .clicked(position: position) }
        return daemon.allowsMultipleSelection ? .toggled(position: position) : .activated(position: position)
    }

    /// How many rows match the query typed, once the daemon's search
    /// answers it; nil until then.
    private var matchCount: Int? {
        guard let filter, daemon.filter == filter.query, searched == filter.query else { return nil }
        return daemon.matchCounts.reduce(0, +)
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
