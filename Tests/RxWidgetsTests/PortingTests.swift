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
        func print(_ line: String) { printed.append(line) }
        // README: begin
        Observable.just([1, 2, 3, 4, 5, 6, 7, 8, 9])
            .bind(to: pickerView1.rx.itemTitles) { _, item in "\(item)" }
            .disposed(by: bag)
        pickerView1.rx.modelSelected(Int.self)
            .subscribe(onNext: { print("selected \($0.first ?? 0)") })
            .disposed(by: bag)
        // a user's gesture, as UIKit's own tests simulate it:
        pickerView1.selectRow(2, inComponent: 0, animated: true)
        pickerView1.delegate?.pickerView(pickerView1, didSelectRow: 2, inComponent: 0)   // selected 3
        // or the widget's own headless gesture, which does both:
        pickerView1.userDidSelect(row: 2, inComponent: 0)
        // README: end
        XCTAssertEqual(printed, ["selected 3", "selected 3"])
        let path: IndexPath = IndexPath(row: 1, section: 2)
        let foundation: Foundation.IndexPath = path
        XCTAssertEqual([foundation.section, foundation.row, foundation.item], [2, 1, 1])
        XCTAssertEqual(foundation, Foundation.IndexPath(indexes: [2, 1]), "one type: Foundation's")
    }

    func testTheReadmeShowsTheExampleCompiledHere() throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: here, encoding: .utf8)
        let lines = source.components(separatedBy: "\n")
        let begin = try XCTUnwrap(lines.firstIndex { $0.hasSuffix("// README: begin") })
        let end = try XCTUnwrap(lines.firstIndex { $0.hasSuffix("// README: end") })
        let example = lines[(begin + 1)..<end].map { String($0.dropFirst(8)) }.joined(separator: "\n")
        XCTAssertTrue(readme.contains("```swift\n" + example + "\n```"), "README.md's porting example is, line for line, the code this file compiles with Foundation imported")
    }

    func testAPortedDelegateImplementsTheRequirementsWithUIKitsTypes() {
        let picker = PickerView()
        let delegate = SizedPickerDelegate()
        picker.dataSource = delegate
        picker.delegate = delegate
        XCTAssertEqual(picker.width(forComponent: 0), 120, "a `-> CGFloat` method is the requirement, not an overload beside it")
        XCTAssertEqual(picker.rowHeight(forComponent: 0), 44)
        XCTAssertEqual(picker.attributedTitle(forRow: 0, forComponent: 0)?.foregroundColor, "orange")
    }
}

/// Written as for UIKit: no `override`, Foundation's types.
private final class SizedPickerDelegate: PickerViewDataSource, PickerViewDelegate {
    func numberOfComponents(in pickerView: PickerView) -> Int { 1 }
    func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int { 1 }
    func pickerView(_ pickerView: PickerView, widthForComponent component: Int) -> CGFloat { 120 }
    func pickerView(_ pickerView: PickerView, rowHeightForComponent component: Int) -> CGFloat { 44 }
    func pickerView(_ pickerView: PickerView, attributedTitleForRow row: Int, forComponent component: Int) -> AttributedString? {
        var title = AttributedString("orange")
        title.foregroundColor = "orange"
        return title
    }
}
