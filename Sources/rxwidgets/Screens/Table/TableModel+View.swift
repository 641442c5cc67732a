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
            line.append(TextWidth.pad(cell(indexPath.row, indexPath.section) ?? "", columns - 5), isCursor ? .cursor : .plain)
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
            if let progress = FilterScan.progress(of: daemon.rowCounts.indices.compactMap(scan), rows: daemon.rowCounts.reduce(0, +)) {
                line.append("  " + progress, .dim)
            }
            lines.append(line)
        }
        lines.append(Line(status ?? keys, status == nil ? .help : .error))
        return lines
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
