import FoundationEssentials
import RxWidgets
import XCTest

/// Attributed titles are Foundation's `AttributedString`; the widgets' four
/// known attributes are typed, any other travels by name, and what a
/// `(sa{sv})` title says is what the whole text carries.
final class AttributedStringTests: XCTestCase {
    func testNamesFromDBusBecomeTypedAttributesAndBack() {
        let title = AttributedString("pear", attributes: ["foregroundColor": "red", "fontSize": 12.5, "font": 3, "underline": true])
        XCTAssertEqual(title.runs.count, 1)
        XCTAssertEqual(title.foregroundColor, "red")
        XCTAssertEqual(title.fontSize, 12.5)
        XCTAssertNil(title.font, "a known name with a value of another type is not the typed attribute")
        XCTAssertEqual(title.namedAttributes, ["font": 3, "underline": true])
        XCTAssertEqual(title.uniformAttributes, ["foregroundColor": "red", "fontSize": 12.5, "font": 3, "underline": true])
        XCTAssertEqual(title.string, "pear")
    }

    func testOnlyWhatEveryRunCarriesIsUniform() {
        var title = AttributedString("green", attributes: ["backgroundColor": "black", "tag": 1])
        var tail = AttributedString(" apple", attributes: ["backgroundColor": "black", "tag": 2])
        tail.foregroundColor = "green"
        title.append(tail)
        XCTAssertEqual(title.runs.count, 2)
        XCTAssertEqual(title.uniformAttributes, ["backgroundColor": "black"], "a colour on part of the text and a differing tag are left out")
        XCTAssertEqual(AttributedString("", attributes: ["foregroundColor": "red"]).uniformAttributes, [:], "an empty string carries no attributes")
    }

    func testALabelDescribesItsAttributedText() {
        let label = Label()
        var text = AttributedString("bold")
        text.font = "Menlo"
        label.attributedText = text
        XCTAssertEqual(label.text, "bold")
        XCTAssertEqual(label.viewDescription["text"], "bold")
        XCTAssertEqual(label.viewDescription["font"], "Menlo")
        label.text = "plain"
        XCTAssertEqual(label.attributedText, AttributedString("plain"), "setting text drops the attributes, as UILabel")
    }
}
