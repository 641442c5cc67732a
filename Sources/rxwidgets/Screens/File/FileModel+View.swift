import FrontEndCore
import RxWidgetsCommandLine

/// How the file browser is drawn on the terminal.
extension FileModel {
    func view(rows: Int, columns: Int) -> [Line] {
        var lines = [Line(TextWidth.fit(folder, columns), .bold)]
        if filters.indices.contains(filter) {
            let filter = filters[self.filter]
            lines.append(Line(TextWidth.fit("\(filter.name) (\(filter.patterns.joined(separator: " ")))" + (filters.count > 1 ? " · tab next filter" : ""), columns), .dim))
        }
        if let listingError {
            lines.append(Line(TextWidth.fit(listingError, columns), .error))
        }
        let listed = shown
        let room = max(rows - lines.count - 2, 1)
        let first = min(max(cursor - room / 2, 0), max(listed.count - room, 0))
        for (index, entry) in listed.enumerated().dropFirst(first).prefix(room) {
            let mark = selection.contains(path(of: entry)) ? "✓ " : "  "
            let text = (index == cursor ? "› " : "  ") + mark + entry.name + (entry.isFolder ? "/" : "")
            lines.append(Line(TextWidth.fit(text, columns), index == cursor ? .cursor : entry.isFolder ? .bold : .plain))
        }
        lines.append(Line())
        lines.append(Line(TextWidth.fit(help, columns), .help))
        return Array(lines.prefix(max(rows, 1)))
    }

    private var help: String {
        if let confirming {
            return "\(confirming) exists · enter overwrite · any other key no"
        }
        switch mode {
        case .open(let multiple):
            return "enter open/choose · ← parent · . hidden" + (multiple ? " · space mark · enter chooses the marked" : "") + " · esc cancel"
        case .save(let name):
            return "enter on . (or a file) saves \(name) here, on a folder opens it · ← parent · esc cancel"
        case .folder:
            return "enter chooses · → opens · ← parent · . hidden · esc cancel"
        }
    }
}
