import DBus
import WidgetsAPI
import RxWidgetsEssentials

/// A served file chooser: a `FileChooserView` whose folder and selection a
/// front end sets and whose Choose or Cancel comes back as a signal. The
/// daemon checks paths as data and never reads the file system, so a
/// daemon running as root discloses nothing about anyone's files.
final class FileChooserWidget: ServedWidget {
    let host: WidgetHost
    let view: FileChooserView
    private let disposeBag = DisposeBag()

    init(name: String, options: [String: DBusValue], creator: Creator, context: WidgetContext) throws {
        let checks = context.arguments
        let modeName = options[FileChooserOption.mode]?.stringValue ?? FileChooserView.Mode.open.rawValue
        guard let mode = FileChooserView.Mode(rawValue: modeName) else {
            throw DBusError.invalidArgs("options 'mode': expected 'open', 'save' or 'folder', got \(quoted(modeName))")
        }
        let filters = try (options[FileChooserOption.filters].map { try [DBusStruct<String, [String]>](dbusValue: $0) } ?? [])
            .map { FileChooserView.Filter(name: $0.fields.0, patterns: $0.fields.1) }
        guard filters.count <= context.limits.componentsPerWidget else {
            throw WidgetsError.limitExceeded("options 'filters' has \(filters.count) filters; the limit is \(context.limits.componentsPerWidget)")
        }
        for (index, filter) in filters.enumerated() {
            try checks.checkString(filter.name, "options 'filters'[\(index)] name")
            guard !filter.patterns.isEmpty, filter.patterns.count <= context.limits.componentsPerWidget else {
                throw DBusError.invalidArgs("options 'filters'[\(index)] \(quoted(filter.name)) has \(filter.patterns.count) patterns; expected 1 to \(context.limits.componentsPerWidget)")
            }
            for (number, pattern) in filter.patterns.enumerated() {
                try checks.checkString(pattern, "options 'filters'[\(index)] pattern \(number)")
            }
        }
        let folder = options[FileChooserOption.folder]?.stringValue ?? ""
        try FileChooserWidget.checkFolder(folder, "options 'folder'", checks, allowsEmpty: true)
        let suggested = options[FileChooserOption.name]?.stringValue ?? ""
        try checks.checkString(suggested, "options 'name'")
        // A Character, not a String: String.contains(String) resolves to
        // Foundation's here (Service imports it), which links ICU's 34 MB of
        // data into the daemon.
        guard !suggested.contains(Character("/")) else {
            throw DBusError.invalidArgs("options 'name' \(quoted(suggested)) is a file name, without '/'")
        }
        view = FileChooserView(mode: mode, isMultiple: options[FileChooserOption.multiple] == .boolean(true),
                               filters: filters, folder: folder,
                               suggestedName: suggested, confirmsOverwrite: options[FileChooserOption.confirmOverwrite] == .boolean(true))
        host = WidgetHost(kind: .file, name: name, creator: creator, transient: options[FileChooserOption.transient] == .boolean(true), context: context)
        observe()
    }

    private func observe() {
        view.changes
            .subscribe(onNext: { [weak self] change in
                switch change {
                case .folder: self?.reportChange(API.folder.name)
                case .filter: self?.reportChange(API.filter.name)
                case .selection: self?.reportChange(API.selection.name)
                }
            })
            .disposed(by: disposeBag)
        view.rx.chosen
            .subscribe(onNext: { [weak self] in self?.emit(API.chosen, $0) })
            .disposed(by: disposeBag)
        view.rx.closed
            .subscribe(onNext: { [weak self] in self?.emit(API.closed) })
            .disposed(by: disposeBag)
    }

    var footprint: Int {
        Footprint.fileChooser + Footprint.of(view.selection) + Footprint.of(view.folder)
            + Footprint.of(view.filters.flatMap { [$0.name] + $0.patterns })
    }

    /// As a prompt, a file chooser answers its selection.
    /// The selection.
    var promptAnswerType: DBusType { .array(.string) }

    func promptAnswer(validated: Bool) throws -> DBusValue {
        if validated {
            try requireSelection()
        }
        return view.selection.dbusValue
    }

    // MARK: Checks

    /// A folder: absolute and within the string limit (empty, where allowed, for the front end's choice).
    private static func checkFolder(_ path: String, _ what: String, _ checks: InputChecks, allowsEmpty: Bool = false) throws {
        try checks.checkString(path, what)
        guard path.hasPrefix("/") || (allowsEmpty && path.isEmpty) else {
            throw DBusError.invalidArgs("\(what) \(quoted(path)) is not an absolute path")
        }
    }

    private func requireSelection() throws {
        guard !view.selection.isEmpty else {
            throw WidgetsError.validationFailed("Choose: file chooser '\(name)' has nothing selected; call Select first")
        }
    }

    // MARK: Interface

    func boundInterface() -> Interface { FileChooserWidget.declaration.bind(to: self) }

    typealias API = FileChooserContract

    /// `org.rxwidgets.Widgets1.FileChooser`: the contract's handlers, bound to every file chooser.
    static let declaration = InterfaceDeclaration(Handlers())

    /// The handlers of `FileChooserContract`, one per member, as the contract names them.
    struct Handlers: InterfaceHandlers {
        typealias Target = FileChooserWidget
        typealias Contract = FileChooserContract

        let setFolder: MethodHandler = API.setFolder.changing { widget, path, _ in
            try checkFolder(path, "path", widget.context.arguments)
            try widget.admit(footprint: widget.footprint - Footprint.of(widget.view.folder) + Footprint.of(path), "a folder of \(path.utf8.count) bytes")
            widget.view.setFolder(path)
        }
        let setFilter: MethodHandler = API.setFilter.changing { widget, index, _ in
            guard widget.view.filters.indices.contains(Int(index)) else {
                throw WidgetsError.outOfRange("index \(index) is out of range; file chooser '\(widget.name)' has \(widget.view.filters.count) filters")
            }
            widget.view.setFilter(Int(index))
        }
        let select: MethodHandler = API.select.changing { widget, paths, _ in
            guard paths.count <= widget.context.limits.componentsPerWidget else {
                throw WidgetsError.limitExceeded("paths has \(paths.count) paths; the limit is \(widget.context.limits.componentsPerWidget)")
            }
            for (index, path) in paths.enumerated() {
                try widget.context.arguments.checkString(path, "paths[\(index)]")
            }
            if let refusal = widget.view.refusal(ofSelection: paths) {
                throw DBusError.invalidArgs(refusal)
            }
            try widget.admit(footprint: widget.footprint - Footprint.of(widget.view.selection) + Footprint.of(paths), "\(paths.count) paths")
            widget.view.select(paths)
        }
        let choose: MethodHandler = API.choose.changing { widget, _, _ in
            try widget.requireSelection()
            widget.view.userDidChoose()
            widget.reportContentChange()
        }
        let cancel: MethodHandler = API.cancel.changing { widget, _, _ in
            widget.view.userDidCancel()
            widget.reportContentChange()
        }
        let mode: PropertyHandler = API.mode.serve { $0.view.mode.rawValue }
        let multiple: PropertyHandler = API.multiple.serve { $0.view.isMultiple }
        let folder: PropertyHandler = API.folder.serve { $0.view.folder }
        let filters: PropertyHandler = API.filters.serve { $0.view.filters.map { DBusStruct($0.name, $0.patterns) } }
        let filter: PropertyHandler = API.filter.serve { Int32($0.view.filterIndex) }
        let selection: PropertyHandler = API.selection.serve { $0.view.selection }
        let suggestedName: PropertyHandler = API.suggestedName.serve { $0.view.suggestedName }
        let confirmOverwrite: PropertyHandler = API.confirmOverwrite.serve { $0.view.confirmsOverwrite }
        let revision: PropertyHandler = API.widget.revision.serve { $0.revision }
    }

    // MARK: State

    func stateSnapshot() -> StateSnapshot {
        let state = FileChooserState(mode: view.mode.rawValue, multiple: view.isMultiple, filters: view.filters.map { ($0.name, $0.patterns) },
                                     filter: Int32(view.filterIndex), folder: view.folder, selection: view.selection, name: view.suggestedName,
                                     confirmOverwrite: view.confirmsOverwrite)
        return { state.pieces }
    }

    /// The file chooser a state file describes, checked as `CreateFileChooser` and `Select` check theirs.
    static func restored(from file: StateFile, context: WidgetContext) throws -> FileChooserWidget {
        let state = try FileChooserState(stored: file.state)
        let options: [String: DBusValue] = [
            FileChooserOption.mode.rawValue: .string(state.mode), FileChooserOption.multiple.rawValue: .boolean(state.multiple),
            FileChooserOption.filters.rawValue: .array(element: .structure([.string, .array(.string)]), state.filters.map { .structure([.string($0.name), $0.patterns.dbusValue]) }),
            FileChooserOption.folder.rawValue: .string(state.folder), FileChooserOption.name.rawValue: .string(state.name),
            FileChooserOption.confirmOverwrite.rawValue: .boolean(state.confirmOverwrite),
        ]
        let widget = try FileChooserWidget(name: file.name, options: options, creator: Creator(restoring: file), context: context)
        guard state.filter == -1 ? state.filters.isEmpty : state.filters.indices.contains(Int(state.filter)) else {
            throw StateFile.ReadError(description: "a file chooser's stored filter \(state.filter) is not one of its \(state.filters.count) filters")
        }
        widget.view.setFilter(Int(state.filter))
        for (index, path) in state.selection.enumerated() {
            try context.arguments.checkString(path, "stored selection[\(index)]")
        }
        if let refusal = widget.view.refusal(ofSelection: state.selection) {
            throw StateFile.ReadError(description: "a file chooser's stored selection is not one it takes: \(refusal)")
        }
        widget.view.select(state.selection)
        widget.resume(atRevision: file.revision)
        return widget
    }
}
