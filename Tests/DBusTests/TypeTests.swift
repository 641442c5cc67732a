import DBus
import XCTest

final class TypeTests: XCTestCase {
    func testSignaturesRoundTrip() throws {
        for signature in ["", "y", "a{sv}", "a(ii)", "(sa{sv}as)", "aaas", "a{oa{sa{sv}}}", "h", "v", "(yb(nq(ix(td))))"] {
            XCTAssertEqual(signatureString(try DBusType.parse(signature: signature)), signature)
        }
    }

    private func signatureString(_ types: [DBusType]) -> String {
        types.map(\.signature).joined()
    }

    func testInvalidSignaturesNameTheRule() {
        let cases: [(String, String)] = [
            ("{sv}", "a dict entry '{…}' may only be an array's element"),
            ("a{vs}", "a dict entry's key must be a basic type, not 'v'"),
            ("a{s}", "a dict entry holds exactly a key and a value"),
            ("()", "empty structure '()'"),
            ("(i", "unclosed '('"),
            ("a", "ends in the middle of a type"),
            ("z", "unknown type code 'z' at 0"),
            (String(repeating: "a", count: 33) + "i", "arrays nested deeper than 32"),
            (String(repeating: "(", count: 33) + "i" + String(repeating: ")", count: 33), "structures nested deeper than 32"),
            (String(repeating: "i", count: 256), "longer than 255 characters"),
        ]
        for (signature, reason) in cases {
            XCTAssertThrowsError(try DBusType.parse(signature: signature), signature) { error in
                XCTAssertEqual((error as? SignatureError)?.reason, reason, signature)
            }
        }
        XCTAssertNoThrow(try DBusType.parse(signature: String(repeating: "a", count: 32) + "i"))
    }

    func testNames() {
        XCTAssertTrue(DBusNames.isValidObjectPath("/"))
        XCTAssertTrue(DBusNames.isValidObjectPath("/org/rxwidgets/Widgets1/picker/a_1"))
        for bad in ["", "org", "/a/", "//a", "/a-b", "/a/b/"] {
            XCTAssertFalse(DBusNames.isValidObjectPath(bad), bad)
        }
        XCTAssertTrue(DBusNames.isValidInterfaceName("org.rxwidgets.Widgets1.Picker"))
        for bad in ["org", "org.", ".org", "org.1a", "org.a-b", String(repeating: "a.", count: 128) + "a"] {
            XCTAssertFalse(DBusNames.isValidInterfaceName(bad), bad)
        }
        XCTAssertTrue(DBusNames.isValidMemberName("SetItems"))
        XCTAssertFalse(DBusNames.isValidMemberName("1Set"))
        XCTAssertFalse(DBusNames.isValidMemberName("Set.Items"))
        XCTAssertTrue(DBusNames.isValidBusName(":1.42"))
        XCTAssertTrue(DBusNames.isValidBusName("org.rxwidgets.Widgets1"))
        XCTAssertFalse(DBusNames.isValidBusName("org"))
        XCTAssertFalse(DBusNames.isValidBusName("org.1x"))
        XCTAssertFalse(DBusNames.isValidString("a\u{0}b"))
    }

    func testSwiftMapping() throws {
        let options: [String: Variant] = ["popup": Variant(true), "items": Variant([["a", "b"]])]
        let value = options.dbusValue
        XCTAssertEqual(value.type.signature, "a{sv}")
        let decoded = try [String: Variant](dbusValue: value)
        XCTAssertEqual(try decoded["popup"]?.decode(Bool.self), true)
        XCTAssertEqual(try decoded["items"]?.decode([[String]].self), [["a", "b"]])
        XCTAssertEqual([Int32]().dbusValue, .array(element: .int32, []), "an empty array keeps its element type")
        XCTAssertThrowsError(try [String](dbusValue: .array(element: .int32, []))) { error in
            XCTAssertEqual(error as? DBusError, .invalidArgs("expected 'as', got 'ai'"))
        }
        XCTAssertThrowsError(try Int32(dbusValue: .string("x")))
    }

    func testValidationBeforeLibdbus() {
        XCTAssertThrowsError(try DBusValue.string("nul\u{0}inside").validate())
        XCTAssertThrowsError(try DBusValue.array(element: .int32, [.string("x")]).validate())
        XCTAssertThrowsError(try Message.methodCall(destination: "bad..name", path: "/", interface: nil, member: "M"))
        XCTAssertThrowsError(try Message.methodCall(destination: nil, path: "not/a/path", interface: nil, member: "M"))
        XCTAssertThrowsError(try Message.signal(path: "/", interface: "nodots", member: "S"))
        XCTAssertThrowsError(try Message.signal(path: "/", interface: "a.b", member: "1S"))
    }
}
