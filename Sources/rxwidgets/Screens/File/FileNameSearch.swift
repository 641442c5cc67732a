import FrontEndCore
import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine

/// The daemon's search over the names a file browser lists: a transient
/// picker of this process (gone with its connection, if not destroyed
/// before), made with the first names given. Its state after each call,
/// its `SetFilter` answers and its ranked matches go to the browser's
/// program as messages.
final class FileNameSearch {
    let picker: RemotePicker
    private let program: Program<FileModel>
    private let failed: (Error) -> Void
    private var fetcher: RemoteWindow<SearchMatch>?
    private let disposeBag = DisposeBag()

    init(client: WidgetsClient, names: [String], program: Program<FileModel>, failed: @escaping (Error) -> Void) throws {
        picker = try CommandWidgets.namePicker(client, names: names)
        self.program = program
        self.failed = failed
        // Every change of the picker is news: this screen's calls and any other client's.
        picker.rx.revision.subscribe(onNext: { [weak self] _ in self?.announce() }, onError: { [weak self] in self?.failed($0) })
            .disposed(by: disposeBag)
    }

    /// Makes `names` the picker's rows; its state after the call is the
    /// program's before any key after it is applied.
    func give(_ names: [String]) throws {
        try picker.setItems([names])
        announce()
    }

    /// `SetFilter(query)` without waiting: a newer one wins in the daemon.
    func search(_ query: String) {
        picker.rx.setFilter(query).subscribe(onError: { [weak self] in self?.failed($0) }, onCompleted: { [weak self] in
            // The state the answer left comes with it, whichever of the two the client delivers first.
            self?.announce()
            self?.program.receive(.searchAnswered)
        }).disposed(by: disposeBag)
    }

    /// Fetches the first `count` matches as of `revision`.
    func fetch(_ count: Int, revision: UInt64) {
        matches.want(0..<count, revision: revision)
    }

    private var matches: RemoteWindow<SearchMatch> {
        if let fetcher {
            return fetcher
        }
        let made = RemoteWindow<SearchMatch>(fetch: { [weak self] first, count in
            guard let self else { return Observable.empty() }
            return picker.rx.matches(in: 0, first: first, count: count).map(\.matches)
        }, arrived: { [weak self] in self?.program.receive(.matchesArrived($0)) }, failed: { [weak self] in self?.failed($0) })
        fetcher = made
        return made
    }

    private func announce() {
        program.receive(.searchChanged(PickerSnapshot(picker)))
    }
}
