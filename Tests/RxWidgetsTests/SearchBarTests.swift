import RxWidgets
import XCTest

/// The headless `UISearchBar` and `UISearchController`: a person's typing
/// changes the text first, then the delegate and the results updater hear it.
final class SearchBarTests: WidgetTestCase {
    private final class Updater: SearchResultsUpdating {
        var heard: [String] = []
        func updateSearchResults(for searchController: SearchController) {
            heard.append("\(searchController.isActive ? "active" : "inactive") '\(searchController.searchBar.text ?? "")' scope \(searchController.searchBar.selectedScopeButtonIndex)")
        }
    }

    func testTypingReachesRxTextThenTheUpdater() {
        let controller = SearchController(searchResultsController: ViewController())
        let updater = Updater()
        controller.searchResultsUpdater = updater
        let bar = controller.searchBar
        bar.scopeButtonTitles = ["All", "Fruit"]
        let bag = DisposeBag()
        var texts: [String?] = []
        bar.rx.text.subscribe(onNext: { texts.append($0) }).disposed(by: bag)
        var searches = 0
        bar.rx.searchButtonClicked.subscribe(onNext: { searches += 1 }).disposed(by: bag)
        XCTAssertTrue(bar.userDidBeginEditing())
        bar.userDidChangeText(to: "ap")
        bar.userDidChangeText(to: "ap")
        bar.userDidSelectScopeButton(at: 1)
        bar.userDidSelectScopeButton(at: 5)
        bar.userDidTapSearchButton()
        XCTAssertEqual(texts, ["", "ap"], "an unchanged text is not a change")
        XCTAssertEqual(searches, 1)
        XCTAssertEqual(updater.heard, ["active '' scope 0", "active 'ap' scope 0", "active 'ap' scope 1"])
        bar.userDidTapCancelButton()
        XCTAssertEqual(bar.text, "")
        XCTAssertFalse(controller.isActive)
        XCTAssertFalse(bar.isEditing)
        XCTAssertEqual(texts, ["", "ap", ""], "cancelling ends editing, which rx.text reads")
    }

    func testADelegateMayRefuseEditingAndBindingSetsTheTextSilently() {
        final class Refusing: SearchBarDelegate {
            var changes: [String] = []
            func searchBarShouldBeginEditing(_ searchBar: SearchBar) -> Bool { false }
            func searchBar(_ searchBar: SearchBar, textDidChange searchText: String) { changes.append(searchText) }
        }
        let bar = SearchBar()
        let delegate = Refusing()
        let bag = DisposeBag()
        bar.rx.setDelegate(delegate).disposed(by: bag)
        XCTAssertFalse(bar.userDidBeginEditing())
        XCTAssertFalse(bar.isEditing)
        Observable.just("pear").bind(to: bar.rx.text).disposed(by: bag)
        XCTAssertEqual(bar.text, "pear")
        XCTAssertEqual(delegate.changes, [], "a programmatic text is not the person's")
        bar.userDidChangeText(to: "plum")
        XCTAssertEqual(delegate.changes, ["plum"], "the forward delegate hears through the proxy")
        XCTAssertEqual(bar.viewDescription["text"], .string("plum"))
    }

    func testPropertiesCompleteWhenTheBarGoesAway() {
        var completed = 0
        autoreleasepool {
            let bar = SearchBar()
            _ = bar.rx.text.subscribe(onCompleted: { completed += 1 })
            _ = bar.rx.selectedScopeButtonIndex.subscribe(onCompleted: { completed += 1 })
            _ = bar.rx.cancelButtonClicked.subscribe(onCompleted: { completed += 1 })
        }
        XCTAssertEqual(completed, 3)
    }
}

private func autoreleasepool(_ body: () -> Void) {
    body()
}
