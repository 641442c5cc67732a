import FrontEndCore
import Localization
import RxWidgetsClient
import RxWidgetsCommandLine

/// The picker as lines: its components side by side, each a column of
/// titles with its selected row marked (and, once a row shown has one,
/// each row's description under it, dim), the filter and the keys.
/// Drawing changes nothing.
extension PickerModel {
    func view(rows: Int, columns: Int) -> [Line] {
        var lines: [Line] = []
        if let header {
            lines.append(Line(header, .bold))
        }
        let components = max(daemon.numberOfComponents, 1)
        let height = listHeight(rows: rows)
        let width = max(4, (columns - 1) / components)
        let columnsOfRows = (0..<daemon.numberOfComponents).map { column($0, height: height, width: width) }
        for row in 0..<height * linesPerRow {
            var line = Line()
            for column in columnsOfRows {
                for span in column[row].spans {
                    line.append(span.text, span.style)
                }
            }
            lines.append(line)
        }
        if let filter = filters[focus] {
            lines.append(filter.line(matched: matchCount(focus), of: rowCount(focus)))
        }
        lines.append(status.map { Line($0, .error) } ?? Line(TextWidth.fitHelp(keys, columns), .help))
        return lines
    }

    /// How many rows of `component` match the query typed, once the
    /// daemon's search answers it; nil until then.
    private func matchCount(_ component: Int) -> Int? {
        guard let filter = filters[component], daemon.filter == filter.query, searched?.component == component else { return nil }
        return daemon.matchCounts.indices.contains(component) ? daemon.matchCounts[component] : 0
    }

    private var keys: String {
        if case .confirm(let affirmative, let negative) = purpose {
            // The language's letters (j, o) answer too; y and n always do.
            return [tr("↑/↓ move"), tr("enter done"), YesOrNo.yesLetter + " " + affirmative, YesOrNo.noLetter + " " + negative, "esc " + negative].joined(separator: " · ")
        }
        // TRANSLATORS: a help line's fragment: a key as printed on the keyboard (kept as it is), then what it does: move the cursor.
        var keys = [tr("↑/↓ move")]
        if daemon.numberOfComponents > 1 {
            // TRANSLATORS: a help line's fragment: a key as printed on the keyboard (kept as it is), then what it does: go to the picker's next column.
            keys.append(tr("tab component"))
        }
        // TRANSLATORS: a help line's fragment: a key as printed on the keyboard (kept as it is), then what it does: start typing a filter.
        keys.append(tr("/ filter"))
        switch purpose {
        case .choose, .chooseIndex, .chooseValue, .pick, .confirm: keys += [tr("enter done"), tr("esc cancel")]
        case .attach:
            if daemon.isPopup { keys.append(tr("enter done")) }
            // TRANSLATORS: a help line's fragment: a key as printed on the keyboard (kept as it is), then what it does: quit, leaving the widget as it is.
            keys.append(tr("q quit"))
        }
        // TRANSLATORS: before the help line of a popup picker that is hidden now.
        return (daemon.isPopup && !daemon.isVisible ? tr("(hidden)") + " " : "") + keys.joined(separator: " · ")
    }

    /// A click on a row of a component's column selects it (and focuses
    /// the component); a click on the focused component's selected row is Done.
    func clicked(row: Int, column: Int, rows: Int, columns: Int) -> PickerMessage? {
        let line = (row - (header == nil ? 0 : 1)) / linesPerRow
        let components = daemon.numberOfComponents
        guard components > 0, row >= (header == nil ? 0 : 1), (0..<listHeight(rows: rows)).contains(line) else { return nil }
        let component = min(column / max(4, (columns - 1) / components), components - 1)
        let shown = shownRows(component)
        let position = min(tops[component] ?? 0, max(shown.count - 1, 0)) + line
        guard shown.indices.contains(position), shown[position] >= 0 else { return nil }
        let chosen = shown[position]
        return chosen == selectedRow(component) && component == focus ? .activated(row: chosen, component: component) : .clicked(row: chosen, component: component)
    }

    /// One component's column: `height` rows of `width` columns, each a
    /// line, or two with its description when rows have them.
    private func column(_ component: Int, height: Int, width: Int) -> [Line] {
        let rows = shownRows(component)
        let selected = selectedRow(component)
        let top = min(tops[component] ?? 0, max(rows.count - 1, 0))
        var lines: [Line] = []
        for offset in 0..<height {
            let index = top + offset
            guard index < rows.count else {
                // TRANSLATORS: shown in place of a list's rows when it has none (or none matches).
                lines.append(Line(TextWidth.pad(index == 0 ? "  " + tr("(no rows)") : "", width), .dim))
                if linesPerRow == 2 {
                    lines.append(Line(TextWidth.pad("", width)))
                }
                continue
            }
            let row = rows[index]
            let match = rows.match(at: index)
            let title = match?.title ?? (row >= 0 ? self.title(row, component) ?? "" : "")
            let isSelected = row >= 0 && row == selected
            var line = isSelected ? Line("› ", component == focus ? .accent : .bold) : Line("  ")
            let style: Style = isSelected ? (component == focus ? .cursor : .bold) : .plain
            for span in MatchHighlight.line(title, places: match?.places ?? [], width: width - 2, style: style).spans {
                line.append(span.text, span.style)
            }
            lines.append(line)
            if linesPerRow == 2 {
                let description = row >= 0 ? details.detail(IndexPath(row: row, section: component))?.description ?? "" : ""
                lines.append(Line("  " + TextWidth.pad(description, width - 2), .dim))
            }
        }
        return lines
    }
}
