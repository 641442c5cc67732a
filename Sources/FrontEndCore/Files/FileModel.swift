import Glibc
import Localization
import RxCoreEssentials
import RxWidgetsCommandLine

/// The file browser's state (`rxwidgets file`): the folder listed (read by
/// this process, as the person), the chooser's filters and choice as the
/// daemon holds them, the cursor, and the `/` filter whose matching is the
/// daemon's search (FileModel+Search) — with `update` and a pure `view`.
package struct FileModel {
    /// One entry of the folder listed.
    package struct Entry: Equatable {
        package let name: String
        package let isFolder: Bool

        package init(name: String, isFolder: Bool) {
            self.name = name
            self.isFolder = isFolder
        }
    }

    package enum Mode: Equatable {
        case open(multiple: Bool)
        /// Save as this name, in the folder the person goes to.
        case save(name: String)
        case folder
    }

    package enum Message {
        /// The folder was listed (or could not be: `error`).
        case listed(folder: String, entries: [Entry], error: String?)
        /// The daemon's chooser now: filter in use and selection.
        case daemonChanged(filter: Int, selection: [String])
        /// The file to save exists: Enter again overwrites.
        case exists(String)
        /// The search's picker now: its filter, match count and `Revision`.
        case searchChanged(PickerSnapshot)
        /// Its ranked matches, fetched from the first.
        case matchesArrived(MatchWindow)
        /// A `SetFilter` was answered.
        case searchAnswered
        case key(Key)
    }

    package enum Command: Equatable {
        /// List `folder` (and `SetFolder` it in the daemon).
        case list(String)
        case setFilter(Int)
        case select([String])
        /// `Select(paths)` then `Choose`; the session ends with them printed.
        case choose([String])
        /// Asks whether `path` exists (a save over it is confirmed first).
        case checkExists(String)
        case cancel
        /// These names become the search picker's rows (it is made, transient, the first time).
        case giveNames([String])
        /// `SetFilter(query)` on the search picker, answered as `.searchAnswered`.
        case search(String)
        /// Fetch the first `count` matches for `revision`; they come back as `.matchesArrived`.
        case fetchMatches(count: Int, revision: UInt64)
    }

    package let mode: Mode
    package let filters: [(name: String, patterns: [String])]
    package private(set) var folder: String
    package private(set) var entries: [Entry] = []
    package private(set) var listingError: String?
    package private(set) var filter: Int
    package private(set) var selection: [String] = []
    package private(set) var cursor = 0
    package private(set) var showsHidden = false
    /// The entries listed: `.` (this folder, to choose or save in), `..`
    /// (not at /), the folders, then the files the filter shows (hidden
    /// ones with `.`). Kept, not worked out again for each key and frame:
    /// a folder may hold many thousands.
    package private(set) var unfiltered: [Entry] = []
    /// A save over this existing path waits for a second Enter.
    package private(set) var confirming: String?
    /// The `/` filter, while one is typed: keys go into its query.
    package var typed: ListFilter?
    /// The daemon's search as this screen knows it.
    package var search = NameSearch()
    /// Whether `/` opens a filter: a browser inside a form has no picker to search with.
    package var searches = true
    /// Why the last key did nothing, shown instead of the keys.
    package private(set) var status: String?

    package init(mode: Mode, filters: [(name: String, patterns: [String])], folder: String) {
        self.mode = mode
        self.filters = filters
        self.folder = folder
        filter = filters.isEmpty ? -1 : 0
        relist()
    }

    /// Sets `unfiltered` from the folder's entries, the hidden toggle and the filter.
    private mutating func relist() {
        let visible = entries.filter { showsHidden || !$0.name.hasPrefix(".") }
        let folders = visible.filter(\.isFolder).sorted { $0.name < $1.name }
        let files = mode == .folder ? [] : visible.filter { !$0.isFolder && matchesFilter($0.name) }.sorted { $0.name < $1.name }
        let here: [Entry]
        if case .open = mode {
            here = []
        } else {
            here = [Entry(name: ".", isFolder: true)]
        }
        unfiltered = here + (folder == "/" ? [] : [Entry(name: "..", isFolder: true)]) + folders + files
    }

    /// The rows shown: the entries listed, or, with a query answered, the
    /// daemon's matches among them, best first.
    package var shown: [Entry] {
        matched?.map(\.entry) ?? unfiltered
    }

    private func matchesFilter(_ name: String) -> Bool {
        guard filters.indices.contains(filter) else { return true }
        return filters[filter].patterns.contains { fnmatch($0, name, 0) == 0 }
    }

    package func path(of entry: Entry) -> String {
        switch entry.name {
        case ".": return folder
        case "..": return FileModel.parent(of: folder)
        default: return (folder == "/" ? "/" : folder + "/") + entry.name
        }
    }

    package static func parent(of folder: String) -> String {
        let parts = folder.split(separator: "/").dropLast()
        return "/" + parts.joined(separator: "/")
    }

    package mutating func update(_ message: Message) -> [Command] {
        var commands: [Command] = []
        switch message {
        case .listed(let listed, let new, let error):
            // A query was for the names of the folder left.
            if listed != folder {
                typed?.query = ""
            }
            folder = listed
            entries = new
            listingError = error
            relist()
        case .daemonChanged(let newFilter, let newSelection):
            filter = newFilter
            selection = newSelection
            relist()
        case .exists(let path):
            confirming = path
        case .searchChanged(let snapshot):
            search.daemon = snapshot
        case .matchesArrived(let window):
            search.matches = window
        case .searchAnswered:
            search.callsInFlight = max(search.callsInFlight - 1, 0)
        case .key(let key):
            commands = handle(key)
        }
        cursor = min(cursor, max(shown.count - 1, 0))
        return commands + searchCommands()
    }

    private mutating func handle(_ key: Key) -> [Command] {
        status = nil
        if key != .enter {
            confirming = nil
        }
        if var typing = typed {
            var ended = false
            if typing.take(key, ended: &ended) {
                if ended {
                    // The cursor stays on its entry among all of them: Space then marks it.
                    let underCursor = shown.indices.contains(cursor) ? shown[cursor] : nil
                    typed = nil
                    cursor = underCursor.flatMap { unfiltered.firstIndex(of: $0) } ?? 0
                } else {
                    typed = typing
                    // A new query's rows start at its best match, as fzf's do.
                    cursor = 0
                }
                return []
            }
        }
        let rows = shown
        switch key {
        case .up, .character("k"):
            cursor = max(cursor - 1, 0)
        case .down, .character("j"):
            cursor = min(cursor + 1, max(rows.count - 1, 0))
        case .home:
            cursor = 0
        case .end:
            cursor = max(rows.count - 1, 0)
        case .left, .backspace, .character("h"):
            guard folder != "/" else { return [] }
            cursor = 0
            return [.list(FileModel.parent(of: folder))]
        case .right, .character("l"):
            guard rows.indices.contains(cursor), rows[cursor].isFolder, rows[cursor].name != "." else { return [] }
            let target = path(of: rows[cursor])
            cursor = 0
            return [.list(target)]
        case .character("."):
            showsHidden.toggle()
            relist()
        case .character("/") where searches:
            typed = ListFilter()
        case .tab where filters.count > 1:
            return [.setFilter((filter + 1) % filters.count)]
        case .character(" "):
            guard case .open(multiple: true) = mode, rows.indices.contains(cursor), !rows[cursor].isFolder else { return [] }
            let chosen = path(of: rows[cursor])
            return [.select(selection.contains(chosen) ? selection.filter { $0 != chosen } : selection + [chosen])]
        case .enter:
            return enter(rows)
        case .escape, .character("q"):
            return [.cancel]
        default:
            break
        }
        return []
    }

    private mutating func enter(_ rows: [Entry]) -> [Command] {
        if let typed, !typed.query.isEmpty, rows.isEmpty {
            // TRANSLATORS: {0} is what was typed to filter the folder's files, in quotes.
            status = tr("nothing here matches \"{0}\"", quoted(typed.query, quote: nil))
            return []
        }
        switch mode {
        case .save(let name):
            if rows.indices.contains(cursor), rows[cursor].isFolder, rows[cursor].name != "." {
                let target = path(of: rows[cursor])
                cursor = 0
                return [.list(target)]
            }
            let target = path(of: Entry(name: name, isFolder: false))
            guard confirming == target else { return [.checkExists(target)] }
            return [.choose([target])]
        case .folder:
            // The folder under the cursor is the choice (`.`: this one); → opens it.
            guard rows.indices.contains(cursor) else { return [.choose([folder])] }
            return [.choose([path(of: rows[cursor])])]
        case .open(let multiple):
            if multiple, !selection.isEmpty, !(rows.indices.contains(cursor) && rows[cursor].isFolder) {
                return [.choose(selection)]
            }
            guard rows.indices.contains(cursor) else { return [] }
            if rows[cursor].isFolder {
                let target = path(of: rows[cursor])
                cursor = 0
                return [.list(target)]
            }
            return [.choose([path(of: rows[cursor])])]
        }
    }
}
