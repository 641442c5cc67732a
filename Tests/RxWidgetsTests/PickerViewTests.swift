import Foundation
import FoundationEssentials
import RxWidgets
import XCTest

final class PickerViewTests: WidgetTestCase {
    func testTitlesOfOneToNineWithItemSelectedAndModelSelected() {
        let pickerView1 = PickerView()
        let bag = DisposeBag()
        var log: [String] = []
        Observable.just([1, 2, 3, 4, 5, 6, 7, 8, 9])
            .bind(to: pickerView1.rx.itemTitles) { _, item in "\(item)" }
            .disposed(by: bag)
        pickerView1.rx.itemSelected
            .subscribe(onNext: { log.append("selected row \($0.row) of component \($0.component)") })
            .disposed(by: bag)
        pickerView1.rx.modelSelected(Int.self)
            .subscribe(onNext: { log.append("model \($0.first ?? 0)") })
            .disposed(by: bag)

        XCTAssertTrue(pickerView1.delegate === pickerView1.rx.delegate, "after binding the delegate is the proxy")
        XCTAssertTrue(pickerView1.dataSource === pickerView1.rx.dataSource)
        XCTAssertEqual(pickerView1.numberOfComponents, 1)
        XCTAssertEqual(pickerView1.numberOfRows(inComponent: 0), 9)
        XCTAssertEqual((0..<9).map { pickerView1.title(forRow: $0, forComponent: 0) }, ["1", "2", "3", "4", "5", "6", "7", "8", "9"])
        XCTAssertEqual(pickerView1.selectedRow(inComponent: 0), 0)

        pickerView1.selectRow(2, inComponent: 0, animated: true)
        pickerView1.delegate?.pickerView(pickerView1, didSelectRow: 2, inComponent: 0)
        XCTAssertEqual(log, ["selected row 2 of component 0", "model 3"])
        XCTAssertEqual(try pickerView1.rx.model(at: IndexPath(row: 8, section: 0)) as Int, 9)
        XCTAssertThrowsError(try pickerView1.rx.model(at: IndexPath(row: 9, section: 0)) as Int)
        XCTAssertEqual(reportedErrors.all.count, 0)
    }

    func testAttributedTitles() {
        let pickerView2 = PickerView()
        let colors = ["red", "green", "blue"]
        let binding = Observable.just([1, 2, 3])
            .bind(to: pickerView2.rx.itemAttributedTitles) { row, item in
                var title = AttributedString("\(item)")
                title.foregroundColor = colors[row]
                return title
            }
        XCTAssertEqual(pickerView2.attributedTitle(forRow: 1, forComponent: 0), AttributedString("2", attributes: ["foregroundColor": "green"]))
        XCTAssertEqual(pickerView2.title(forRow: 2, forComponent: 0), "3")
        let view = pickerView2.view(forRow: 0, forComponent: 0)
        XCTAssertEqual(view?.viewDescription["text"], "1")
        XCTAssertEqual(view?.viewDescription["foregroundColor"], "red")
        XCTAssertNil(pickerView2.view(forRow: 3, forComponent: 0), "no view for a row the picker does not have, as UIKit")
        XCTAssertNil(PickerView().view(forRow: 0, forComponent: 0), "nor without a delegate")
        binding.dispose()
    }

    func testViewsOfColours() {
        let pickerView3 = PickerView()
        let bag = DisposeBag()
        let colors = (0..<10).map { "#\($0)\($0)\($0)" }
        var selected: [String] = []
        Observable.just(colors)
            .bind(to: pickerView3.rx.items) { _, color, _ in
                let view = View()
                view.backgroundColor = color
                return view
            }
            .disposed(by: bag)
        pickerView3.rx.modelSelected(String.self)
            .subscribe(onNext: { selected.append($0.first ?? "white") })
            .disposed(by: bag)
        XCTAssertEqual(pickerView3.view(forRow: 4, forComponent: 0)?.backgroundColor, "#444")
        pickerView3.selectRow(7, inComponent: 0, animated: false)
        pickerView3.delegate?.pickerView(pickerView3, didSelectRow: 7, inComponent: 0)
        XCTAssertEqual(selected, ["#777"])
    }

    func testSelectionIsClampedAndEmptyComponentsHaveNone() {
        let picker = PickerView()
        let items = BehaviorRelay(value: ["a", "b", "c"])
        let binding = items.bind(to: picker.rx.itemTitles) { _, item in item }
        picker.selectRow(10, inComponent: 0, animated: false)
        XCTAssertEqual(picker.selectedRow(inComponent: 0), 2)
        items.accept(["a"])
        XCTAssertEqual(picker.selectedRow(inComponent: 0), 0)
        items.accept([])
        XCTAssertEqual(picker.selectedRow(inComponent: 0), -1)
        XCTAssertEqual(picker.selectedRow(inComponent: 5), -1)
        binding.dispose()
    }

    func testDefaultSizes() {
        let picker = PickerView()
        let adapter = SectionedPickerViewAdapter()
        let binding = Observable.just([[1], [2], [3]]).bind(to: picker.rx.items(adapter: adapter))
        XCTAssertEqual(picker.width(forComponent: 0), 125)
        XCTAssertEqual(picker.rowHeight(forComponent: 0), 34)
        binding.dispose()
    }

    func testSectionedAdapterOverThreeComponents() {
        let centerPickerView = PickerView()
        let adapter = SectionedPickerViewAdapter(
            viewForRow: { picker, row, component, _ in
                let label = Label()
                label.fontSize = 12
                label.textAlignment = .center
                label.text = "#\(row)@\(component)"
                return label
            },
            widthForComponent: { _, component in
                switch component {
                case 0: return 40
                case 1: return 80
                default: return 120
                }
            },
            heightForComponent: { _, _ in 50 }
        )
        let binding = Observable.just([Array(0..<10), Array(10..<100), Array(100..<1000)])
            .bind(to: centerPickerView.rx.items(adapter: adapter))
        XCTAssertEqual(centerPickerView.numberOfComponents, 3)
        XCTAssertEqual(centerPickerView.rowCounts, [10, 90, 900])
        XCTAssertEqual((0..<3).map { centerPickerView.width(forComponent: $0) }, [40, 80, 120])
        XCTAssertEqual(centerPickerView.rowHeight(forComponent: 2), 50)
        XCTAssertEqual((centerPickerView.view(forRow: 5, forComponent: 1) as? Label)?.text, "#5@1")
        XCTAssertEqual(centerPickerView.title(forRow: 5, forComponent: 1), "15")

        var models: [[Int]] = []
        let selection = centerPickerView.rx.modelSelected(Int.self).subscribe(onNext: { models.append($0) })
        centerPickerView.selectRow(3, inComponent: 2, animated: false)
        centerPickerView.delegate?.pickerView(centerPickerView, didSelectRow: 3, inComponent: 2)
        XCTAssertEqual(models, [[0, 10, 103]])
        selection.dispose()
        binding.dispose()
    }

    func testSimpleSectionedAdapterSubclassTitles() {
        let pickerView = PickerView()
        let binding = Observable.just([Array(0..<10), Array(10..<20), Array(20..<30)])
            .bind(to: pickerView.rx.items(adapter: SimpleSectionedPickerViewAdapter()))
        XCTAssertEqual(pickerView.title(forRow: 3, forComponent: 2), "<23>")
        XCTAssertEqual((pickerView.view(forRow: 3, forComponent: 2) as? Label)?.text, "<23>")
        binding.dispose()
    }

    func testRebindingReportsDelegateAlreadySetAndDisposingUnbinds() {
        let picker = PickerView()
        let first = Observable.just(["a"]).bind(to: picker.rx.itemTitles) { _, item in item }
        let second = Observable.just(["b", "c"]).bind(to: picker.rx.itemTitles) { _, item in item }
        XCTAssertEqual(picker.numberOfRows(inComponent: 0), 2)
        XCTAssertTrue(reportedErrors.all.contains { if case .delegateAlreadySet = $0 { return true } else { return false } })
        second.dispose()
        first.dispose()
        picker.reloadAllComponents()
        XCTAssertEqual(picker.numberOfComponents, 0, "without a data source the proxy answers no components")
    }

    func testReleasingThePickerReleasesEverything() {
        var completed = false
        var picker: PickerView? = PickerView()
        let binding = Observable.just([1, 2]).bind(to: picker!.rx.itemTitles) { _, item in "\(item)" }
        let selection = picker!.rx.itemSelected.subscribe(onCompleted: { completed = true })
        weak let weakPicker = picker
        picker = nil
        XCTAssertNil(weakPicker)
        XCTAssertTrue(completed)
        binding.dispose()
        selection.dispose()
    }
}

/// The seed article's multi-component adapter: sections of models, one per component.
class BaseSectionedPickerViewAdapter: PickerViewDataSource, PickerViewDelegate, RxPickerViewDataSourceType, SectionedViewDataSourceType {
    typealias Element = [[CustomStringConvertible]]
    fileprivate var items: Element = []

    func model(at indexPath: IndexPath) throws -> Any {
        guard items.indices.contains(indexPath.section), items[indexPath.section].indices.contains(indexPath.row) else {
            throw RxCocoaError.itemsNotYetBound(object: "\(type(of: self))")
        }
        return items[indexPath.section][indexPath.row]
    }

    func numberOfComponents(in pickerView: PickerView) -> Int {
        items.count
    }

    func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int {
        items[component].count
    }

    func pickerView(_ pickerView: PickerView, observedEvent: Event<Element>) {
        Binder(self) { adapter, items in
            adapter.items = items
            pickerView.reloadAllComponents()
        }.on(observedEvent)
    }

    func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        items[component][row].description
    }

    func pickerView(_ pickerView: PickerView, viewForRow row: Int, forComponent component: Int, reusing view: View?) -> View {
        PickerView.defaultView(attributedTitle: self.pickerView(pickerView, attributedTitleForRow: row, forComponent: component))
    }

    func pickerView(_ pickerView: PickerView, widthForComponent component: Int) -> CGFloat {
        PickerView.defaultWidth(of: pickerView)
    }

    func pickerView(_ pickerView: PickerView, rowHeightForComponent component: Int) -> CGFloat {
        PickerView.defaultRowHeight
    }
}

final class SimpleSectionedPickerViewAdapter: BaseSectionedPickerViewAdapter {
    override func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        "<\(items[component][row].description)>"
    }
}

final class SectionedPickerViewAdapter: BaseSectionedPickerViewAdapter {
    private let viewForRow: ((PickerView, Int, Int, View?) -> View)?
    private let widthForComponent: ((PickerView, Int) -> CGFloat)?
    private let heightForComponent: ((PickerView, Int) -> CGFloat)?

    init(
        viewForRow: ((PickerView, Int, Int, View?) -> View)? = nil,
        widthForComponent: ((PickerView, Int) -> CGFloat)? = nil,
        heightForComponent: ((PickerView, Int) -> CGFloat)? = nil
    ) {
        self.viewForRow = viewForRow
        self.widthForComponent = widthForComponent
        self.heightForComponent = heightForComponent
    }

    override func pickerView(_ pickerView: PickerView, viewForRow row: Int, forComponent component: Int, reusing view: View?) -> View {
        viewForRow?(pickerView, row, component, view) ?? super.pickerView(pickerView, viewForRow: row, forComponent: component, reusing: view)
    }

    override func pickerView(_ pickerView: PickerView, widthForComponent component: Int) -> CGFloat {
        widthForComponent?(pickerView, component) ?? super.pickerView(pickerView, widthForComponent: component)
    }

    override func pickerView(_ pickerView: PickerView, rowHeightForComponent component: Int) -> CGFloat {
        heightForComponent?(pickerView, component) ?? super.pickerView(pickerView, rowHeightForComponent: component)
    }
}
