import FrontEndCore
import RxWidgetsCommandLine

/// The browser as lines: the folder, the chooser filter, the rows (a
/// search's matched characters marked), the `/` filter and the keys.
/// Drawing changes nothing.
extension FileModel: TerminalDrawn {
    func view(rows: Int, columns: Int) -> [Line] {
        var lines = [Line(TextWidth.fit(folder, columns), .bold)]
        if filters.indices.contains(filter) {
            let filter = filters[self.filter]
            lines.append(Line(TextWidth.fit("\(filter.name) (\(filter.patterns.joined(separator: " ")))" + (filters.count > 1 ? " · tab next filter" : ""), columns), .dim))
        }
        if let listingError {
            lines.append(Line(TextWidth.fit(listingError, columns), .error))
        }
        let matched = self.matched
        let listed = matched?.map(\.entry) ?? unfiltered
        let room = max(rows - lines.count - 2, 1)
        let first = min(max(cursor - room / 2, 0), max(listed.count - room, 0))
        for (index, entry) in listed.enumerated().dropFirst(first).prefix(room) {
            let mark = (index == cursor ? "› " : "  ") + (selection.contains(path(of: entry)) ? "✓ " : "  ")
            let text = mark + entry.name + (entry.isFolder ? "/" : "")
            // The daemon's offsets are into the name, which follows the mark.
            let places = (matched?[index].places ?? []).map { $0 + mark.unicodeScalars.count }
            let style: Style = index == cursor ? .cursor : entry.isFolder ? .bold : .plain
            lines.append(MatchHighlight.line(text, places: places, width: min(TextWidth.columns(text), columns), style: style))
        }
        lines.append(typed.map { $0.line(matched: matchCount, of: search.given?.count ?? 0) } ?? Line())
        lines.append(Line(TextWidth.fit(status ?? help, columns), status == nil ? .help : .error))
        return Array(lines.prefix(max(rows, 1)))
    }

    private var help: String {
        if let confirming {
            return "\(confirming) exists · enter overwrite · any other key no"
        }
        if typed != nil {
            let enter: String
            switch mode {
            case .open: enter = "enter open/choose"
            case .save(let name): enter = "enter opens a folder, else saves \(name) here"
            case .folder: enter = "enter chooses · → opens"
            }
            return "type to filter · ↑/↓ move · \(enter) · ← parent · esc ends the filter"
        }
        let filter = searches ? " · / filter" : ""
        switch mode {
        case .open(let multiple):
            return "enter open/choose · ← parent · . hidden\(filter)" + (multiple ? " · space mark · enter chooses the marked" : "") + " · esc cancel"
        case .save(let name):
            return "enter on . (or a file) saves \(name) here, on a folder opens it · ← parent\(filter) · esc cancel"
        case .folder:
            return "enter chooses · → opens · ← parent · . hidden\(filter) · esc cancel"
        }
    }
}
