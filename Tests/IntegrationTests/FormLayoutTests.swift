import DBus
import RxWidgetsClient
import XCTest

/// `Layout` and `Buttons`: what a front end needs to draw a form without
/// knowing its spec.
final class FormLayoutTests: DaemonTestCase {
    private var widgets: WidgetsClient!

    override func setUpWithError() throws {
        try super.setUpWithError()
        widgets = try WidgetsClient(address: bus.address)
    }

    override func tearDown() {
        widgets = nil
        super.tearDown()
    }

    /// The form's `Layout` as it is on the bus: each field's name, kind
    /// and attributes. The client reads every entry back as the same
    /// `FieldLayout` the daemon wrote it from.
    private func layout(_ path: String) throws -> [(name: String, kind: String, attributes: [String: DBusValue])] {
        let entries = try property(path, formInterface, "Layout")?.arrayElements ?? []
        let fields = entries.map { entry -> (name: String, kind: String, attributes: [String: DBusValue]) in
            guard case .structure(let parts) = entry, parts.count == 3 else { return ("", "", [:]) }
            let attributes = Dictionary((parts[2].dictionaryEntries ?? []).map { ($0.key.stringValue ?? "", $0.value.variantValue ?? $0.value) }) { _, last in last }
            return (parts[0].stringValue ?? "", parts[1].stringValue ?? "", attributes)
        }
        let read = try widgets.form(String(path.split(separator: "/").last ?? "")).layout
        XCTAssertEqual(read.map(\.entry), entries, "FieldLayout reads and writes every entry as it is")
        return fields
    }

    func testAboutYouLayoutAndButtons() throws {
        try call(root, managerInterface, "CreateForm", [.string("me"), .string("about-you"), options([])])
        let fields = try layout("\(root)/form/me")
        XCTAssertEqual(fields.map(\.name), ["birthday", "gender", "knowSwift", "swiftLevel", "passionToLearn"])
        XCTAssertEqual(fields.map(\.kind), ["date", "choice", "switch", "slider", "stepper"])
        XCTAssertEqual(fields.map { $0.attributes["label"] }, ["Birthday", "Gender", "I know Swift", "Swift level", "Passion to learn"].map { .string($0) })
        XCTAssertEqual(fields[0].attributes, ["label": .string("Birthday"), "required": .boolean(false), "max": .string("2024-06-14"), "border": .string("birthdayBorder"),
                                             "ownMessages": .array(element: .string, [.string("rangeOverflow")])], "a date bound, resolved; the reason the spec words itself")
        XCTAssertEqual(fields[1].attributes, ["label": .string("Gender"), "required": .boolean(true),
                                              "options": .array(element: .string, [.string("male"), .string("female")]),
                                              "buttons": .array(element: .string, [.string("male"), .string("female")]),
                                              "optionLabels": .dictionary(key: .string, value: .string, [(.string("female"), .string("Female")), (.string("male"), .string("Male"))])])
        XCTAssertEqual(fields[2].attributes, ["label": .string("I know Swift"), "required": .boolean(false)])
        XCTAssertEqual(fields[4].attributes, ["label": .string("Passion to learn"), "required": .boolean(false), "min": .double(0), "max": .double(10), "step": .double(1)])
        XCTAssertEqual(try property("\(root)/form/me", formInterface, "Buttons"), .array(element: .structure([.string, .string, .string]), [
            .structure([.string("male"), .string("gender"), .string("male")]), .structure([.string("female"), .string("gender"), .string("female")]),
        ]))
        XCTAssertEqual(try widgets.form("me").buttons.map { "\($0.name)→\($0.field)=\($0.value)" }, ["male→gender=male", "female→gender=female"])
    }

    func testSignUpAndOwnSpecPresentation() throws {
        try call(root, managerInterface, "CreateForm", [.string("s"), .string("sign-up"), options([])])
        let fields = try layout("\(root)/form/s")
        XCTAssertEqual(fields.map { $0.attributes["label"] }, ["Username", "Password", "Repeat password"].map { .string($0) })
        XCTAssertEqual(fields.map { $0.attributes["secret"] }, [.boolean(false), .boolean(true), .boolean(true)])
        XCTAssertEqual(fields[0].attributes["minLength"], .uint32(5))
        XCTAssertEqual(fields.map { $0.attributes["border"] }, ["usernameBorder", "passwordBorder", "repeatPasswordBorder"].map { .string($0) },
                       "each field names the output that colours its border")
        let spec = #"{"fields":[{"name":"email","kind":"text","label":"E-mail","help":"We never share it.","placeholder":"you@example.org","rules":{"maxLength":80,"pattern":"[^@]+@[^@]+"}},{"name":"n","kind":"switch"}]}"#
        try call(root, managerInterface, "CreateForm", [.string("own"), .string(spec), options([])])
        let own = try layout("\(root)/form/own")
        XCTAssertEqual(own[0].attributes, ["label": .string("E-mail"), "help": .string("We never share it."), "required": .boolean(false), "secret": .boolean(false),
                                           "placeholder": .string("you@example.org"), "maxLength": .uint32(80), "pattern": .string("[^@]+@[^@]+")])
        XCTAssertEqual(own[1].attributes, ["label": .string("n"), "required": .boolean(false)], "the label defaults to the name")
        XCTAssertEqual(try property("\(root)/form/own", formInterface, "Buttons"), .array(element: .structure([.string, .string, .string]), []))
        try call(root, managerInterface, "CreateForm", [.string("note"), .string(#"{"fields":[{"name":"text","kind":"text","multiline":true}]}"#), options([])])
        XCTAssertEqual(try layout("\(root)/form/note")[0].attributes["multiline"], .boolean(true))
        let misplaced = #"{"fields":[{"name":"n","kind":"switch","placeholder":"x","secret":true}]}"#
        XCTAssertEqual(error(root, managerInterface, "CreateForm", [.string("bad"), .string(misplaced), options([])]),
                       DBusError(name: errorPrefix + "InvalidSpec", message: "$.fields[0].placeholder: placeholder applies to text fields only; $.fields[0].secret: secret applies to text fields only"))
    }
}
