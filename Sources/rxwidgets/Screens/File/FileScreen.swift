import FrontEndCore
import Glibc
import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine

/// The file browser on the terminal (`rxwidgets file`): the runtime of
/// `FileModel`. This process lists folders (as the person: the daemon
/// never reads the file system); the chooser's folder, filter and
/// selection are set in the daemon, so any front end on it shows the same,
/// and Choose or Cancel ends the session.
final class FileScreen: InteractiveScreen {
    private let chooser: RemoteFileChooser
    private let session: Session
    private var model: FileModel
    private let disposeBag = DisposeBag()

    init(chooser: RemoteFileChooser, session: Session, mode: FileModel.Mode) {
        self.chooser = chooser
        self.session = session
        model = FileModel(mode: mode, filters: chooser.filters, folder: chooser.folder)
        chooser.rx.revision.subscribe(onNext: { [weak self] _ in
            guard let self else { return }
            dispatch(.daemonChanged(filter: self.chooser.filter, selection: self.chooser.selection))
            if self.chooser.folder != model.folder, !self.chooser.folder.isEmpty {
                list(self.chooser.folder, tellingDaemon: false)
            }
        }, onError: { [weak self] in self?.session.fail($0) })
            .disposed(by: disposeBag)
        list(chooser.folder, tellingDaemon: false)
    }

    private func dispatch(_ message: FileModel.Message) {
        for command in model.update(message) {
            run(command)
        }
        session.redraw()
    }

    private func run(_ command: FileModel.Command) {
        do {
            switch command {
            case .list(let folder): list(folder, tellingDaemon: true)
            case .setFilter(let index): try chooser.setFilter(index)
            case .select(let paths): try chooser.select(paths)
            case .choose(let paths):
                try chooser.select(paths)
                try chooser.choose()
                session.finish(.done(paths.map { $0 + "\n" }.joined()))
            case .checkExists(let path):
                if chooser.confirmsOverwrite, FolderListing.exists(path) {
                    dispatch(.exists(path))
                } else {
                    run(.choose([path]))
                }
            case .cancel:
                try chooser.cancel()
                session.finish(.cancelled)
            }
        } catch {
            session.fail(error)
        }
    }

    /// Lists `folder` as this process sees it; a folder that cannot be read shows why.
    private func list(_ folder: String, tellingDaemon: Bool) {
        let listing = FolderListing.list(folder)
        if tellingDaemon {
            do {
                try chooser.setFolder(listing.folder)
            } catch {
                session.fail(error)
                return
            }
        }
        dispatch(.listed(folder: listing.folder, entries: listing.entries, error: listing.error))
    }

    func lines(rows: Int, columns: Int) -> [Line] {
        model.view(rows: rows, columns: columns)
    }

    func handle(_ key: Key) {
        dispatch(.key(key))
    }
}
