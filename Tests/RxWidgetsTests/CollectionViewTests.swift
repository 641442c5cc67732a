import Foundation
import RxWidgets
import XCTest

/// The headless `UICollectionView`: items bound through `rx.items`, read
/// back as cells, selected by a person's taps in UIKit's order.
final class CollectionViewTests: WidgetTestCase {
    private final class TitleCell: CollectionViewCell {
        var title = ""
    }

    func testItemsAreBoundAndReadBackAsCells() {
        let grid = CollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 100), collectionViewLayout: CollectionViewFlowLayout())
        grid.register(TitleCell.self, forCellWithReuseIdentifier: "title")
        let bag = DisposeBag()
        Observable.just(["a", "b", "c"])
            .bind(to: grid.rx.items(cellIdentifier: "title", cellType: TitleCell.self)) { _, model, cell in cell.title = model }
            .disposed(by: bag)
        XCTAssertTrue(grid.dataSource === grid.rx.dataSource)
        XCTAssertEqual(grid.numberOfSections, 1)
        XCTAssertEqual(grid.numberOfItems(inSection: 0), 3)
        let cells = (0..<3).map { grid.cellForItem(at: IndexPath(item: $0, section: 0)) as? TitleCell }
        XCTAssertEqual(cells.map { $0?.title }, ["a", "b", "c"])
        XCTAssertEqual(cells.first??.reuseIdentifier, "title")
        XCTAssertNil(grid.cellForItem(at: IndexPath(item: 3, section: 0)), "no cell past the items")
        XCTAssertEqual(try grid.rx.model(at: IndexPath(item: 1, section: 0)) as String, "b")
    }

    func testATapSelectsThenTellsTheDelegateAndModelSelectedReadsTheModel() {
        let grid = CollectionView(collectionViewLayout: CollectionViewFlowLayout())
        let bag = DisposeBag()
        Observable.just([10, 20, 30])
            .bind(to: grid.rx.items) { _, _, _ in CollectionViewCell() }
            .disposed(by: bag)
        var heard: [String] = []
        grid.rx.itemDeselected.subscribe(onNext: { heard.append("deselected \($0.item), selection \(grid.indexPathsForSelectedItems?.map(\.item) ?? [])") }).disposed(by: bag)
        grid.rx.itemSelected.subscribe(onNext: { heard.append("selected \($0.item), selection \(grid.indexPathsForSelectedItems?.map(\.item) ?? [])") }).disposed(by: bag)
        grid.rx.modelSelected(Int.self).subscribe(onNext: { heard.append("model \($0)") }).disposed(by: bag)
        grid.userDidSelectItem(at: IndexPath(item: 0, section: 0))
        grid.userDidSelectItem(at: IndexPath(item: 2, section: 0))
        grid.userDidSelectItem(at: IndexPath(item: 7, section: 0))
        XCTAssertEqual(heard, [
            "selected 0, selection [0]", "model 10",
            "deselected 0, selection []", "selected 2, selection [2]", "model 30",
        ], "the collection changes first, then the delegate hears it; an item outside is ignored")
        XCTAssertEqual(grid.cellForItem(at: IndexPath(item: 2, section: 0))?.isSelected, true)
    }

    func testMultipleSelectionAndAReloadThatDropsASelectedItem() {
        let grid = CollectionView(collectionViewLayout: CollectionViewLayout())
        grid.allowsMultipleSelection = true
        let items = BehaviorSubject(value: [1, 2, 3])
        let bag = DisposeBag()
        items.bind(to: grid.rx.items) { _, _, _ in CollectionViewCell() }.disposed(by: bag)
        grid.selectItem(at: IndexPath(item: 0, section: 0), animated: false)
        grid.selectItem(at: IndexPath(item: 2, section: 0), animated: false)
        XCTAssertEqual(grid.indexPathsForSelectedItems, [IndexPath(item: 0, section: 0), IndexPath(item: 2, section: 0)])
        items.onNext([1, 2])
        XCTAssertEqual(grid.indexPathsForSelectedItems, [IndexPath(item: 0, section: 0)], "the item gone is no longer selected")
        grid.allowsMultipleSelection = false
        grid.selectItem(at: IndexPath(item: 1, section: 0), animated: false)
        XCTAssertEqual(grid.indexPathsForSelectedItems, [IndexPath(item: 1, section: 0)])
    }

    func testPrefetchingIsPublishedAndModelsBeforeBindingThrow() {
        let grid = CollectionView(collectionViewLayout: CollectionViewFlowLayout())
        XCTAssertThrowsError(try grid.rx.model(at: IndexPath(item: 0, section: 0)) as Int) { error in
            guard case RxCocoaError.itemsNotYetBound = error else { return XCTFail("\(error)") }
        }
        let bag = DisposeBag()
        Observable.just(Array(0..<100)).bind(to: grid.rx.items) { _, _, _ in CollectionViewCell() }.disposed(by: bag)
        var prefetched: [[IndexPath]] = []
        grid.rx.prefetchItems.subscribe(onNext: { prefetched.append($0) }).disposed(by: bag)
        grid.userWillShowItems(at: [IndexPath(item: 40, section: 0), IndexPath(item: 400, section: 0)])
        XCTAssertEqual(prefetched, [[IndexPath(item: 40, section: 0)]], "only items of the collection are prefetched")
    }
}
