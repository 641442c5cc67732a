import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine

/// A picker on the terminal: the runtime of `PickerModel`. Keys, the
/// client's signals and fetched titles and matches become messages; the
/// commands become typed client calls (`Titles`, `SetFilter`, `Matches`,
/// `SelectRow`, `Show`, `Done`, `Cancel`).
final class PickerScreen: ListScreen {
    private let picker: RemotePicker
    let session: Session
    var model: PickerModel
    /// Per component, the fetcher of its titles.
    private var fetchers: [Int: RemoteTexts] = [:]
    /// Per component, the fetcher of its search's matches.
    private var matchFetchers: [Int: RemoteWindow<SearchMatch>] = [:]
    private var timer: LoopTimer?
    private let disposeBag = DisposeBag()

    /// With `deadline`, `Done` is called once its seconds have passed.
    init(picker: RemotePicker, session: Session, purpose: PickerModel.Purpose, header: String?, height: Int?, deadline: PickerModel.Deadline? = nil) {
        self.picker = picker
        self.session = session
        model = PickerModel(daemon: PickerSnapshot(picker), purpose: purpose, header: header, height: height, deadline: deadline)
        if let deadline {
            timer = MainLoop.shared.addTimer(after: Int64(deadline.seconds) * 1_000_000_000) { [weak self] in
                self?.timer = nil
                self?.dispatch(.timedOut)
            }
        }
        picker.rx.revision.subscribe(onNext: { [weak self] _ in
            guard let self else { return }
            dispatch(.daemonChanged(PickerSnapshot(picker)))
        }, onError: { [weak self] in self?.session.fail($0) })
            .disposed(by: disposeBag)
        // The revision's subscription ends the session when these fail too
        // (the daemon left, the widget was destroyed): they need not say it again.
        picker.rx.selectedItem.subscribe(onNext: { [weak self] in self?.dispatch(.selectedItem(index: $0.index, title: $0.title)) }, onError: { _ in }).disposed(by: disposeBag)
        picker.rx.closed.subscribe(onNext: { [weak self] in self?.dispatch(.closed) }, onError: { _ in }).disposed(by: disposeBag)
    }

    deinit {
        timer?.dispose()
    }

    func run(_ commands: [PickerCommand]) {
        for command in commands {
            switch command {
            case .fetchTitles(let component, let range, let revision):
                fetcher(component).want(range, revision: revision)
            case .setFilter(let query, let component):
                picker.rx.setFilter(query, SearchSettings(component: component)).subscribe(onError: { [weak self] in self?.session.fail($0) }).disposed(by: disposeBag)
            case .fetchMatches(let component, let range, let revision):
                matchFetcher(component).want(range, revision: revision)
            case .selectRow(let row, let component):
                picker.rx.selectRow(row, inComponent: component).subscribe(onError: { [weak self] in self?.session.fail($0) }, onDisposed: { [weak self] in
                    self?.dispatch(.selectAnswered(component: component))
                }).disposed(by: disposeBag)
            case .show:
                picker.rx.show().subscribe(onError: { [weak self] in self?.session.fail($0) }).disposed(by: disposeBag)
            case .done:
                picker.rx.done().subscribe(onError: { [weak self] error in self?.dispatch(.refused("\(error)")) }).disposed(by: disposeBag)
            case .cancel:
                picker.rx.cancel().subscribe(onError: { [weak self] in self?.session.fail($0) }).disposed(by: disposeBag)
            case .printSelectedTitles:
                printSelectedTitles()
            case .finish(let finished):
                switch finished {
                case .done(let output): session.finish(.done(output))
                case .cancelled: session.finish(.cancelled)
                }
            }
        }
    }

    private func fetcher(_ component: Int) -> RemoteTexts {
        if let existing = fetchers[component] {
            return existing
        }
        let made = RemoteTexts(fetch: { [weak self] first, count in
            guard let self else { return Observable.empty() }
            return picker.rx.titles(component: component, first: first, count: count)
        }, arrived: { [weak self] window in self?.dispatch(.titlesArrived(component: component, window)) }, failed: { [weak self] in self?.session.fail($0) })
        fetchers[component] = made
        return made
    }

    private func matchFetcher(_ component: Int) -> RemoteWindow<SearchMatch> {
        if let existing = matchFetchers[component] {
            return existing
        }
        let made = RemoteWindow<SearchMatch>(fetch: { [weak self] first, count in
            guard let self else { return Observable.empty() }
            return picker.rx.matches(in: component, first: first, count: count).map(\.matches)
        }, arrived: { [weak self] window in self?.dispatch(.matchesArrived(component: component, window)) }, failed: { [weak self] in self?.session.fail($0) })
        matchFetchers[component] = made
        return made
    }

    /// `pick`: every component's selected title, read from the daemon, tab-separated.
    private func printSelectedTitles() {
        do {
            let titles = try picker.selectedRows.enumerated().map { component, row -> String in
                row < 0 ? "" : try picker.titles(component: component, first: row, count: 1).first ?? ""
            }
            session.finish(.done(titles.joined(separator: "\t") + "\n"))
        } catch {
            session.fail(error)
        }
    }
}
