import FoundationEssentials
import RxWidgets
import XCTest

/// RxCocoa's highlight, display and prefetch events and RxDataSources'
/// footers, section index and view transitions, driven by the table's own
/// headless gestures.
final class TableViewDisplayTests: WidgetTestCase {
    private func letterTable(_ letters: [String], bag: DisposeBag) -> TableView {
        let tableView = TableView()
        Observable.just(letters)
            .bind(to: tableView.rx.items) { _, _, item in
                let cell = TableViewCell(style: .default, reuseIdentifier: nil)
                cell.textLabel?.text = item
                return cell
            }
            .disposed(by: bag)
        return tableView
    }

    func testHighlightMovesFromRowToRowInUIKitsOrder() {
        let bag = DisposeBag()
        let items = BehaviorRelay(value: ["a", "b", "c"])
        let tableView = TableView()
        items.bind(to: tableView.rx.items) { _, _, _ in TableViewCell(style: .default, reuseIdentifier: nil) }.disposed(by: bag)
        var log: [String] = []
        tableView.rx.itemHighlighted.subscribe(onNext: { log.append("highlighted \($0.row)") }).disposed(by: bag)
        tableView.rx.itemUnhighlighted.subscribe(onNext: { log.append("unhighlighted \($0.row)") }).disposed(by: bag)

        tableView.userDidHighlightRow(at: IndexPath(row: 1, section: 0))
        tableView.userDidHighlightRow(at: IndexPath(row: 1, section: 0))
        tableView.userDidHighlightRow(at: IndexPath(row: 7, section: 0))
        tableView.userDidHighlightRow(at: IndexPath(row: 2, section: 0))
        tableView.userDidUnhighlightRow(at: IndexPath(row: 0, section: 0))
        XCTAssertEqual(log, ["highlighted 1", "unhighlighted 1", "highlighted 2"], "the same row again, a row outside and another row's unhighlight change nothing")
        XCTAssertEqual(tableView.indexPathForHighlightedRow, IndexPath(row: 2, section: 0))

        items.accept(["a", "b"])
        XCTAssertNil(tableView.indexPathForHighlightedRow, "the highlighted row is gone with its data")
        XCTAssertEqual(log.count, 3)
    }

    func testScrollingPrefetchesThenEndsAndStartsDisplayingCells() {
        let bag = DisposeBag()
        let tableView = letterTable(["a", "b", "c", "d", "e", "f"], bag: bag)
        var log: [String] = []
        let rows: ([IndexPath]) -> String = { $0.map { String($0.row) }.joined(separator: ",") }
        tableView.rx.prefetchRows.subscribe(onNext: { log.append("prefetch \(rows($0))") }).disposed(by: bag)
        tableView.rx.cancelPrefetchingForRows.subscribe(onNext: { log.append("cancel \(rows($0))") }).disposed(by: bag)
        tableView.rx.willDisplayCell.subscribe(onNext: { log.append("show \($0.indexPath.row) \($0.cell.textLabel?.text ?? "")") }).disposed(by: bag)
        tableView.rx.didEndDisplayingCell.subscribe(onNext: { log.append("hide \($0.indexPath.row) \($0.cell.textLabel?.text ?? "")") }).disposed(by: bag)
        let paths: (ClosedRange<Int>) -> [IndexPath] = { $0.map { IndexPath(row: $0, section: 0) } }

        tableView.userDidScroll(showing: paths(0...2), prefetching: paths(3...4))
        XCTAssertEqual(log, ["prefetch 3,4", "show 0 a", "show 1 b", "show 2 c"])
        log = []
        tableView.userDidScroll(showing: paths(2...4), prefetching: paths(5...9))
        XCTAssertEqual(log, ["prefetch 5", "hide 0 a", "hide 1 b", "show 3 d", "show 4 e"], "rows prefetched then shown are not cancelled; rows outside the table are left out")
        XCTAssertEqual(tableView.indexPathsForVisibleRows, paths(2...4))
        XCTAssertEqual(tableView.visibleCells.map { $0.textLabel?.text }, ["c", "d", "e"])
        log = []
        tableView.userDidScroll(showing: paths(0...0), prefetching: paths(1...1))
        XCTAssertEqual(log, ["cancel 5", "prefetch 1", "hide 2 c", "hide 3 d", "hide 4 e", "show 0 a"])
        log = []
        tableView.userDidScroll(showing: [])
        XCTAssertEqual(log, ["cancel 1", "hide 0 a"])
        XCTAssertNil(tableView.indexPathsForVisibleRows)
    }

    func testAForwardPrefetchDataSourceHearsWhatTheProxyPublishes() {
        final class Prefetcher: TableViewDataSourcePrefetching {
            var fetched: [[IndexPath]] = []
            func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath]) {
                fetched.append(indexPaths)
            }
        }
        let bag = DisposeBag()
        let tableView = letterTable(["a", "b", "c"], bag: bag)
        let prefetcher = Prefetcher()
        tableView.rx.setPrefetchDataSource(prefetcher).disposed(by: bag)
        var published: [[IndexPath]] = []
        tableView.rx.prefetchRows.subscribe(onNext: { published.append($0) }).disposed(by: bag)
        XCTAssertTrue(tableView.prefetchDataSource === tableView.rx.prefetchDataSource)
        tableView.userDidScroll(showing: [IndexPath(row: 0, section: 0)], prefetching: [IndexPath(row: 2, section: 0)])
        XCTAssertEqual(prefetcher.fetched, [[IndexPath(row: 2, section: 0)]])
        XCTAssertEqual(published, prefetcher.fetched)
    }

    func testFootersAndTheSectionIndex() {
        let bag = DisposeBag()
        let tableView = TableView()
        let dataSource = RxTableViewSectionedReloadDataSource<SectionModel<String, String>>(
            configureCell: { _, _, _, _ in TableViewCell(style: .default, reuseIdentifier: nil) },
            titleForHeaderInSection: { dataSource, section in dataSource[section].model },
            titleForFooterInSection: { dataSource, section in "\(dataSource[section].items.count) names" },
            sectionIndexTitles: { dataSource in dataSource.sectionModels.map { String($0.model.prefix(1)) } },
            sectionForSectionIndexTitle: { _, _, index in index }
        )
        Observable.just([SectionModel(model: "Ann", items: ["Ann", "Anna"]), SectionModel(model: "Bob", items: ["Bob"])])
            .bind(to: tableView.rx.items(dataSource: dataSource))
            .disposed(by: bag)
        XCTAssertEqual(tableView.titleForHeader(inSection: 1), "Bob")
        XCTAssertEqual(tableView.titleForFooter(inSection: 0), "2 names")
        XCTAssertEqual(tableView.sectionIndexTitles, ["A", "B"])
        XCTAssertEqual(tableView.section(forSectionIndexTitleAt: 1), 1)
        XCTAssertNil(tableView.section(forSectionIndexTitleAt: 2), "no third index title")
        XCTAssertNil(TableView().sectionIndexTitles, "without a data source, no index")
    }

    func testDecideViewTransitionCanReloadInsteadOfApplying() {
        let bag = DisposeBag()
        let tableView = TableView()
        var asked: [[Changeset<AnimatableSectionModel<String, String>>]] = []
        let dataSource = RxTableViewSectionedAnimatedDataSource<AnimatableSectionModel<String, String>>(
            animationConfiguration: AnimationConfiguration(insertAnimation: .fade, deleteAnimation: .left),
            decideViewTransition: { _, _, changesets in
                asked.append(changesets)
                return changesets.contains { $0.deletedItems.count > 1 } ? .reload : .animated
            },
            configureCell: { _, _, _, _ in TableViewCell(style: .default, reuseIdentifier: nil) }
        )
        XCTAssertEqual(dataSource.animationConfiguration, AnimationConfiguration(insertAnimation: .fade, reloadAnimation: .automatic, deleteAnimation: .left))
        var changes: [[Changeset<AnimatableSectionModel<String, String>>]] = []
        dataSource.changes.subscribe(onNext: { changes.append($0) }).disposed(by: bag)
        let sections = BehaviorRelay(value: [AnimatableSectionModel(model: "s", items: ["a", "b", "c"])])
        sections.bind(to: tableView.rx.items(dataSource: dataSource)).disposed(by: bag)
        sections.accept([AnimatableSectionModel(model: "s", items: ["a", "c"])])
        sections.accept([AnimatableSectionModel(model: "s", items: ["x"])])
        XCTAssertEqual(asked.count, 2, "the first binding reloads without asking")
        XCTAssertEqual(changes.map { $0.map(\.reloadData) }, [[true], [false], [true]])
        XCTAssertEqual(changes[1][0].deletedItems, [ItemPath(sectionIndex: 0, itemIndex: 1)])
        XCTAssertEqual(tableView.numberOfRows(inSection: 0), 1)
    }
}
