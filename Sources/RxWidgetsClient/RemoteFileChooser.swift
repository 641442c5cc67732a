import DBus
import RxCoreEssentials
import WidgetsAPI

/// A file chooser served by rxwidgetsd (`org.rxwidgets.Widgets1.FileChooser`),
/// called through `FileChooserContract`: a front end lists folders (as the
/// person) and sets the folder and the selection; Choose or Cancel comes
/// back as `rx.chosen` or `rx.closed`.
public final class RemoteFileChooser: RemoteWidget {
    typealias API = FileChooserContract

    init(client: WidgetsClient, path: ObjectPath) throws {
        try super.init(client: client, path: path, interface: API.name)
    }

    /// `open`, `save` or `folder`.
    public var mode: String { value(API.mode) ?? "open" }
    public var isMultiple: Bool { value(API.multiple) ?? false }
    /// The folder shown; empty for the front end's choice. Kept current.
    public var folder: String { value(API.folder) ?? "" }
    /// Each filter's name and glob patterns.
    public var filters: [(name: String, patterns: [String])] { (value(API.filters) ?? []).map(\.fields) }
    /// The filter in use; -1 without filters. Kept current.
    public var filter: Int { Int(value(API.filter) ?? -1) }
    /// The paths chosen so far. Kept current.
    public var selection: [String] { value(API.selection) ?? [] }
    /// The file name a save suggests.
    public var suggestedName: String { value(API.suggestedName) ?? "" }
    public var confirmsOverwrite: Bool { value(API.confirmOverwrite) ?? false }

    public func setFolder(_ path: String) throws {
        try call(API.setFolder, path)
    }

    public func setFilter(_ index: Int) throws {
        try call(API.setFilter, Int32(clamping: index))
    }

    public func select(_ paths: [String]) throws {
        try call(API.select, paths)
    }

    /// The person is done: `Chosen` with the selection.
    public func choose() throws {
        try call(API.choose, ())
    }

    public func cancel() throws {
        try call(API.cancel, ())
    }
}

extension Reactive where Base: RemoteFileChooser {
    /// `Chosen`: the paths the person chose.
    public var chosen: Observable<[String]> {
        base.signal(FileChooserContract.chosen)
    }

    /// `Closed`: the person cancelled.
    public var closed: Observable<Void> {
        base.signal(FileChooserContract.closed)
    }
}

extension WidgetsClient {
    /// Creates a file chooser: `mode` open, save or folder.
    public func createFileChooser(_ name: String, mode: String = "open", multiple: Bool = false, filters: [(name: String, patterns: [String])] = [],
                                  folder: String = "", suggestedName: String = "", confirmsOverwrite: Bool = false,
                                  transient: Bool = false, replace: Bool = false, prompt: PromptRequest? = nil) throws -> RemoteFileChooser {
        let options = [FileChooserOption.mode.with(.string(mode)), FileChooserOption.multiple.with(.boolean(multiple)),
                       FileChooserOption.filters.with(.array(element: .structure([.string, .array(.string)]), filters.map { .structure([.string($0.name), $0.patterns.dbusValue]) })),
                       FileChooserOption.folder.with(.string(folder)), FileChooserOption.name.with(.string(suggestedName)),
                       FileChooserOption.confirmOverwrite.with(.boolean(confirmsOverwrite)), FileChooserOption.transient.with(.boolean(transient)),
                       FileChooserOption.replace.with(.boolean(replace))] + (prompt.map { [FileChooserOption.prompt.with($0.option)] } ?? [])
        return try RemoteFileChooser(client: self, path: try callManager(ManagerContract.createFileChooser, (name, Options(options))))
    }

    /// The existing file chooser `name`.
    public func fileChooser(_ name: String) throws -> RemoteFileChooser {
        try RemoteFileChooser(client: self, path: try existing(.file, name))
    }
}
