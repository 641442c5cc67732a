import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine

/// A table on the terminal: the runtime of `TableModel`. Keys, the
/// client's changes and fetched cells become messages; the commands become
/// typed client calls (`Cells`, `Headers`, `SelectRow`, `DeselectRow`).
/// The cursor is the front end's, as a finger over a row is; the selection
/// is only ever the daemon's.
final class TableScreen: ListScreen {
    private let table: RemoteTable
    let session: Session
    var model: TableModel
    /// Per section, the fetcher of its cells.
    private var fetchers: [Int: RemoteTexts] = [:]
    /// Per section, the read of the filter's search in flight.
    /// Per section, the fetcher of its search's matches.
    private var matchFetchers: [Int: RemoteWindow<SearchMatch>] = [:]
    private let disposeBag = DisposeBag()

    init(table: RemoteTable, session: Session, purpose: TableModel.Purpose, header: String?, height: Int?, limit: Int? = nil, fuzzy: Bool = false, printsIndexes: Bool = false,
         values: [String]? = nil) {
        self.table = table
        self.session = session
        model = TableModel(daemon: TableSnapshot(table), purpose: purpose, header: header, height: height, limit: limit, fuzzy: fuzzy, printsIndexes: printsIndexes, values: values)
        table.rx.revision.subscribe(onNext: { [weak self] _ in
            guard let self else { return }
            dispatch(.daemonChanged(TableSnapshot(table)))
        }, onError: { [weak self] in self?.session.fail($0) })
            .disposed(by: disposeBag)
    }

    func run(_ commands: [TableCommand]) {
        for command in commands {
            switch command {
            case .fetchCells(let section, let range, let revision):
                fetcher(section).want(range, revision: revision)
            case .setFilter(let query):
                table.rx.setFilter(query).subscribe(onError: { [weak self] in self?.session.fail($0) }).disposed(by: disposeBag)
            case .fetchMatches(let section, let range, let revision):
                matchFetcher(section).want(range, revision: revision)
            case .fetchHeaders(let revision):
                table.rx.headers().subscribe(onNext: { [weak self] headers in
                    self?.dispatch(.headersArrived(headers, revision: revision))
                }, onError: { _ in }).disposed(by: disposeBag)
            case .tap(let indexPath, let deselect):
                (deselect ? table.rx.deselectRow(at: indexPath) : table.rx.selectRow(at: indexPath)).subscribe(onError: { [weak self] error in
                    self?.dispatch(.refused("\(error)"))
                }, onDisposed: { [weak self] in self?.dispatch(.tapAnswered) }).disposed(by: disposeBag)
            case .select(let indexPaths):
                for indexPath in indexPaths {
                    table.rx.selectRow(at: indexPath).subscribe(onError: { [weak self] in self?.session.fail($0) }, onDisposed: { [weak self] in
                        self?.dispatch(.tapAnswered)
                    }).disposed(by: disposeBag)
                }
            case .finishChoosing(let select, let printsIndexes):
                finishChoosing(select, printsIndexes: printsIndexes)
            case .quit:
                session.finish(model.purpose == .attach ? .done("") : .cancelled)
            }
        }
    }

    private func fetcher(_ section: Int) -> RemoteTexts {
        if let existing = fetchers[section] {
            return existing
        }
        let made = RemoteTexts(fetch: { [weak self] first, count in
            guard let self else { return Observable.empty() }
            return table.rx.cells(section: section, first: first, count: count).map { cells in cells.map(\.text) }
        }, arrived: { [weak self] window in self?.dispatch(.cellsArrived(section: section, window)) }, failed: { [weak self] in self?.session.fail($0) })
        fetchers[section] = made
        return made
    }

    private func matchFetcher(_ section: Int) -> RemoteWindow<SearchMatch> {
        if let existing = matchFetchers[section] {
            return existing
        }
        let made = RemoteWindow<SearchMatch>(fetch: { [weak self] first, count in
            guard let self else { return Observable.empty() }
            return table.rx.matches(in: section, first: first, count: count).map(\.matches)
        }, arrived: { [weak self] window in self?.dispatch(.matchesArrived(section: section, window)) }, failed: { [weak self] in self?.session.fail($0) })
        matchFetchers[section] = made
        return made
    }

    /// Selects `select` (a single-selection table's row under the cursor),
    /// then prints the chosen rows, one a line, in index-path order —
    /// nothing when none is chosen.
    private func finishChoosing(_ select: IndexPath?, printsIndexes: Bool) {
        let printSelection = { [weak self] in
            guard let self else { return }
            do {
                // Taps typed ahead of their replies count: the selection is read after them.
                try table.refresh()
                let values = model.values
                let lines = try table.indexPathsForSelectedRows.sorted().map { indexPath in
                    if printsIndexes { return "\(indexPath.row)" }
                    if let values, values.indices.contains(indexPath.row) { return values[indexPath.row] }
                    return try table.cells(section: indexPath.section, first: indexPath.row, count: 1).first?.text ?? ""
                }
                session.finish(.done(lines.map { $0 + "\n" }.joined()))
            } catch {
                session.fail(error)
            }
        }
        if let select {
            table.rx.selectRow(at: select).subscribe(onError: { [weak self] in self?.session.fail($0) }, onCompleted: printSelection).disposed(by: disposeBag)
        } else {
            printSelection()
        }
    }
}
