import FrontEndCore
import Localization
import RxWidgetsCommandLine

/// The browser as lines: the folder, the chooser filter, the rows (a
/// search's matched characters marked), the `/` filter and the keys.
/// Drawing changes nothing.
extension FileModel: TerminalDrawn {
    func view(rows: Int, columns: Int) -> [Line] {
        var lines = [Line(TextWidth.fit(folder, columns), .bold)]
        if filters.indices.contains(filter) {
            let filter = filters[self.filter]
            // TRANSLATORS: a help line's fragment: a key as printed on the keyboard (kept as it is), then what it does: use the chooser's next filter (as "Images (*.png *.jpg)").
            let next = filters.count > 1 ? " · " + tr("tab next filter") : ""
            lines.append(Line(TextWidth.fit("\(filter.name) (\(filter.patterns.joined(separator: " ")))" + next, columns), .dim))
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
        lines.append(status.map { Line(TextWidth.fit($0, columns), .error) } ?? Line(TextWidth.fitHelp(help, columns), .help))
        return Array(lines.prefix(max(rows, 1)))
    }

    private var help: String {
        if let confirming {
            // TRANSLATORS: asked before a file is overwritten; {0} is the file's name; "enter" is the key, as printed on the keyboard.
            // The file's name: its folder is the screen's first line, and the keys must fit beside it.
            let name = confirming.split(separator: "/").last.map(String.init) ?? confirming
            return [tr("{0} exists", name), tr("enter overwrite"), tr("any other key no")].joined(separator: " · ")
        }
        // TRANSLATORS: a help line's fragment: a key as printed on the keyboard (kept as it is), then what it does: open a folder, or choose a file.
        let openOrChoose = tr("enter open/choose")
        // TRANSLATORS: a help line's fragment: a key as printed on the keyboard (kept as it is), then what it does: choose the folder under the cursor (enter), or open it (→).
        let chooseOrOpen = [tr("enter chooses"), tr("→ opens")]
        // TRANSLATORS: a help line's fragment: a key as printed on the keyboard (kept as it is), then what it does: go to the parent folder.
        let parent = tr("← parent")
        if typed != nil {
            let enter: [String]
            switch mode {
            case .open: enter = [openOrChoose]
            // TRANSLATORS: a help line's fragment: what the key "enter" (kept as it is) does; {0} is the name the file is saved as.
            case .save(let name): enter = [tr("enter opens a folder, else saves {0} here", name)]
            case .folder: enter = chooseOrOpen
            }
            // TRANSLATORS: a help line's fragment: a key as printed on the keyboard (kept as it is), then what it does: stop filtering.
            return ([tr("type to filter"), tr("↑/↓ move")] + enter + [parent, tr("esc ends the filter")]).joined(separator: " · ")
        }
        let filter = searches ? [tr("/ filter")] : []
        // TRANSLATORS: a help line's fragment: a key as printed on the keyboard (kept as it is), then what it does: show or hide hidden files.
        let hidden = tr(". hidden")
        switch mode {
        case .open(let multiple):
            // TRANSLATORS: a help line's fragment: a key as printed on the keyboard (kept as it is), then what it does: mark a file (space), or choose the files marked (enter).
            let marking = multiple ? [tr("space mark"), tr("enter chooses the marked")] : []
            return ([openOrChoose, parent, hidden] + filter + marking + [tr("esc cancel")]).joined(separator: " · ")
        case .save(let name):
            // TRANSLATORS: a help line's fragment: what the key "enter" (kept as it is) does on the entry "." (this folder), a file or a folder; {0} is the name the file is saved as.
            return ([tr("enter on . (or a file) saves {0} here, on a folder opens it", name), parent] + filter + [tr("esc cancel")]).joined(separator: " · ")
        case .folder:
            return (chooseOrOpen + [parent, hidden] + filter + [tr("esc cancel")]).joined(separator: " · ")
        }
    }
}
