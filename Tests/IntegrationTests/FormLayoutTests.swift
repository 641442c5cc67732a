import DBus
import XCTest

/// `Layout` and `Buttons`: what a front end needs to draw a form without
/// knowing its spec.
final class FormLayoutTests: DaemonTestCase {
    private func layout(_ path: String) throws -> [(name: String, kind: String, attributes: [String: DBusValue])] {
        (try property(path, formInterface, "Layout")?.arrayElements ?? []).compactMap { entry in
            guard case .structure(let fields) = entry, fields.count == 3 else { return nil }
            var attributes: [String: DBusValue] = [:]
            for item in fields[2].dictionaryEntries ?? [] {
                attributes[item.key.stringValue ?? ""] = item.value.variantValue
            }
            return (fields[0].stringValue ?? "", fields[1].stringValue ?? "", attributes)
        }
    }

    func testAboutYouLayoutAndButtons() throws {
        try call(root, managerInterface, "CreateForm", [.string("me"), .string("about-you"), options([])])
        let fields = try layout("\(root)/form/me")
        XCTAssertEqual(fields.map(\.name), ["birthday", "gender", "knowSwift", "swiftLevel", "passionToLearn"])
        XCTAssertEqual(fields.map(\.kind), ["date", "choice", "switch", "slider", "stepper"])
        XCTAssertEqual(fields.map { $0.attributes["label"] }, ["Birthday", "Gender", "I know Swift", "Swift level", "Passion to learn"].map { .string($0) })
        XCTAssertEqual(fields[0].attributes, ["label": .string("Birthday"), "required": .boolean(false), "max": .string("2024-06-14")], "a date bound, resolved")
        XCTAssertEqual(fields[1].attributes, ["label": .string("Gender"), "required": .boolean(true),
                                              "options": .array(element: .string, [.string("male"), .string("female")]),
                                              "buttons": .array(element: .string, [.string("male"), .string("female")])])
        XCTAssertEqual(fields[2].attributes, ["label": .string("I know Swift"), "required": .boolean(false)])
        XCTAssertEqual(fields[4].attributes, ["label": .string("Passion to learn"), "required": .boolean(false), "min": .double(0), "max": .double(10), "step": .double(1)])
        XCTAssertEqual(try property("\(root)/form/me", formInterface, "Buttons"), .array(element: .structure([.string, .string, .string]), [
            .structure([.string("male"), .string("gender"), .string("male")]), .structure([.string("female"), .string("gender"), .string("female")]),
        ]))
    }

    func testSignUpAndOwnSpecPresentation() throws {
        try call(root, managerInterface, "CreateForm", [.string("s"), .string("sign-up"), options([])])
        let fields = try layout("\(root)/form/s")
        XCTAssertEqual(fields.map { $0.attributes["label"] }, ["Username", "Password", "Repeat password"].map { .string($0) })
        XCTAssertEqual(fields.map { $0.attributes["secret"] }, [.boolean(false), .boolean(true), .boolean(true)])
        XCTAssertEqual(fields[0].attributes["minLength"], .uint32(5))
        let spec = #"{"fields":[{"name":"email","kind":"text","label":"E-mail","help":"We never share it.","placeholder":"you@example.org","rules":{"maxLength":80,"pattern":"[^@]+@[^@]+"}},{"name":"n","kind":"switch"}]}"#
        try call(root, managerInterface, "CreateForm", [.string("own"), .string(spec), options([])])
        let own = try layout("\(root)/form/own")
        XCTAssertEqual(own[0].attributes, ["label": .string("E-mail"), "help": .string("We never share it."), "required": .boolean(false), "secret": .boolean(false),
                                           "placeholder": .string("you@example.org"), "maxLength": .uint32(80), "pattern": .string("[^@]+@[^@]+")])
        XCTAssertEqual(own[1].attributes, ["label": .string("n"), "required": .boolean(false)], "the label defaults to the name")
        XCTAssertEqual(try property("\(root)/form/own", formInterface, "Buttons"), .array(element: .structure([.string, .string, .string]), []))
        let misplaced = #"{"fields":[{"name":"n","kind":"switch","placeholder":"x","secret":true}]}"#
        XCTAssertEqual(error(root, managerInterface, "CreateForm", [.string("bad"), .string(misplaced), options([])]),
                       DBusError(name: errorPrefix + "InvalidSpec", message: "$.fields[0].placeholder: placeholder applies to text fields only; $.fields[0].secret: secret applies to text fields only"))
    }
}
