import Glibc
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
    public enum Mode: String, CaseIterable, Sendable {
        /// Existing files (one, or several with `isMultiple`).
        case open
        /// A file to write: one path, which may not exist yet.
        case save
        /// A folder.
        case folder
    }

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
            patterns.contains { fnmatch($0, name, 0) == 0 }
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
        if mode != .folder, filters.indices.contains(filterIndex), let unshown = paths.firstIndex(where: { !filters[filterIndex].matches(FileChooserView.name(of: $0)) }) {
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
        if mode != .folder {
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
