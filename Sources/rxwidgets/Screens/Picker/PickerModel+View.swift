import RxWidgetsClient
import RxWidgetsCommandLine

/// The picker as lines: its components side by side, each a column of
/// titles with its selected row marked, the filter and the keys. Drawing
/// changes nothing.
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
        for row in 0..<height {
            var line = Line()
            for column in columnsOfRows {
                for span in column[row].spans {
                    line.append(span.text, span.style)
                }
            }
            lines.append(line)
        }
        if let filter = filters[focus] {
            var line = filter.line
            if let progress = scan(focus)?.progress {
                line.append("  " + progress, .dim)
            }
            lines.append(line)
        }
        lines.append(Line(status ?? keys, status == nil ? .help : .error))
        return lines
    }

    private var keys: String {
        if case .confirm(let affirmative, let negative) = purpose {
            return "↑/↓ move · enter done · y \(affirmative) · n \(negative) · esc \(negative)"
        }
        var keys = "↑/↓ move"
        if daemon.numberOfComponents > 1 { keys += " · tab component" }
        keys += " · / filter"
        switch purpose {
        case .choose, .chooseIndex, .chooseValue, .pick, .confirm: keys += " · enter done · esc cancel"
        case .attach: keys += (daemon.isPopup ? " · enter done" : "") + " · q quit"
        }
        if daemon.isPopup, !daemon.isVisible {
            keys = "(hidden) " + keys
        }
        if let deadline {
            keys += " · \(deadline.defaultTitle ?? "chosen") after \(deadline.seconds) s"
        }
        return keys
    }

    /// One component's column: `height` lines of `width` columns.
    private func column(_ component: Int, height: Int, width: Int) -> [Line] {
        let rows = shownRows(component)
        let selected = selectedRow(component)
        let top = min(tops[component] ?? 0, max(rows.count - 1, 0))
        var lines: [Line] = []
        for offset in 0..<height {
            let index = top + offset
            guard index < rows.count else {
                lines.append(Line(TextWidth.pad(index == 0 ? "  (no rows)" : "", width), .dim))
                continue
            }
            let row = rows[index]
            let title = self.title(row, component) ?? ""
            if row == selected {
                let style: Style = component == focus ? .accent : .bold
                var line = Line("› ", style)
                line.append(TextWidth.pad(title, width - 2), component == focus ? .cursor : .bold)
                lines.append(line)
            } else {
                lines.append(Line("  " + TextWidth.pad(title, width - 2)))
            }
        }
        return lines
    }
}
