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

    func testAnimatedDataSourceDiffsAndKeepsTheSelection() {
        let tableView = TableView()
        let dataSource = RxTableViewSectionedAnimatedDataSource<AnimatableSectionModel<String, String>>(configureCell: { _, _, _, item in
            let cell = TableViewCell(style: .default, reuseIdentifier: nil)
            cell.textLabel?.text = item
            return cell
        })
        var changesets: [Changeset] = []
        let changes = dataSource.changes.subscribe(onNext: { changesets.append($0) })
        let sections = BehaviorRelay(value: [AnimatableSectionModel(model: "letters", items: ["a", "b", "c", "d"])])
        let binding = sections.bind(to: tableView.rx.items(dataSource: dataSource))
        tableView.selectRow(at: IndexPath(row: 2, section: 0), animated: false, scrollPosition: .none)

        sections.accept([AnimatableSectionModel(model: "letters", items: ["d", "a", "c", "e"])])

        XCTAssertEqual(changesets.count, 2)
        XCTAssertTrue(changesets[0].isReload, "the first binding reloads")
        XCTAssertEqual(changesets[1], Changeset(
            deleted: [IndexPath(row: 1, section: 0)],
            inserted: [IndexPath(row: 3, section: 0)],
            moved: [Changeset.Move(from: IndexPath(row: 3, section: 0), to: IndexPath(row: 0, section: 0))],
            updated: []
        ))
        XCTAssertEqual(tableView.numberOfRows(inSection: 0), 4)
        XCTAssertEqual(tableView.indexPathsForSelectedRows, [IndexPath(row: 2, section: 0)], "c stays selected where it now is")
        XCTAssertEqual(tableView.cellForRow(at: IndexPath(row: 3, section: 0))?.textLabel?.text, "e")

        sections.accept([AnimatableSectionModel(model: "letters", items: ["d", "d"])])
        XCTAssertTrue(changesets[2].isReload, "duplicate identities reload")
        changes.dispose()
        binding.dispose()
    }

    func testBindingsPastTheDiffBoundReloadInsteadOfDiffing() {
        let tableView = TableView()
        let dataSource = RxTableViewSectionedAnimatedDataSource<AnimatableSectionModel<String, String>>(configureCell: { _, _, _, _ in
            TableViewCell(style: .default, reuseIdentifier: nil)
        })
        dataSource.maximumDiffRows = 7
        var changesets: [Changeset] = []
        let changes = dataSource.changes.subscribe(onNext: { changesets.append($0) })
        let sections = BehaviorRelay(value: [AnimatableSectionModel(model: "s", items: ["a", "b", "c"])])
        let binding = sections.bind(to: tableView.rx.items(dataSource: dataSource))
        sections.accept([AnimatableSectionModel(model: "s", items: ["a", "b", "c", "d"])])
        sections.accept([AnimatableSectionModel(model: "s", items: ["a", "b", "c", "d", "e"])])
        XCTAssertEqual(changesets.map(\.isReload), [true, false, true], "3 + 4 rows are diffed, 4 + 5 are past the bound")
        XCTAssertEqual(changesets[1].inserted, [IndexPath(row: 3, section: 0)])
        XCTAssertEqual(tableView.numberOfRows(inSection: 0), 5)
        changes.dispose()
        binding.dispose()
    }
}

final class DiffTests: XCTestCase {
    private func diff(_ old: [[String]], _ new: [[String]]) throws -> Changeset {
        try Diff.changeset(from: old, to: new, identity: { $0.prefix(1) }, isEqual: ==)
    }

    func testInsertDeleteAndUpdate() throws {
        let changeset = try diff([["a1", "b1", "c1"]], [["a1", "b2", "d1"]])
        XCTAssertEqual(changeset.deleted, [IndexPath(row: 2, section: 0)])
        XCTAssertEqual(changeset.inserted, [IndexPath(row: 2, section: 0)])
        XCTAssertEqual(changeset.updated, [IndexPath(row: 1, section: 0)])
        XCTAssertEqual(changeset.moved, [])
    }

    func testMovesAcrossSectionsAndMinimalReorder() throws {
        let changeset = try diff([["a", "b", "c"], ["x"]], [["c", "a", "b"], ["x"]])
        XCTAssertEqual(changeset.moved, [Changeset.Move(from: IndexPath(row: 2, section: 0), to: IndexPath(row: 0, section: 0))])
        let across = try diff([["a", "b"], ["x"]], [["a"], ["b", "x"]])
        XCTAssertEqual(across.moved, [Changeset.Move(from: IndexPath(row: 1, section: 0), to: IndexPath(row: 0, section: 1))])
        XCTAssertEqual(across.deleted, [])
        XCTAssertEqual(across.inserted, [])
    }

    func testDuplicateIdentityIsAnError() {
        XCTAssertThrowsError(try diff([["a", "a"]], [["a"]])) { error in
            XCTAssertEqual(error as? DiffError, .duplicateItem(identity: "a", indexPath: IndexPath(row: 1, section: 0)))
        }
    }

    func testLargeDiffWithOnePercentChanged() throws {
        let old = (0..<10_000).map { "item\($0)" }
        var new = old
        for index in stride(from: 0, to: 10_000, by: 100) {
            new[index] = "new\(index)"
        }
        let changeset = try Diff.changeset(from: [old], to: [new], identity: { $0 }, isEqual: ==)
        XCTAssertEqual(changeset.deleted.count, 100)
        XCTAssertEqual(changeset.inserted.count, 100)
        XCTAssertEqual(changeset.moved.count, 0)
    }

    func testNewIndexPathOfUnmovedRows() {
        let changeset = Changeset(
            deleted: [IndexPath(row: 0, section: 0)],
            inserted: [IndexPath(row: 2, section: 0)],
            moved: [],
            updated: []
        )
        XCTAssertEqual(changeset.newIndexPath(forUnmoved: IndexPath(row: 1, section: 0), oldRowCount: 3, newRowCount: 3), IndexPath(row: 0, section: 0))
        XCTAssertEqual(changeset.newIndexPath(forUnmoved: IndexPath(row: 2, section: 0), oldRowCount: 3, newRowCount: 3), IndexPath(row: 1, section: 0))
        XCTAssertNil(changeset.newIndexPath(forUnmoved: IndexPath(row: 0, section: 0), oldRowCount: 3, newRowCount: 3))
    }
}
