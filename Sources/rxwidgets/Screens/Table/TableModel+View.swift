import FrontEndCore
import Localization
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
        let screen = screenLines(height: height)
        let layout = columnLayout(screen, width: columns - 5)
        if let layout {
            lines.append(Line("    " + layout.line(daemon.columns), .bold))
        }
        for screenLine in screen {
            guard let position = screenLine.position else {
                lines.append(Line(headers[screenLine.section], .accent))
                continue
            }
            let indexPath = shown[position]
            let detail = indexPath.row >= 0 ? details.detail(indexPath) : nil
            if screenLine.isDescription {
                // Under its title, dimmer, where the title's text begins.
                lines.append(Line("    " + TextWidth.fit(detail?.description ?? "", columns - 4), .dim))
                continue
            }
            let isCursor = position == cursor
            var line = Line(isCursor ? "› " : "  ", .accent)
            line.append(selected.contains(indexPath) ? "● " : "○ ", selected.contains(indexPath) ? .success : .dim)
            let match = shown.match(at: position)
            if let layout {
                // Blank until its columns came: a row drawn from its cell first would jump.
                line.append(TextWidth.pad(detail.map { layout.line($0.columns) } ?? "", columns - 5), isCursor ? .cursor : .plain)
            } else {
                let text = match?.title ?? (indexPath.row >= 0 ? cell(indexPath.row, indexPath.section) ?? "" : "")
                for span in MatchHighlight.line(text, places: match?.places ?? [], width: columns - 5, style: isCursor ? .cursor : .plain).spans {
                    line.append(span.text, span.style)
                }
            }
            lines.append(line)
        }
        if shown.isEmpty {
            lines.append(Line("  " + tr("(no rows)"), .dim))
        }
        while lines.count < height * linesPerRow + (header == nil ? 0 : 1) + (layout == nil ? 0 : 1) {
            lines.append(Line())
        }
        if let filter {
            lines.append(filter.line(matched: matchCount, of: daemon.rowCounts.reduce(0, +)))
        }
        lines.append(status.map { Line($0, .error) } ?? Line(TextWidth.fitHelp(keys, columns), .help))
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

    /// The screen's lines of the list: a section's header, then each row's
    /// line and, when rows have descriptions, its description's.
    private func screenLines(height: Int) -> [(position: Int?, section: Int, isDescription: Bool)] {
        listLines(height: height).flatMap { listLine -> [(position: Int?, section: Int, isDescription: Bool)] in
            guard listLine.position != nil, linesPerRow == 2 else { return [(listLine.position, listLine.section, false)] }
            return [(listLine.position, listLine.section, false), (listLine.position, listLine.section, true)]
        }
    }

    /// The columns of the rows on screen aligned under their headers, in
    /// `width`; nil for a table without columns.
    private func columnLayout(_ screen: [(position: Int?, section: Int, isDescription: Bool)], width: Int) -> ColumnLayout? {
        guard !daemon.columns.isEmpty else { return nil }
        let shown = shownRows
        let texts = screen.compactMap { line -> [String]? in
            guard let position = line.position, !line.isDescription, shown[position].row >= 0 else { return nil }
            return details.detail(shown[position])?.columns
        }
        return ColumnLayout(headers: daemon.columns, rows: texts, width: width)
    }

    /// A click on a row moves the cursor there; on the row under the
    /// cursor it chooses it as Space does (Enter in a table of one choice).
    func clicked(row: Int, column: Int, rows: Int, columns: Int) -> TableMessage? {
        let line = row - (header == nil ? 0 : 1) - (daemon.columns.isEmpty ? 0 : 1)
        let lines = screenLines(height: listHeight(rows: rows))
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
            // TRANSLATORS: a help line's fragment: what typing does in a list that filters as one types.
            let typing = tr("type to filter")
            // TRANSLATORS: a help line's fragment: a key as printed on the keyboard (kept as it is), then what it does: mark a row as chosen.
            return ([typing, tr("↑/↓ move")] + (daemon.allowsMultipleSelection ? [tr("tab choose")] : []) + [tr("enter done"), tr("esc cancel")]).joined(separator: " · ")
        }
        switch purpose {
        case .choose:
            // TRANSLATORS: a help line's fragment: a key as printed on the keyboard (kept as it is), then what it does: select a row (space), or select the row and finish (enter).
            let choosing = daemon.allowsMultipleSelection ? [tr("space select"), tr("enter done")] : [tr("enter select")]
            return ([tr("↑/↓ move"), tr("/ filter")] + choosing + [tr("esc cancel")]).joined(separator: " · ")
        case .attach:
            // TRANSLATORS: a help line's fragment: a key as printed on the keyboard (kept as it is), then what it does: tap (activate) the row under the cursor.
            return [tr("↑/↓ move"), tr("/ filter"), tr("space/enter tap"), tr("q quit")].joined(separator: " · ")
        }
    }
}
