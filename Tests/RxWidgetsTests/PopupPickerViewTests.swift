import RxWidgets
import XCTest

final class PopupPickerViewTests: WidgetTestCase {
    func testDoneSendsSelectedItemAndCancelClosesThroughTheProxy() {
        let pickerView = PopupPickerView(selectItems: ["apple", "banana", "cherry"])
        let bag = DisposeBag()
        var log: [String] = []
        pickerView.rx.selectedItem
            .subscribe { event in
                guard let index = event.element?.0, let title = event.element?.1 else { return }
                log.append("selected \(index) \(title)")
            }
            .disposed(by: bag)
        pickerView.rx.closePickerView
            .subscribe(onNext: { log.append("closed") })
            .disposed(by: bag)
        XCTAssertTrue(pickerView.delegate === pickerView.rx.delegate)

        pickerView.showPickerView()
        XCTAssertTrue(pickerView.isVisible)
        pickerView.doneSelection()
        XCTAssertFalse(pickerView.isVisible)
        pickerView.picker.selectRow(2, inComponent: 0, animated: true)
        pickerView.picker.delegate?.pickerView(pickerView.picker, didSelectRow: 2, inComponent: 0)
        pickerView.showPickerView()
        pickerView.doneSelection()
        pickerView.showPickerView()
        pickerView.cancelSelection()
        XCTAssertFalse(pickerView.isVisible)
        XCTAssertEqual(log, ["selected 0 apple", "selected 2 cherry", "closed"])
    }

    func testForwardDelegateStillHearsDone() {
        final class Owner: PopupPickerViewDelegate {
            var chosen: [String] = []
            func selectedItem(index: Int, title: String) { chosen.append(title) }
            func closePickerView() { chosen.append("closed") }
        }
        let owner = Owner()
        let pickerView = PopupPickerView(selectItems: ["a", "b"])
        pickerView.delegate = owner
        var observed: [String] = []
        let subscription = pickerView.rx.selectedItem.subscribe(onNext: { observed.append($0.1) })
        pickerView.doneSelection()
        XCTAssertEqual(owner.chosen, ["a"], "the delegate set before the binding became the forward delegate")
        XCTAssertEqual(observed, ["a"])
        subscription.dispose()
    }

    func testDoneWithoutRowsSendsNothingAndObservablesCompleteWithThePopup() {
        var pickerView: PopupPickerView? = PopupPickerView(selectItems: [])
        var log: [String] = []
        let subscription = pickerView!.rx.selectedItem.subscribe(onNext: { _ in log.append("selected") }, onCompleted: { log.append("completed") })
        pickerView?.showPickerView()
        pickerView?.doneSelection()
        XCTAssertEqual(pickerView?.isVisible, false)
        pickerView = nil
        XCTAssertEqual(log, ["completed"])
        subscription.dispose()
    }
}
