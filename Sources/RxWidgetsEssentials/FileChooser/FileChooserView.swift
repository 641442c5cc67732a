import RxCoreEssentials

/// The headless file chooser (GTK's `GtkFileChooser`, the desktop portal's
/// `FileChooser`, zenity's `--file-selection`) as state only: what to
/// choose (files to open or a name to save, or a folder), the folder shown,
/// the filters and the one in use, and the paths chosen so far. It never
/// looks at a file system: the front end, running as the person, lists
/// folders and says what the person picked; the view keeps and checks it
/// as data. The person's two gestures are `userDidChoose()` and
/// `userDidCancel()`.
public final class FileChooserView: ReactiveCompatible {
    /// What is chosen.
    public typealias Mode = FileChooserMode

    /// A named set of glob patterns, as `*.png *.jpg` ("Images").
    public struct Filter: Equatable, Sendable {
        public var name: String
        public var patterns: [String]

        public init(name: String, patterns: [String]) {
            self.name = name
            self.patterns = patterns
        }

        /// Whether a file named `name` (a path's last component) matches one of the patterns.
        public func matches(_ name: String) -> Bool {
            patterns.contains { Glob.matches(Array($0.unicodeScalars), Array(name.unicodeScalars)) }
        }
    }

    /// What changed in the view's state, as it changes.
    public enum Change: Sendable, Equatable {
        case folder, filter, selection
    }

    public let mode: Mode
    public let isMultiple: Bool
    public let filters: [Filter]
    /// The save name suggested (`save`), shown in the name entry.
    public let suggestedName: String
    /// Whether a front end asks before a save over an existing file.
    public let confirmsOverwrite: Bool
    /// The folder shown: an absolute path, or empty for the front end's choice.
    public private(set) var folder: String
    /// The filter in use: an index of `filters`, or -1 for none.
    public private(set) var filterIndex: Int
    /// The paths chosen so far, absolute.
    public private(set) var selection: [String] = []

    private let changeRelay = PublishRelay<Change>()
    fileprivate let chosenRelay = PublishRelay<[String]>()
    fileprivate let closedRelay = PublishRelay<Void>()

    public init(mode: Mode, isMultiple: Bool, filters: [Filter], folder: String, suggestedName: String, confirmsOverwrite: Bool) {
        self.mode = mode
        self.isMultiple = isMultiple && mode == .open
        self.filters = filters
        self.folder = folder
        self.suggestedName = suggestedName
        self.confirmsOverwrite = confirmsOverwrite
        filterIndex = filters.isEmpty ? -1 : 0
    }

    /// Every change of the state, sent once made, only when a value
    /// differs, synchronously; it never completes.
    public var changes: Observable<Change> {
        changeRelay.asObservable()
    }

    /// Why `paths` cannot be the selection: not absolute, several where one
    /// is chosen, a file the filter in use does not show; nil when they can.
    public func refusal(ofSelection paths: [String]) -> String? {
        guard paths.count <= 1 || isMultiple else {
            return "\(paths.count) paths given; this chooser chooses one (\(mode.rawValue)\(mode == .open ? ", not multiple" : ""))"
        }
        if let relative = paths.firstIndex(where: { !$0.hasPrefix("/") }) {
            return "paths[\(relative)] \(quoted(paths[relative])) is not an absolute path"
        }
        // A folder is not a file a filter shows, and a save may name a file of any kind.
        if mode == .open, filters.indices.contains(filterIndex), let unshown = paths.firstIndex(where: { !filters[filterIndex].matches(FileChooserView.name(of: $0)) }) {
            let filter = filters[filterIndex]
            return "paths[\(unshown)] \(quoted(paths[unshown])) does not match the filter \(quoted(filter.name)) (\(filter.patterns.joined(separator: " ")))"
        }
        return nil
    }

    /// A path's last component.
    public static func name(of path: String) -> String {
        String(path.split(separator: "/").last ?? "")
    }

    /// Shows another folder (an absolute path).
    public func setFolder(_ path: String) {
        guard folder != path else { return }
        folder = path
        changeRelay.accept(.folder)
    }

    /// Uses another filter; the selection it would not show is let go of.
    public func setFilter(_ index: Int) {
        guard filterIndex != index, filters.indices.contains(index) else { return }
        filterIndex = index
        changeRelay.accept(.filter)
        if mode == .open {
            select(selection.filter { filters[index].matches(FileChooserView.name(of: $0)) })
        }
    }

    /// The paths chosen so far (the caller checked them: `refusal(ofSelection:)`).
    public func select(_ paths: [String]) {
        guard selection != paths else { return }
        selection = paths
        changeRelay.accept(.selection)
    }

    /// The person is done: `rx.chosen` sends the selection (the caller
    /// refuses an empty one).
    public func userDidChoose() {
        chosenRelay.accept(selection)
    }

    /// The person closed the chooser without choosing: `rx.closed`.
    public func userDidCancel() {
        closedRelay.accept(())
    }
}

extension Reactive where Base: FileChooserView {
    /// The paths chosen, when the person is done.
    public var chosen: Observable<[String]> {
        base.chosenRelay.asObservable()
    }

    /// The person cancelled.
    public var closed: Observable<Void> {
        base.closedRelay.asObservable()
    }
}

/// Shell globs (`*`, `?`, `[abc]`, `[a-z]`, `[!x]`) matched in time linear
/// in the name for each `*`: a filter is input, and a backtracking matcher
/// (fnmatch) takes exponential time on patterns such as `*a*a*a*b`.
enum Glob {
    static func matches(_ pattern: [Unicode.Scalar], _ name: [Unicode.Scalar]) -> Bool {
        var (p, n) = (0, 0)
        var star: (pattern: Int, name: Int)?
        while n < name.count {
            if p < pattern.count, pattern[p] == "*" {
                star = (p, n)
                p += 1
            } else if p < pattern.count, let width = single(pattern, at: p, matching: name[n]) {
                p += width
                n += 1
            } else if let resume = star {
                // Let the last `*` take one more character and try again from there.
                star = (resume.pattern, resume.name + 1)
                p = resume.pattern + 1
                n = resume.name + 1
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" {
            p += 1
        }
        return p == pattern.count
    }

    /// The pattern's width at `index` when its one character (`?`, a class
    /// or a literal) matches `character`; nil when it does not.
    private static func single(_ pattern: [Unicode.Scalar], at index: Int, matching character: Unicode.Scalar) -> Int? {
        switch pattern[index] {
        case "?":
            return 1
        case "[":
            var cursor = index + 1
            let negated = cursor < pattern.count && (pattern[cursor] == "!" || pattern[cursor] == "^")
            if negated { cursor += 1 }
            var matched = false
            var first = true
            while cursor < pattern.count, pattern[cursor] != "]" || first {
                first = false
                if cursor + 2 < pattern.count, pattern[cursor + 1] == "-", pattern[cursor + 2] != "]" {
                    matched = matched || (pattern[cursor] ... pattern[cursor + 2]).contains(character)
                    cursor += 3
                } else {
                    matched = matched || pattern[cursor] == character
                    cursor += 1
                }
            }
            // An unclosed `[` is a literal.
            guard cursor < pattern.count else { return pattern[index] == character ? 1 : nil }
            return matched != negated ? cursor + 1 - index : nil
        default:
            return pattern[index] == character ? 1 : nil
        }
    }
}
