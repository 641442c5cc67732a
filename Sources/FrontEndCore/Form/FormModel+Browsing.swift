import RxWidgetsClient
import RxWidgetsCommandLine

/// A file field's chooser on a screen that draws it itself (the
/// terminal's): the file browser (`FileModel`) as a part of the form's
/// model, so a key typed ahead reaches the browser or the form in the order
/// it was typed. This process lists the folders, as the person; what is
/// chosen becomes the field's `SetValue`, which the daemon checks as data.
extension FormModel {
    /// The browser open on a file field, and the field it fills.
    package struct Browsing {
        package let field: String
        package var files: FileModel
        /// A listing or a check asked of the runtime and not yet answered:
        /// keys wait for it.
        package var isAsking = false
    }

    /// Opens the browser on `field`, in the folder of what it holds (else
    /// the working directory).
    mutating func openBrowser(for field: RemoteForm.Field) -> [FormCommand] {
        let current = FileFieldComponent.paths(in: daemon.values[field.name])
        let mode: FileModel.Mode
        switch field.chooser.mode {
        case .open: mode = .open(multiple: field.chooser.isMultiple)
        case .save: mode = .save(name: current.first.map { String($0.split(separator: "/").last ?? "") } ?? field.name)
        case .folder: mode = .folder
        }
        let filters = field.accept.isEmpty ? [] : [(name: field.label, patterns: field.accept)]
        var files = FileModel(mode: mode, filters: filters, folder: "")
        files.searches = false
        _ = files.update(.daemonChanged(filter: filters.isEmpty ? -1 : 0, selection: field.chooser.isMultiple ? current : []))
        browsing = Browsing(field: field.name, files: files, isAsking: true)
        return [.listFolder(FileFieldComponent.startingFolder(of: daemon.values[field.name]))]
    }

    /// A key while the browser is open: the browser's, its commands turned
    /// into the form's (a chosen path is the field's value).
    mutating func browse(_ key: Key) -> [FormCommand] {
        guard var current = browsing else { return [] }
        var commands: [FormCommand] = []
        var pending = current.files.update(.key(key))
        while !pending.isEmpty {
            let command = pending.removeFirst()
            switch command {
            case .list(let folder):
                current.isAsking = true
                commands.append(.listFolder(folder))
            case .setFilter(let index):
                pending += current.files.update(.daemonChanged(filter: index, selection: current.files.selection))
            case .select(let paths):
                pending += current.files.update(.daemonChanged(filter: current.files.filter, selection: paths))
            case .checkExists(let path):
                current.isAsking = true
                commands.append(.checkExists(path))
            case .choose(let paths):
                browsing = nil
                return commands + chose(paths, for: current.field)
            case .cancel:
                browsing = nil
                return commands
            case .giveNames, .search, .fetchMatches:
                // Never asked for: this browser's `/` opens no filter.
                break
            }
        }
        browsing = current
        return commands
    }

    /// The runtime listed a folder for the browser.
    mutating func listed(_ folder: String, entries: [FileModel.Entry], error: String?) {
        guard var current = browsing else { return }
        _ = current.files.update(.listed(folder: folder, entries: entries, error: error))
        current.isAsking = false
        browsing = current
    }

    /// The runtime said whether a path to save exists: one that does is
    /// confirmed with a second Enter, another is chosen at once.
    mutating func checked(_ path: String, exists: Bool) -> [FormCommand] {
        guard var current = browsing else { return [] }
        current.isAsking = false
        guard exists else {
            browsing = nil
            return chose([path], for: current.field)
        }
        _ = current.files.update(.exists(path))
        browsing = current
        return []
    }

    private mutating func chose(_ paths: [String], for name: String) -> [FormCommand] {
        fields[name].wasLeft = true
        guard let field = daemon.layout.first(where: { $0.name == name }) else { return [] }
        return [.call(.setValue(field: name, value: FileFieldComponent.value(paths, for: field), .plain))]
    }
}
