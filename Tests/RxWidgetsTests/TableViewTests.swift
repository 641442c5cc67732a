import FoundationEssentials
import RxWidgets
import XCTest

final class TableViewTests: WidgetTestCase {
    func testItemsWithACellFactory() {
        let tableView = TableView()
        tableView.register(TableViewCell.self, forCellReuseIdentifier: "cell")
        let disposeBag = DisposeBag()
        Observable.of(["1", "2", "3"])
            .bind(to: tableView.rx.items) { tb, _, item in
                let cell = tb.dequeueReusableCell(withIdentifier: "cell")!
                cell.textLabel?.text = item
                return cell
            }
            .disposed(by: disposeBag)
        XCTAssertTrue(tableView.dataSource === tableView.rx.dataSource)
        XCTAssertEqual(tableView.numberOfSections, 1)
        XCTAssertEqual(tableView.numberOfRows(inSection: 0), 3)
        XCTAssertEqual((0..<3).map { tableView.cellForRow(at: IndexPath(row: $0, section: 0))?.textLabel?.text }, ["1", "2", "3"])
        XCTAssertEqual(tableView.cellForRow(at: IndexPath(row: 1, section: 0))?.reuseIdentifier, "cell")
        XCTAssertNil(tableView.cellForRow(at: IndexPath(row: 3, section: 0)))
    }

    func testCellIdentifierAndCellType() {
        final class SubtitleCell: TableViewCell {
            required init(style: CellStyle, reuseIdentifier: String?) {
                super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
            }
        }
        let tableView = TableView()
        tableView.register(SubtitleCell.self, forCellReuseIdentifier: "subtitle")
        let binding = Observable.just([("a", 1), ("b", 2)])
            .bind(to: tableView.rx.items(cellIdentifier: "subtitle", cellType: SubtitleCell.self)) { _, item, cell in
                cell.textLabel?.text = item.0
                cell.detailTextLabel?.text = "#\(item.1)"
            }
        let cell = tableView.cellForRow(at: IndexPath(row: 1, section: 0))
        XCTAssertTrue(cell is SubtitleCell)
        XCTAssertEqual(cell?.viewDescription["detailText"], "#2")
        binding.dispose()
    }

    func testSelectionEventsAndModels() {
        let tableView = TableView()
        let bag = DisposeBag()
        var log: [String] = []
        Observable.just(["x", "y", "z"])
            .bind(to: tableView.rx.items) { _, _, item in
                let cell = TableViewCell(style: .default, reuseIdentifier: nil)
                cell.textLabel?.text = item
                return cell
            }
            .disposed(by: bag)
        tableView.rx.itemSelected.subscribe(onNext: { log.append("selected \($0)") }).disposed(by: bag)
        tableView.rx.modelSelected(String.self).subscribe(onNext: { log.append("model \($0)") }).disposed(by: bag)
        tableView.rx.itemDeselected.subscribe(onNext: { log.append("deselected \($0)") }).disposed(by: bag)
        tableView.rx.modelDeselected(String.self).subscribe(onNext: { log.append("unmodel \($0)") }).disposed(by: bag)
        tableView.rx.itemAccessoryButtonTapped.subscribe(onNext: { log.append("accessory \($0)") }).disposed(by: bag)

        let second = IndexPath(row: 1, section: 0)
        tableView.selectRow(at: second, animated: false, scrollPosition: .none)
        tableView.delegate?.tableView(tableView, didSelectRowAt: second)
        XCTAssertEqual(tableView.indexPathsForSelectedRows, [second])
        tableView.deselectRow(at: second, animated: false)
        tableView.delegate?.tableView(tableView, didDeselectRowAt: second)
        tableView.delegate?.tableView(tableView, accessoryButtonTappedForRowWith: IndexPath(row: 2, section: 0))
        XCTAssertNil(tableView.indexPathsForSelectedRows)
        XCTAssertEqual(log, ["selected [0, 1]", "model y", "deselected [0, 1]", "unmodel y", "accessory [0, 2]"])
    }

    func testMultipleSelection() {
        let tableView = TableView()
        let binding = Observable.just(["a", "b", "c"]).bind(to: tableView.rx.items) { _, _, _ in
            TableViewCell(style: .default, reuseIdentifier: nil)
        }
        let first = IndexPath(row: 0, section: 0)
        let third = IndexPath(row: 2, section: 0)
        tableView.selectRow(at: first, animated: false, scrollPosition: .none)
        tableView.selectRow(at: third, animated: false, scrollPosition: .none)
        XCTAssertEqual(tableView.indexPathsForSelectedRows, [third])
        tableView.allowsMultipleSelection = true
        tableView.selectRow(at: first, animated: false, scrollPosition: .none)
        XCTAssertEqual(tableView.indexPathsForSelectedRows, [third, first])
        tableView.allowsMultipleSelection = false
        XCTAssertEqual(tableView.indexPathsForSelectedRows, [third])
        binding.dispose()
    }

    func testSectionedReloadDataSourceWithHeadersAndEdits() {
        let tableView = TableView()
        let bag = DisposeBag()
        let dataSource = RxTableViewSectionedReloadDataSource<SectionModel<String, Int>>(
            configureCell: { _, _, _, item in
                let cell = TableViewCell(style: .default, reuseIdentifier: "number")
                cell.textLabel?.text = "\(item)"
                return cell
            },
            titleForHeaderInSection: { dataSource, section in dataSource[section].model }
        )
        Observable.just([
            SectionModel(model: "small", items: [1, 2, 3]),
            SectionModel(model: "large", items: [100, 200]),
        ])
        .bind(to: tableView.rx.items(dataSource: dataSource))
        .disposed(by: bag)
        var log: [String] = []
        tableView.rx.itemDeleted.subscribe(onNext: { log.append("deleted \($0)") }).disposed(by: bag)
        tableView.rx.modelDeleted(Int.self).subscribe(onNext: { log.append("model deleted \($0)") }).disposed(by: bag)
        tableView.rx.itemInserted.subscribe(onNext: { log.append("inserted \($0)") }).disposed(by: bag)
        tableView.rx.itemMoved.subscribe(onNext: { log.append("moved \($0.sourceIndex) -> \($0.destinationIndex)") }).disposed(by: bag)

        XCTAssertEqual(tableView.rowCounts, [3, 2])
        XCTAssertEqual(tableView.titleForHeader(inSection: 1), "large")
        XCTAssertEqual(tableView.cellForRow(at: IndexPath(row: 1, section: 1))?.textLabel?.text, "200")

        tableView.dataSource?.tableView(tableView, commit: .delete, forRowAt: IndexPath(row: 0, section: 1))
        tableView.dataSource?.tableView(tableView, commit: .insert, forRowAt: IndexPath(row: 3, section: 0))
        tableView.dataSource?.tableView(tableView, moveRowAt: IndexPath(row: 0, section: 0), to: IndexPath(row: 1, section: 1))
        XCTAssertEqual(log, ["deleted [1, 0]", "model deleted 100", "inserted [0, 3]", "moved [0, 0] -> [1, 1]"])
        XCTAssertEqual(dataSource.sectionModels.map(\.items), [[2, 3], [100, 1, 200]])
    }

    private typealias Letters = AnimatableSectionModel<String, String>

    func testAnimatedDataSourceAppliesTheStagesAndKeepsTheSelection() {
        let tableView = TableView()
        let dataSource = RxTableViewSectionedAnimatedDataSource<Letters>(configureCell: { _, _, _, item in
            let cell = TableViewCell(style: .default, reuseIdentifier: nil)
            cell.textLabel?.text = item
            return cell
        })
        var bindings: [[Changeset<Letters>]] = []
        let changes = dataSource.changes.subscribe(onNext: { bindings.append($0) })
        let sections = BehaviorRelay(value: [Letters(model: "letters", items: ["a", "b", "c", "d"])])
        let binding = sections.bind(to: tableView.rx.items(dataSource: dataSource))
        tableView.selectRow(at: IndexPath(row: 2, section: 0), animated: false, scrollPosition: .none)

        sections.accept([Letters(model: "letters", items: ["d", "a", "c", "e"])])

        XCTAssertEqual(bindings.count, 2)
        XCTAssertEqual(bindings[0].map(\.reloadData), [true], "the first binding reloads")
        XCTAssertEqual(bindings[1].count, 2, "deletions, then insertions and moves")
        XCTAssertEqual(bindings[1][0].deletedItems, [ItemPath(sectionIndex: 0, itemIndex: 1)])
        XCTAssertEqual(bindings[1][1].insertedItems, [ItemPath(sectionIndex: 0, itemIndex: 3)])
        XCTAssertEqual(bindings[1][1].movedItems.map(\.from), [ItemPath(sectionIndex: 0, itemIndex: 2)], "d, third once b is gone")
        XCTAssertEqual(bindings[1][1].movedItems.map(\.to), [ItemPath(sectionIndex: 0, itemIndex: 0)])
        XCTAssertEqual(RowDifference(stages: bindings[1]), RowDifference(
            deleted: [IndexPath(row: 1, section: 0)],
            inserted: [IndexPath(row: 3, section: 0)],
            moved: [RowDifference.Move(from: IndexPath(row: 3, section: 0), to: IndexPath(row: 0, section: 0))],
            updated: []
        ))
        XCTAssertEqual(tableView.numberOfRows(inSection: 0), 4)
        XCTAssertEqual(tableView.indexPathsForSelectedRows, [IndexPath(row: 2, section: 0)], "c stays selected where it now is")
        XCTAssertEqual(tableView.cellForRow(at: IndexPath(row: 3, section: 0))?.textLabel?.text, "e")

        sections.accept([Letters(model: "letters", items: ["d", "d"])])
        XCTAssertEqual(bindings[2].map(\.reloadData), [true], "duplicate identities reload")
        changes.dispose()
        binding.dispose()
    }

    func testBindingsPastTheDiffBoundReloadInsteadOfDiffing() {
        let tableView = TableView()
        let dataSource = RxTableViewSectionedAnimatedDataSource<Letters>(configureCell: { _, _, _, _ in
            TableViewCell(style: .default, reuseIdentifier: nil)
        })
        dataSource.maximumDiffRows = 7
        var bindings: [[Changeset<Letters>]] = []
        let changes = dataSource.changes.subscribe(onNext: { bindings.append($0) })
        let sections = BehaviorRelay(value: [Letters(model: "s", items: ["a", "b", "c"])])
        let binding = sections.bind(to: tableView.rx.items(dataSource: dataSource))
        sections.accept([Letters(model: "s", items: ["a", "b", "c", "d"])])
        sections.accept([Letters(model: "s", items: ["a", "b", "c", "d", "e"])])
        XCTAssertEqual(bindings.map { $0.map(\.reloadData) }, [[true], [false], [true]], "3 + 4 rows are diffed, 4 + 5 are past the bound")
        XCTAssertEqual(bindings[1][0].insertedItems, [ItemPath(sectionIndex: 0, itemIndex: 3)])
        XCTAssertEqual(tableView.numberOfRows(inSection: 0), 5)
        changes.dispose()
        binding.dispose()
    }
}
