import Foundation
import RxWidgets
import XCTest

/// The README's porting example, as an iOS developer writes it with
/// Foundation imported: it compiles unchanged and does what it says.
final class PortingTests: XCTestCase {
    func testTheReadmeExampleWithFoundationImported() {
        let bag = DisposeBag()
        let pickerView1 = PickerView()
        var printed: [String] = []
        Observable.just([1, 2, 3, 4, 5, 6, 7, 8, 9])
            .bind(to: pickerView1.rx.itemTitles) { _, item in "\(item)" }
            .disposed(by: bag)
        pickerView1.rx.modelSelected(Int.self)
            .subscribe(onNext: { printed.append("selected \($0.first ?? 0)") })
            .disposed(by: bag)
        pickerView1.selectRow(2, inComponent: 0, animated: true)
        pickerView1.delegate?.pickerView(pickerView1, didSelectRow: 2, inComponent: 0)
        pickerView1.userDidSelect(row: 3, inComponent: 0)
        XCTAssertEqual(printed, ["selected 3", "selected 4"])
        let path: IndexPath = IndexPath(row: 1, section: 2)
        let foundation: Foundation.IndexPath = path
        XCTAssertEqual([foundation.section, foundation.row, foundation.item], [2, 1, 1])
        XCTAssertEqual(foundation, Foundation.IndexPath(indexes: [2, 1]), "one type: Foundation's")
    }
}
