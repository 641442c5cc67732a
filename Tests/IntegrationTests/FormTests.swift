import DBus
import XCTest

final class FormTests: DaemonTestCase {
    private let me = "\(root)/form/me"

    func testServerErrorsHoldUntilTheValueChanges() throws {
        let form = "\(root)/form/up"
        let entries = { (pairs: [(String, String)]) in DBusValue.dictionary(key: .string, value: .string, pairs.map { (.string($0.0), .string($0.1)) }) }
        try call(root, managerInterface, "CreateForm", [.string("up"), .string("sign-up"), options([])])
        try call(form, formInterface, "SetValues", [options([("username", .string("alice")), ("password", .string("secret")), ("repeatPassword", .string("secret"))]), .uint64(0)])
        XCTAssertEqual(try property(form, formInterface, "SubmitEnabled"), .boolean(true))
        _ = takeEvents()
        try call(form, formInterface, "SetErrors", [entries([("username", "this name is taken")])])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Form Validity,Valid,SubmitEnabled,Outputs,Revision",
                                      "ValidationChanged('username', false, 'server', 'this name is taken')", "reply"])
        XCTAssertEqual(error(form, formInterface, "Submit")?.name, errorPrefix + "ValidationFailed")
        _ = takeEvents()
        try call(form, formInterface, "SetErrors", [entries([("username", "this name is taken")])])
        XCTAssertEqual(takeEvents(), ["reply"], "the same verdict again changes nothing")
        XCTAssertEqual(error(form, formInterface, "SetErrors", [entries([("nobody", "x")])])?.name, errorPrefix + "UnknownField")
        XCTAssertEqual(takeEvents(), ["error UnknownField"], "a refused call changes nothing")
        try call(form, formInterface, "SetValue", [.string("username"), .variant(.string("alice2"))])
        XCTAssertTrue(takeEvents().contains("ValidationChanged('username', true, '', '')"), "a new value ends the server's verdict")
        try call(form, formInterface, "SetErrors", [entries([("password", "too common")])])
        try call(form, formInterface, "SetErrors", [entries([])])
        XCTAssertEqual(try property(form, formInterface, "Valid"), .boolean(true), "{} clears them all")
    }

    func testAboutYouFromInvalidToSubmitted() throws {
        try call(root, managerInterface, "CreateForm", [.string("me"), .string("about-you"), options([])])
        XCTAssertEqual(try property(me, formInterface, "Valid"), .boolean(false))
        XCTAssertEqual(error(me, formInterface, "Submit")?.name, errorPrefix + "ValidationFailed")
        _ = takeEvents()
        try call(me, formInterface, "SetValue", [.string("birthday"), .variant(.string("2024-06-14"))])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Form Values,Validity,Outputs,Revision", "ValueChanged('birthday', <'2024-06-14'>)", "ValidationChanged('birthday', true, '', '')", "reply"])
        try call(me, formInterface, "Tap", [.string("male")])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Form Values,Validity,Valid,SubmitEnabled,Outputs,Revision", "ValueChanged('gender', <'male'>)", "ValidationChanged('gender', true, '', '')", "reply"])
        try call(me, formInterface, "Increment", [.string("passionToLearn")])
        try call(me, formInterface, "Increment", [.string("passionToLearn")])
        try call(me, formInterface, "Decrement", [.string("passionToLearn")])
        XCTAssertEqual(try property(me, formInterface, "Outputs")?.dictionaryEntries?.first { $0.key == .string("heartHeight") }?.value, .variant(.double(50)))
        XCTAssertEqual(try call(me, formInterface, "Validate").first, .boolean(true))
        _ = takeEvents()
        let values = try call(me, formInterface, "Submit")
        XCTAssertEqual(values.first?.dictionaryEntries?.map { $0.key.stringValue ?? "" }, ["birthday", "gender", "knowSwift", "swiftLevel", "passionToLearn"])
        XCTAssertEqual(takeEvents().map { $0.prefix(10) }, ["Submitted(", "reply"])
        XCTAssertEqual(try property(me, formInterface, "Revision"), .uint64(6), "Submit is a pure event")
        try call(me, formInterface, "SetValue", [.string("birthday"), .variant(.string("2024-06-15"))])
        XCTAssertEqual(try call(me, formInterface, "Validate").last?.dictionaryEntries?.first?.value,
                       .structure([.boolean(false), .string("rangeOverflow"), .string("Your birthday must be before today.")]))
    }

    func testSignUpAndSetValuesAtomically() throws {
        try call(root, managerInterface, "CreateForm", [.string("me"), .string("sign-up"), options([])])
        XCTAssertEqual(try call(me, formInterface, "SetValues", [options([("username", .string("alice")), ("password", .string("hunter2")), ("repeatPassword", .string("hunter2"))]), .uint64(1)]),
                       [.uint64(2)])
        XCTAssertEqual(try property(me, formInterface, "SubmitEnabled"), .boolean(true))
        XCTAssertEqual(error(me, formInterface, "SetValues", [options([("username", .string("bob"))]), .uint64(1)]),
                       DBusError(name: errorPrefix + "RevisionMismatch", message: "expected_revision is 1 but the form is at revision 2"))
        XCTAssertEqual(error(me, formInterface, "SetValues", [options([("username", .string("bob")), ("nope", .string("x"))]), .uint64(0)])?.name, errorPrefix + "UnknownField")
        XCTAssertEqual(error(me, formInterface, "SetValues", [options([("username", .string("bob")), ("password", .boolean(true))]), .uint64(0)]),
                       DBusError.invalidArgs("values['password']: field 'password' is a text field and expects 's', got 'b'"))
        XCTAssertEqual(try call(me, formInterface, "GetValue", [.string("username")]), [.variant(.string("alice"))], "a refused SetValues applies nothing")
        XCTAssertEqual(try property(me, formInterface, "Revision"), .uint64(2))
        try call(me, formInterface, "SetValue", [.string("repeatPassword"), .variant(.string("hunter3"))])
        let validity = try property(me, formInterface, "Validity")?.dictionaryEntries?.first { $0.key == .string("repeatPassword") }?.value
        XCTAssertEqual(validity, .structure([.boolean(false), .string("mismatch"), .string("Passwords do not match.")]))
        try call(me, formInterface, "Reset")
        XCTAssertEqual(try call(me, formInterface, "GetValue", [.string("username")]), [.variant(.string(""))])
        XCTAssertEqual(error(me, formInterface, "Tap", [.string("male")])?.name, errorPrefix + "UnknownField")
        XCTAssertEqual(error(me, formInterface, "Increment", [.string("username")])?.name, DBusError.Name.invalidArgs)
    }

    func testCustomSpecsAndTheirErrors() throws {
        let spec = #"{"fields": [{"name": "code", "kind": "text", "rules": {"pattern": "[A-Z]{3}", "required": true}}]}"#
        try call(root, managerInterface, "CreateForm", [.string("custom"), .string(spec), options([])])
        let custom = "\(root)/form/custom"
        try call(custom, formInterface, "SetValue", [.string("code"), .variant(.string("abc"))])
        XCTAssertEqual(try call(custom, formInterface, "Validate").last?.dictionaryEntries?.first?.value,
                       .structure([.boolean(false), .string("patternMismatch"), .string("Please match the requested format.")]))
        XCTAssertEqual(try property(custom, formInterface, "Fields"), .array(element: .structure([.string, .string]), [.structure([.string("code"), .string("text")])]))
        XCTAssertEqual(error(root, managerInterface, "CreateForm", [.string("bad"), .string(#"{"fields": [{"name": "x", "kind": "wheel"}]}"#), options([])]),
                       DBusError(name: errorPrefix + "InvalidSpec", message: "$.fields[0].kind: expected one of date, choice, switch, slider, stepper, text, file, array; got \"wheel\""))
        XCTAssertEqual(error(root, managerInterface, "CreateForm", [.string("bad"), .string("{nope"), options([])])?.name, errorPrefix + "InvalidSpec")
        XCTAssertEqual(error(root, managerInterface, "CreateForm", [.string("bad"), .string("contact-us"), options([])])?.name, errorPrefix + "InvalidSpec")
        XCTAssertEqual(error(root, managerInterface, "CreateForm", [.string("bad"), .string(#"{"fields": [{"name": "t", "kind": "text", "rules": {"pattern": "(a+)+\\1"}}]}"#), options([])])?.name,
                       errorPrefix + "InvalidSpec", "a back-reference cannot be matched in linear time")
    }
}
