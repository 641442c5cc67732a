import RxCoreEssentials
import RxWidgetsClient
import RxWidgetsCommandLine

extension TableModel: ScreenModel {
    package static func pressed(_ key: Key, rows: Int) -> TableMessage { .key(key, rows: rows) }
    package static func layingOut(rows: Int) -> TableMessage? { .layOut(rows: rows) }
}

/// A table screen's program for any front end: the client's changes and
/// fetched cells, headers and matches become messages; the model's commands
/// become typed client calls (`Cells`, `Headers`, `SetFilter`, `Matches`,
/// `SelectRow`, `DeselectRow`), each answer a message. The cursor is the
/// front end's, as a finger over a row is; the selection is only ever the
/// daemon's.
package final class TableProgram {
    package let table: RemoteTable
    package let program: Program<TableModel>
    private let calls: ListCalls<TableModel>
    private var disposeBag: DisposeBag { calls.disposeBag }

    package init(table: RemoteTable, host: ScreenHost, purpose: TableModel.Purpose, header: String?, height: Int?, limit: Int? = nil, fuzzy: Bool = false,
                 printsIndexes: Bool = false, values: [String]? = nil, searchesDescriptions: Bool = false) {
        self.table = table
        program = Program(TableModel(daemon: TableSnapshot(table), purpose: purpose, header: header, height: height, limit: limit, fuzzy: fuzzy,
                                     printsIndexes: printsIndexes, values: values, searchesDescriptions: searchesDescriptions), host: host)
        calls = ListCalls(program: program, widget: table)
        // Started first: the revision's first value lays the screen out,
        // and the reads that layout asks for must be made, not dropped.
        program.start(performing: { [weak self] in self?.run($0) })
        table.rx.revision.subscribe(onNext: { [weak self] _ in
            guard let self else { return }
            program.receive(.daemonChanged(TableSnapshot(table)))
        }, onError: { [weak self] in self?.program.fail($0) })
            .disposed(by: disposeBag)
        program.follow(table) { [weak self] in
            self?.calls.forgetWindows()
            self?.program.receive(.daemonReturned)
        }.disposed(by: disposeBag)
    }

    package var model: TableModel { program.model }

    private func run(_ commands: [TableCommand]) {
        for command in commands {
            switch command {
            case .fetchCells(let section, let range, let revision):
                fetcher(section).want(range, revision: revision)
            case .setFilter(let query):
                answer(command, table.rx.setFilter(query, SearchSettings(fields: model.searchesDescriptions ? ["title", "description"] : nil)))
            case .fetchMatches(let section, let range, let revision):
                matchFetcher(section).want(range, revision: revision)
            case .fetchDetails(let section, let rows, let revision):
                RowDetailsRead.subscribe(table.rx.rowDetails(in: section, first: rows.lowerBound, count: rows.count), revision: revision, arrived: { [weak self] details in
                    self?.program.receive(.detailsArrived(section: section, first: rows.lowerBound, details, revision: revision))
                }, stale: { [weak self] in
                    self?.program.receive(.detailsFailed(section: section, rows: rows))
                }).disposed(by: disposeBag)
            case .fetchHeaders(let revision):
                table.rx.headers().subscribe(onNext: { [weak self] headers in
                    self?.program.receive(.headersArrived(headers, revision: revision))
                }, onError: { _ in }).disposed(by: disposeBag)
            case .tap(let indexPath, let deselect):
                answer(command, deselect ? table.rx.deselectRow(at: indexPath) : table.rx.selectRow(at: indexPath), refusable: true)
            case .select(let indexPaths):
                for indexPath in indexPaths {
                    answer(command, table.rx.selectRow(at: indexPath))
                }
            case .finishChoosing(let select, let printsIndexes):
                finishChoosing(select, printsIndexes: printsIndexes)
            case .quit:
                program.finish(model.purpose == .attach ? .done("") : .cancelled)
            }
        }
    }

    private func answer(_ command: TableCommand, _ call: Observable<Void>, refusable: Bool = false) {
        calls.answer(call, refusable: refusable) { .answered(command, refusal: $0) }
    }

    private func fetcher(_ section: Int) -> RemoteTexts {
        calls.texts(section, fetch: { [weak self] first, count in
            self?.table.rx.cells(section: section, first: first, count: count).map { cells in cells.map(\.text) } ?? Observable.empty()
        }, arrived: { .cellsArrived(section: section, $0) })
    }

    private func matchFetcher(_ section: Int) -> RemoteWindow<SearchMatch> {
        calls.matches(section, fetch: { [weak self] first, count in
            self?.table.rx.matches(in: section, first: first, count: count).map(\.matches) ?? Observable.empty()
        }, arrived: { .matchesArrived(section: section, $0) })
    }

    /// Selects `select` (a single-selection table's row under the cursor),
    /// then prints the chosen rows, one a line, in index-path order —
    /// nothing when none is chosen.
    private func finishChoosing(_ select: IndexPath?, printsIndexes: Bool) {
        let printSelection = { [weak self] in
            guard let self else { return }
            do {
                let values = model.values
                let lines = try table.indexPathsForSelectedRows.sorted().map { indexPath in
                    if printsIndexes { return "\(indexPath.row)" }
                    if let values, values.indices.contains(indexPath.row) { return values[indexPath.row] }
                    return try table.cells(section: indexPath.section, first: indexPath.row, count: 1).first?.text ?? ""
                }
                program.finish(.done(lines.map { $0 + "\n" }.joined()))
            } catch {
                program.fail(error)
            }
        }
        if let select {
            table.rx.selectRow(at: select).subscribe(onError: { [weak self] in self?.program.fail($0) }, onCompleted: printSelection).disposed(by: disposeBag)
        } else {
            printSelection()
        }
    }
}
