import FrontEndCore
import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine

/// The file browser on the terminal (`rxwidgets file`): the runtime of
/// `FileModel`, whose `Program` applies each key after the answers to those
/// before it. This process lists folders (as the person: the daemon never
/// reads the file system); the chooser's folder, filter and selection are
/// set in the daemon, so any front end on it shows the same, and Choose or
/// Cancel ends the session. A `/` filter's names go to the daemon's search
/// (`FileNameSearch`) only once one is typed.
final class FileScreen {
    let program: Program<FileModel>
    private let chooser: RemoteFileChooser
    private let session: Session
    /// Made with the first names a filter gives.
    private var names: FileNameSearch?
    private let disposeBag = DisposeBag()

    init(chooser: RemoteFileChooser, session: Session, mode: FileModel.Mode) {
        self.chooser = chooser
        self.session = session
        program = Program(FileModel(mode: mode, filters: chooser.filters, folder: chooser.folder), host: session)
        program.start(performing: { [weak self] in $0.forEach { self?.run($0) } })
        chooser.rx.revision.subscribe(onNext: { [weak self] _ in
            guard let self else { return }
            program.receive(.daemonChanged(filter: self.chooser.filter, selection: self.chooser.selection))
            if self.chooser.folder != program.model.folder, !self.chooser.folder.isEmpty {
                list(self.chooser.folder, tellingDaemon: false)
            }
        }, onError: { [weak self] in self?.finish(Outcome(failure: $0)) })
            .disposed(by: disposeBag)
        program.follow(chooser).disposed(by: disposeBag)
        list(chooser.folder, tellingDaemon: false)
    }

    /// Destroys the search's picker, if one was made: the names it holds go
    /// with the screen, not only with the connection.
    func end() {
        // A daemon gone took the transient picker with it.
        try? names?.picker.destroy()
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
                finish(.done(paths.map { $0 + "\n" }.joined()))
            case .checkExists(let path):
                if chooser.confirmsOverwrite, FolderListing.exists(path) {
                    program.receive(.exists(path))
                } else {
                    run(.choose([path]))
                }
            case .cancel:
                try chooser.cancel()
                finish(.cancelled)
            case .giveNames(let given):
                if let names {
                    try names.give(given)
                } else {
                    names = try FileNameSearch(client: chooser.client, names: given, program: program, failed: { [weak self] in self?.finish(Outcome(failure: $0)) })
                }
            // The model gives names before it searches them.
            case .search(let query): names?.search(query)
            case .fetchMatches(let count, let revision): names?.fetch(count, revision: revision)
            }
        } catch {
            finish(Outcome(failure: error))
        }
    }

    private func finish(_ outcome: Outcome) {
        program.finish(outcome)
    }

    /// Lists `folder` as this process sees it; a folder that cannot be read shows why.
    private func list(_ folder: String, tellingDaemon: Bool) {
        let listing = FolderListing.list(folder)
        if tellingDaemon {
            do {
                try chooser.setFolder(listing.folder)
            } catch {
                finish(Outcome(failure: error))
                return
            }
        }
        program.receive(.listed(folder: listing.folder, entries: listing.entries, error: listing.error))
    }
}

extension ProgramScreen where Model == FileModel {
    convenience init(browser: FileScreen, session: Session) {
        self.init(browser.program, session: session, performer: browser)
    }
}
