import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine

extension PickerModel: ScreenModel {
    package static func pressed(_ key: Key, rows: Int) -> PickerMessage { .key(key, rows: rows) }
    package static func layingOut(rows: Int) -> PickerMessage? { .layOut(rows: rows) }
}

/// A picker screen's program for any front end: the client's signals and
/// fetched titles and matches become messages; the model's commands become
/// typed client calls (`Titles`, `SetFilter`, `Matches`, `SelectRow`,
/// `Show`, `Done`, `Cancel`), each answer a message.
package final class PickerProgram {
    package let picker: RemotePicker
    package let program: Program<PickerModel>
    private let calls: ListCalls<PickerModel>
    private var disposeBag: DisposeBag { calls.disposeBag }

    package init(picker: RemotePicker, host: ScreenHost, purpose: PickerModel.Purpose, header: String?, height: Int?) {
        self.picker = picker
        program = Program(PickerModel(daemon: PickerSnapshot(picker), purpose: purpose, header: header, height: height), host: host)
        calls = ListCalls(program: program, widget: picker)
        // Started first: the revision's first value lays the screen out,
        // and the reads that layout asks for must be made, not dropped.
        program.start(performing: { [weak self] in self?.run($0) })
        picker.rx.revision.subscribe(onNext: { [weak self] _ in
            guard let self else { return }
            program.receive(.daemonChanged(PickerSnapshot(picker)))
        }, onError: { [weak self] in self?.program.fail($0) })
            .disposed(by: disposeBag)
        // The revision's subscription ends the screen when these fail too
        // (the daemon left, the widget was destroyed): they need not say it again.
        picker.rx.selectedItem.subscribe(onNext: { [weak self] in self?.program.receive(.selectedItem(index: $0.index, title: $0.title)) }, onError: { _ in }).disposed(by: disposeBag)
        picker.rx.closed.subscribe(onNext: { [weak self] in self?.program.receive(.closed) }, onError: { _ in }).disposed(by: disposeBag)
        program.follow(picker) { [weak self] in
            self?.calls.forgetWindows()
            self?.program.receive(.daemonReturned)
        }.disposed(by: disposeBag)
    }

    package var model: PickerModel { program.model }

    private func run(_ commands: [PickerCommand]) {
        for command in commands {
            switch command {
            case .fetchTitles(let component, let range, let revision):
                fetcher(component).want(range, revision: revision)
            case .setFilter(let query, let component):
                answer(command, picker.rx.setFilter(query, SearchSettings(component: component)))
            case .fetchMatches(let component, let range, let revision):
                matchFetcher(component).want(range, revision: revision)
            case .fetchDetails(let component, let rows, let revision):
                RowDetailsRead.subscribe(picker.rx.rowDetails(in: component, first: rows.lowerBound, count: rows.count), revision: revision, arrived: { [weak self] details in
                    self?.program.receive(.detailsArrived(component: component, first: rows.lowerBound, details, revision: revision))
                }, stale: { [weak self] in
                    self?.program.receive(.detailsFailed(component: component, rows: rows))
                }).disposed(by: disposeBag)
            case .selectRow(let row, let component):
                answer(command, picker.rx.selectRow(row, inComponent: component))
            case .show:
                answer(command, picker.rx.show())
            case .done:
                answer(command, picker.rx.done(), refusable: true)
            case .cancel:
                answer(command, picker.rx.cancel())
            case .printSelectedTitles:
                printSelectedTitles()
            case .finish(let finished):
                program.finish(finished == .cancelled ? .cancelled : .done(finished.output))
            }
        }
    }

    private func answer(_ command: PickerCommand, _ call: Observable<Void>, refusable: Bool = false) {
        calls.answer(call, refusable: refusable) { .answered(command, refusal: $0) }
    }

    private func fetcher(_ component: Int) -> RemoteTexts {
        calls.texts(component, fetch: { [weak self] first, count in
            self?.picker.rx.titles(component: component, first: first, count: count) ?? Observable.empty()
        }, arrived: { .titlesArrived(component: component, $0) })
    }

    private func matchFetcher(_ component: Int) -> RemoteWindow<SearchMatch> {
        calls.matches(component, fetch: { [weak self] first, count in
            self?.picker.rx.matches(in: component, first: first, count: count).map(\.matches) ?? Observable.empty()
        }, arrived: { .matchesArrived(component: component, $0) })
    }

    /// `pick`: every component's selected title, read from the daemon, tab-separated.
    private func printSelectedTitles() {
        do {
            let titles = try picker.selectedRows.enumerated().map { component, row -> String in
                row < 0 ? "" : try picker.titles(component: component, first: row, count: 1).first ?? ""
            }
            program.finish(.done(titles.joined(separator: "\t") + "\n"))
        } catch {
            program.fail(error)
        }
    }
}

extension FinishedPicker {
    /// What a picker that was done prints.
    var output: String {
        if case .done(let output) = self { return output }
        return ""
    }
}
