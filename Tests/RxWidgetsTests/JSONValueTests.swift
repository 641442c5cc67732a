import RxWidgets
import XCTest

/// `JSONValue` on its own: RFC 8259 with the limits a form spec needs.
final class JSONValueTests: XCTestCase {
    func testValues() throws {
        XCTAssertEqual(try JSONValue.parse(" {\"a\": [1, -2.5e1, true, null, \"\\u00e9\\ud83d\\ude00\\n\"]} "),
                       .object([(key: "a", value: .array([.number(1), .number(-25), .bool(true), .null, .string("é😀\n")]))]))
    }

    func testErrors() {
        for (text, message) in [
            ("", "at byte 0: expected a value, found the end of the text"),
            ("{\"a\":1,\"a\":2}", "at byte 7: duplicate key \"a\""),
            ("01", "at byte 1: expected the end of the text after the value"),
            ("\"\\ud800\"", "at byte 7: a high surrogate must be followed by a low surrogate escape"),
            ("1e999", "at byte 0: the number 1e999 is out of range"),
            ("\"a\u{01}\"", "at byte 2: control character in a string; escape it"),
            ("[1,]", "at byte 3: expected a value, found ']'"),
        ] {
            XCTAssertThrowsError(try JSONValue.parse(text), text) { error in
                XCTAssertEqual((error as? JSONSyntaxError)?.description, message, text)
            }
        }
    }

    func testWhatASpecMustNotCarryIsRefused() {
        XCTAssertThrowsError(try JSONValue.parse(#"{"a": 1, "a": 2}"#), "a repeated key")
        XCTAssertThrowsError(try JSONValue.parse("1e999"), "a number out of range")
        let deep = String(repeating: "[", count: JSONValue.maximumDepth + 1) + String(repeating: "]", count: JSONValue.maximumDepth + 1)
        XCTAssertThrowsError(try JSONValue.parse(deep), "nesting past the limit, never a stack overflow")
        let deepest = String(repeating: "[", count: JSONValue.maximumDepth) + String(repeating: "]", count: JSONValue.maximumDepth)
        XCTAssertNoThrow(try JSONValue.parse(deepest))
    }

    func testNumbersArePrintedAsJSONWritesThem() {
        XCTAssertEqual(JSONValue.format(1), "1")
        XCTAssertEqual(JSONValue.format(0.25), "0.25")
        XCTAssertEqual(JSONValue.format(-3), "-3")
    }

    func testTheFirstRefusedStringIsFoundWithItsPath() throws {
        let value = try JSONValue.parse(#"{"fields": [{"name": "ok"}, {"name": "b\u0000d"}]}"#)
        let found = value.firstString { !$0.contains("\u{0}") }
        XCTAssertEqual(found?.path, "$.fields[1].name")
        XCTAssertEqual(JSONValue.path("$", key: String(repeating: "k", count: 100)).count < 100, true, "a long key is shown cut")
    }
}
