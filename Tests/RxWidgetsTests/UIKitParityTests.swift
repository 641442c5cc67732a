import Foundation
import RxWidgets
import XCTest

/// What RxCocoa code takes from UIKit beside the widgets' behaviour: frames,
/// layout, identity, images, `NSAttributedString`s, UIKit's initializers.
final class UIKitParityTests: WidgetTestCase {
    func testViewsAreMadeInAFrameAndEqualOnlyToThemselves() {
        let frame = CGRect(x: 1, y: 2, width: 30, height: 40)
        let views: [View] = [View(frame: frame), Button(frame: frame), DatePicker(frame: frame), Slider(frame: frame), TableView(frame: frame), PickerView(frame: frame)]
        XCTAssertEqual(views.map(\.frame), Array(repeating: frame, count: views.count))
        XCTAssertEqual(views[0], views[0])
        XCTAssertNotEqual(View(), View())
        XCTAssertEqual(TableViewCell().style, .default)
        XCTAssertNil(TableViewCell().reuseIdentifier)
        XCTAssertEqual(IndexPath(item: 4, section: 2).item, 4)
        XCTAssertEqual(IndexPath(item: 4, section: 2), IndexPath(row: 4, section: 2))
    }

    func testAPickerLaidOutAsksForTheRowsItShowsOnly() {
        let picker = PickerView(frame: CGRect(x: 0, y: 0, width: 100, height: 68))
        var asked: [Int] = []
        let bag = DisposeBag()
        Observable.just(Array(0..<20)).bind(to: picker.rx.itemTitles) { row, _ in
            asked.append(row)
            return "\(row)"
        }.disposed(by: bag)
        asked = []
        picker.selectRow(10, inComponent: 0, animated: false)
        picker.setNeedsLayout()
        picker.layoutIfNeeded()
        XCTAssertEqual(asked, [9, 10, 11], "68 points at 34 a row: the selected row and one each side")
        XCTAssertEqual(picker.shownViews.first?.keys.sorted(), [9, 10, 11])
        asked = []
        picker.layoutIfNeeded()
        XCTAssertEqual(asked, [], "laid out once until marked again")
        XCTAssertEqual(PickerView().rowsShown(inComponent: 0), 0..<0, "a picker without a frame shows nothing")
    }

    func testTableRegistrationTakesAnyClass() {
        final class Custom: TableViewCell {}
        let table = TableView()
        table.register(Custom.self, forCellReuseIdentifier: "custom")
        XCTAssertTrue(table.dequeueReusableCell(withIdentifier: "custom") is Custom)
        table.register(NSString.self, forCellReuseIdentifier: "custom")
        XCTAssertNil(table.dequeueReusableCell(withIdentifier: "custom"), "a class that is not a cell unregisters, as nil does")
    }

    func testButtonImagesAndHighlightedState() {
        let button = Button()
        let check = Image(named: "check")
        let bag = DisposeBag()
        Observable.just(check).bind(to: button.rx.image(for: .normal)).disposed(by: bag)
        Observable.just(true).bind(to: button.rx.isHighlighted).disposed(by: bag)
        XCTAssertTrue(button.image(for: .selected) === check, "falls back to the normal state's")
        XCTAssertTrue(button.state.contains(.highlighted))
        XCTAssertEqual(button.viewDescription["image"], .string("check"))
        XCTAssertNotEqual(Image(named: "check"), check, "images are equal only to themselves, as UIImage")
    }

    func testNSAttributedStringsKeepTheAttributesAFrontEndCanDraw() {
        let button = Button()
        let title = NSMutableAttributedString(string: "Save", attributes: [NSAttributedString.Key("foregroundColor"): "red"])
        title.append(NSAttributedString(string: "!", attributes: [NSAttributedString.Key("fontSize"): 12.0, NSAttributedString.Key("object"): NSObject()]))
        button.setAttributedTitle(title, for: .normal)
        let kept: AttributedString? = button.attributedTitle(for: .normal)
        XCTAssertEqual(kept?.string, "Save!")
        XCTAssertEqual(kept.map { AttributedString.attributes(byNameOf: $0.runs.first!.attributes) }, ["foregroundColor": .string("red")])
        let back: NSAttributedString? = button.attributedTitle(for: .normal)
        XCTAssertEqual(back?.string, "Save!")
        XCTAssertEqual(back?.attribute(NSAttributedString.Key("fontSize"), at: 4, effectiveRange: nil) as? Double, 12)
        XCTAssertNil(back?.attribute(NSAttributedString.Key("object"), at: 4, effectiveRange: nil), "an object attribute cannot be sent to a front end")

        let field = TextField()
        field.rx.attributedText.onNext(NSAttributedString(string: "typed"))
        XCTAssertEqual(field.text, "typed")
        XCTAssertEqual(field.attributedText, NSAttributedString(string: "typed"))
    }

    func testBindingAnUnchangedTextDoesNotSetItAgain() {
        final class CountingField: TextField {
            var sets = 0
            override var text: String? {
                didSet { sets += 1 }
            }
        }
        let field = CountingField()
        field.rx.text.onNext("")
        XCTAssertEqual(field.sets, 0, "text being composed survives a binding of the same text")
        field.rx.text.onNext("a")
        XCTAssertEqual(field.sets, 1)
    }
}

/// A delegate protocol over `NSObjectProtocol`, as UIKit's are, implemented
/// by a proxy.
protocol GaugeDelegate: NSObjectProtocol {
    func gauge(_ gauge: Gauge, didRead value: Double)
}

final class Gauge: View, HasDelegate {
    typealias Delegate = GaugeDelegate
    weak var delegate: GaugeDelegate?
}

final class GaugeDelegateProxy: DelegateProxy<Gauge, GaugeDelegate>, DelegateProxyType, GaugeDelegate {
    init(gauge: Gauge) {
        super.init(parentObject: gauge, delegateProxy: GaugeDelegateProxy.self)
    }

    static func registerKnownImplementations() {
        register { GaugeDelegateProxy(gauge: $0) }
    }

    func gauge(_ gauge: Gauge, didRead value: Double) {}
}

final class NSObjectProtocolProxyTests: WidgetTestCase {
    func testAProxyImplementsADelegateOverNSObjectProtocol() {
        let gauge = Gauge()
        let proxy = GaugeDelegateProxy.proxy(for: gauge)
        XCTAssertTrue(proxy.isEqual(gauge.delegate))
        XCTAssertFalse(proxy.isEqual(GaugeDelegateProxy.createProxy(for: gauge)))
        XCTAssertEqual(proxy.hash, ObjectIdentifier(proxy).hashValue)
        XCTAssertFalse(proxy.isProxy())
        XCTAssertTrue(proxy.`self`() === proxy)
        XCTAssertEqual(proxy.description, "GaugeDelegateProxy of Gauge")
    }
}
