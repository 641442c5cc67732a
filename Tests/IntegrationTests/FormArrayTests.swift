import BusTestSupport
import DBus
import Foundation
import RxWidgetsClient
import XCTest

/// Array fields (docs/forms.md, "Field arrays"): items added, removed and
/// moved, each item's fields judged by their own rules and conditions
/// under their paths, `min`/`max` as `tooShort`/`tooLong`, the budgets.
final class FormArrayTests: DaemonTestCase {
    private let path = "\(root)/form/order"
    static let spec = #"""
    {"fields": [
      {"name": "customer", "kind": "text", "label": "Customer", "rules": {"required": true}},
      {"name": "addresses", "kind": "array", "label": "Address", "min": 1, "max": 3, "item": [
        {"name": "street", "kind": "text", "label": "Street", "rules": {"required": true}},
        {"name": "kind", "kind": "choice", "label": "Kind", "options": ["home", "work"]},
        {"name": "company", "kind": "text", "label": "Company", "visibleWhen": {"field": "item.kind", "equals": "work"}, "rules": {"required": true}}
      ]}
    ]}
    """#

    private func create(_ spec: String = FormArrayTests.spec) throws {
        try call(root, managerInterface, "CreateForm", [.string("order"), .string(spec), options([])])
    }

    private func item(_ street: String, _ kind: String, _ company: String = "") -> DBusValue {
        .dictionary(key: .string, value: .variant, [(.string("company"), .variant(.string(company))), (.string("kind"), .variant(.string(kind))), (.string("street"), .variant(.string(street)))])
    }

    private func items(_ list: [DBusValue]) -> DBusValue {
        .array(element: .array(.dictEntry(key: .string, value: .variant)), list)
    }

    private func entry(_ property: String, _ name: String) throws -> DBusValue? {
        try self.property(path, formInterface, property)?.dictionaryEntries?.first { $0.key == .string(name) }?.value
    }

    private func invalid(_ reason: String, _ message: String) -> DBusValue {
        .structure([.boolean(false), .string(reason), .string(message)])
    }

    private let valid = DBusValue.structure([.boolean(true), .string(""), .string("")])

    func testItemsAreJudgedUnderTheirPathsAndAddRemoveMoveAnnounceTheArray() throws {
        try create()
        XCTAssertEqual(try entry("Values", "addresses"), .variant(items([item("", "notSelected")])), "min items to start with")
        XCTAssertEqual(try entry("Validity", "addresses[0].street"), invalid("valueMissing", "Please fill in this field."))
        XCTAssertEqual(try entry("Validity", "addresses"), invalid("valueMissing", "Item 1, Street: Please fill in this field."))
        XCTAssertEqual(try entry("FieldStates", "addresses[0].company"), .structure([.boolean(false), .boolean(true), .boolean(true)]), "hidden by item.kind")
        let layout = try XCTUnwrap(WidgetsClient(address: bus.address).form("order").layout.last)
        XCTAssertEqual(layout.item.map(\.name), ["street", "kind", "company"])
        XCTAssertEqual(layout.minimum, .uint32(1))
        XCTAssertEqual(layout.maximum, .uint32(3))

        _ = takeEvents()
        try call(path, formInterface, "SetValue", [.string("addresses[0].street"), .variant(.string("Main St"))])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Form Values,Validity,Revision", "ValueChanged('addresses[0].street', <'Main St'>)",
                                      "ValidationChanged('addresses', true, '', '')", "ValidationChanged('addresses[0].street', true, '', '')", "reply"])
        try call(path, formInterface, "SetValue", [.string("addresses[0].kind"), .variant(.string("work"))])
        XCTAssertTrue(takeEvents().contains("FieldStateChanged('addresses[0].company', true, true, true)"))
        XCTAssertEqual(try entry("Validity", "addresses"), invalid("valueMissing", "Item 1, Company: Please fill in this field."))
        try call(path, formInterface, "SetValue", [.string("addresses[0].company"), .variant(.string("Acme"))])
        _ = takeEvents()
        try call(path, formInterface, "AddItem", [.string("addresses")])
        XCTAssertEqual(takeEvents().filter { $0.hasPrefix("ValueChanged") }, ["ValueChanged('addresses', <[{'company': <''>, 'kind': <'notSelected'>, 'street': <''>}, {'company': <''>, 'kind': <'notSelected'>, 'street': <''>}]>)".replacingOccurrences(of: "[{'company': <''>, 'kind': <'notSelected'>, 'street': <''>}, ", with: "[{'company': <'Acme'>, 'kind': <'work'>, 'street': <'Main St'>}, ")])
        try call(path, formInterface, "SetValue", [.string("addresses[1].street"), .variant(.string("Side St"))])
        try call(path, formInterface, "AddItem", [.string("addresses")])
        try call(path, formInterface, "AddItem", [.string("addresses")])
        XCTAssertEqual(try entry("Validity", "addresses"), invalid("tooLong", "Please keep at most 3 items (there are 4)."), "past max: kept and tooLong")
        _ = takeEvents()
        try call(path, formInterface, "RemoveItem", [.string("addresses"), .int32(3)])
        XCTAssertEqual(takeEvents().first, "PropertiesChanged Form Values,Validity,FieldStates,Revision", "the removed item's entries are dropped, and said")
        try call(path, formInterface, "RemoveItem", [.string("addresses"), .int32(2)])
        try call(path, formInterface, "MoveItem", [.string("addresses"), .int32(1), .int32(0)])
        XCTAssertEqual(try entry("Values", "addresses"), .variant(items([item("Side St", "notSelected"), item("Main St", "work", "Acme")])))
        XCTAssertNil(try entry("Validity", "addresses[2].street"), "a removed item's entries go")
        XCTAssertEqual(try entry("FieldStates", "addresses[1].company"), .structure([.boolean(true), .boolean(true), .boolean(true)]), "states follow their item")

        try call(path, formInterface, "SetValue", [.string("customer"), .variant(.string("Ada"))])
        XCTAssertEqual(try call(path, formInterface, "Submit").first?.dictionaryEntries?.last?.value, .variant(items([
            .dictionary(key: .string, value: .variant, [(.string("kind"), .variant(.string("notSelected"))), (.string("street"), .variant(.string("Side St")))]),
            item("Main St", "work", "Acme"),
        ])), "a field its item's condition hides is left out")
        try call(path, formInterface, "RemoveItem", [.string("addresses"), .int32(0)])
        try call(path, formInterface, "RemoveItem", [.string("addresses"), .int32(0)])
        XCTAssertEqual(try entry("Validity", "addresses"), invalid("tooShort", "Please add at least 1 item (there are 0)."))
        XCTAssertEqual(error(path, formInterface, "Submit")?.name, errorPrefix + "ValidationFailed")
    }

    func testSetValuesTakesItemPathsAllOrNothing() throws {
        try create()
        try call(path, formInterface, "AddItem", [.string("addresses")])
        let setValues = { (pairs: [(String, DBusValue)]) in
            self.error(self.path, formInterface, "SetValues", [self.options(pairs), .uint64(0)])
        }
        let refusal = setValues([("customer", .string("Ada")), ("addresses[0].street", .string("Main St")), ("addresses[1].kind", .string("boat"))])
        XCTAssertEqual(refusal?.name, "org.freedesktop.DBus.Error.InvalidArgs")
        XCTAssertEqual(refusal?.message, "field \"addresses[1].kind\" expects one of \"home\", \"work\", \"notSelected\", got \"boat\"")
        XCTAssertEqual(try entry("Values", "customer"), .variant(.string("")), "one refusal changes nothing")
        XCTAssertEqual(setValues([("addresses[2].street", .string("x"))])?.name, errorPrefix + "OutOfRange", "an item not added yet")
        _ = takeEvents()
        XCTAssertNil(setValues([("customer", .string("Ada")), ("addresses[0].street", .string("Main St")), ("addresses[1].kind", .string("work")), ("addresses[1].company", .string("Acme"))]))
        XCTAssertEqual(try entry("Values", "addresses"), .variant(items([item("Main St", "notSelected"), item("", "work", "Acme")])))
        XCTAssertEqual(takeEvents().filter { $0.hasPrefix("PropertiesChanged") }.count, 1, "one change, announced once")
    }

    func testRefusalsNameThePathAndChangeNothing() throws {
        try create()
        let revision = try property(path, formInterface, "Revision")
        for (member, arguments, name, message) in [
            ("AddItem", [DBusValue.string("customer")], "org.freedesktop.DBus.Error.InvalidArgs", "field \"customer\" is a text field; only array fields have items"),
            ("RemoveItem", [.string("addresses"), .int32(5)], errorPrefix + "OutOfRange", "field \"addresses\" has no item 5; expected 0…0"),
            ("MoveItem", [.string("addresses"), .int32(0), .int32(-1)], errorPrefix + "OutOfRange", "field \"addresses\" has no item -1; expected 0…0"),
            ("SetValue", [.string("addresses[3].street"), .variant(.string("x"))], errorPrefix + "OutOfRange", "field \"addresses\" has no item 3; expected 0…0"),
            ("SetValue", [.string("addresses[0].zip"), .variant(.string("x"))], errorPrefix + "UnknownField", "the form has no field named 'addresses[0].zip'"),
            ("SetValue", [.string("addresses[0].kind"), .variant(.string("boat"))], "org.freedesktop.DBus.Error.InvalidArgs", "field \"addresses[0].kind\" expects one of \"home\", \"work\", \"notSelected\", got \"boat\""),
            ("SetValue", [.string("addresses[0].street"), .variant(.boolean(true))], "org.freedesktop.DBus.Error.InvalidArgs", "value: field 'addresses[0].street' is a text field and expects 's', got 'b'"),
            ("SetValue", [.string("addresses"), .variant(.string("x"))], "org.freedesktop.DBus.Error.InvalidArgs", "value: field 'addresses' is a array field and expects 'aa{sv}', got 's'"),
            ("SetValue", [.string("addresses"), .variant(items([.dictionary(key: .string, value: .variant, [(.string("floor"), .variant(.int32(3)))])]))],
             errorPrefix + "UnknownField", "value: the items of field 'addresses' have no field named 'floor'; they have street, kind, company"),
            ("SetValue", [.string("addresses[0]street"), .variant(.string("x"))], errorPrefix + "UnknownField", "the form has no field named 'addresses[0]street'"),
        ] {
            let refusal = error(path, formInterface, member, arguments)
            XCTAssertEqual(refusal?.name, name, "\(member) \(arguments)")
            XCTAssertEqual(refusal?.message, message, "\(member) \(arguments)")
        }
        XCTAssertEqual(try property(path, formInterface, "Revision"), revision, "refusals change nothing")
    }

    func testHugeAndDeepArraysMeetTheStatedBudgets() throws {
        try create()
        let many = items(Array(repeating: item("x", "home"), count: 1_001))
        let refusal = error(path, formInterface, "SetValue", [.string("addresses"), .variant(many)])
        XCTAssertEqual(refusal?.name, errorPrefix + "LimitExceeded")
        XCTAssertEqual(refusal?.message, "field \"addresses\" would hold 1001 items; an array holds at most 1000")
        try call(path, formInterface, "SetValue", [.string("addresses"), .variant(items(Array(repeating: item("x", "home"), count: 1_000)))])
        XCTAssertEqual(error(path, formInterface, "AddItem", [.string("addresses")])?.name, errorPrefix + "LimitExceeded")
        XCTAssertEqual(try entry("Validity", "addresses"), invalid("tooLong", "Please keep at most 3 items (there are 1000)."))
        try call(path, formInterface, "SetValue", [.string("addresses[999].street"), .variant(.string("last"))])

        let field = #"{"name":"f","kind":"text"}"#
        for (spec, name, message) in [
            (#"{"fields":[{"name":"a","kind":"array","item":[{"name":"b","kind":"array","item":[{"name":"c","kind":"text"}]}]}]}"#,
             "InvalidSpec", "$.fields[0].item[0].kind: an array's item cannot hold an array (arrays are one level deep)"),
            (#"{"fields":[{"name":"a","kind":"array","item":[]}]}"#, "InvalidSpec", "$.fields[0].item: an item needs at least one field"),
            (#"{"fields":[{"name":"a","kind":"array"}]}"#, "InvalidSpec", "$.fields[0]: missing \"item\" of an array field: the fields of one item"),
            (#"{"fields":[{"name":"a","kind":"array","max":2000,"item":[\#(field)]}]}"#, "InvalidSpec", "$.fields[0].max: an array holds at most 1000 items; got 2000"),
            (#"{"fields":[{"name":"a","kind":"array","min":3,"max":2,"item":[\#(field)]}]}"#, "InvalidSpec", "$.fields[0].min: min is above max (2)"),
            (#"{"fields":[{"name":"a","kind":"array","min":1000000,"item":[\#(field)]}]}"#, "InvalidSpec", "$.fields[0].min: min is above max (100)"),
            (#"{"fields":[{"name":"a","kind":"text","item":[\#(field)]}]}"#, "InvalidSpec", "$.fields[0].item: item applies to array fields only"),
            (#"{"fields":[{"name":"a","kind":"array","item":[{"name":"f","kind":"text","visibleWhen":{"field":"g","equals":"x"}}]}]}"#,
             "InvalidSpec", "$.fields[0].item[0].visibleWhen.field: an item's condition reads fields of the same item, written item.NAME (item.f); got \"g\""),
            (#"{"fields":[{"name":"a","kind":"array","item":[{"name":"f","kind":"text","visibleWhen":{"field":"item.f","valid":true}},{"name":"g","kind":"text"}]}]}"#,
             "InvalidSpec", "$.fields[0].item[0].visibleWhen.field: a field's condition cannot refer to the field itself"),
            (#"{"fields":[{"name":"a","kind":"array","item":[{"name":"f","kind":"text","rules":{"equalTo":"g"}},{"name":"g","kind":"text"}]}]}"#,
             "InvalidSpec", "$.fields[0].item[0].rules.equalTo: equalTo reading beyond the item is not supported in an array's item"),
            (#"{"fields":[{"name":"a","kind":"array","item":[\#(field)],"initial":[{"f":"x"},{"g":"y"}]}]}"#,
             "InvalidSpec", "$.fields[0].initial[1].g: unknown key; expected one of f"),
            (#"{"fields":[{"name":"a","kind":"array","item":[\#((0..<65).map { #"{"name":"f\#($0)","kind":"text"}"# }.joined(separator: ","))]}]}"#,
             "LimitExceeded", "spec: $.fields[0].item: an item of 65 fields; the limit is 64"),
            (#"{"fields":[{"name":"a","kind":"array","item":[\#((0..<40).map { #"{"name":"f\#($0)","kind":"text"}"# }.joined(separator: ","))]},{"name":"b","kind":"array","item":[\#((0..<40).map { #"{"name":"f\#($0)","kind":"text"}"# }.joined(separator: ","))]}]}"#,
             "LimitExceeded", "spec: $.fields[1].item: the form's arrays could hold 80000 item values (1000 items × their fields); the budget is 65536"),
            (#"{"fields":[{"name":"a","kind":"array","item":[{"name":"f","kind":"text","rules":{"pattern":"[a-z]+"}}]}]}"#,
             "LimitExceeded", "spec: $.fields[0].item[0].rules.pattern: matching the form's patterns could take 327680000 steps (instructions × longest value, maxLength or 65536); the budget is 8388608: shorten the pattern or set a smaller maxLength"),
        ] {
            let refused = error(root, managerInterface, "CreateForm", [.string("bad"), .string(spec), options([])])
            XCTAssertEqual(refused?.name, errorPrefix + name, spec)
            XCTAssertEqual(refused?.message, message, spec)
        }
        let patterned = #"{"fields":[{"name":"a","kind":"array","item":[{"name":"f","kind":"text","rules":{"pattern":"[a-z]+","maxLength":64}}]}]}"#
        XCTAssertNoThrow(try call(root, managerInterface, "CreateForm", [.string("patterned"), .string(patterned), options([])]), "a maxLength makes an item pattern affordable")
    }

    /// Another uid's page and item gestures are refused, change nothing, and the daemon answers on.
    func testAnotherUIDsPageAndItemGesturesAreRefused() throws {
        try create()
        try call(root, managerInterface, "CreateForm", [.string("trip"), .string(FormPagesTests.spec), options([])])
        let trip = "\(root)/form/trip"
        try call(trip, formInterface, "SetValue", [.string("name"), .variant(.string("Ada"))])
        let revisions = try [property(path, formInterface, "Revision"), property(trip, formInterface, "Revision")]
        for (object, member, arguments) in [
            (path, "AddItem", ["'addresses'"]), (path, "RemoveItem", ["'addresses'", "0"]), (path, "MoveItem", ["'addresses'", "0", "0"]),
            (path, "SetValue", ["'addresses[0].street'", "<'x'>"]), (path, "Increment", ["'addresses[0].street'"]),
            (trip, "NextPage", []), (trip, "PreviousPage", []),
        ] {
            let result = try runCommand("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/gdbus", "call", "--address", bus.address,
                                                             "--dest", busName, "--object-path", object, "--method", "\(formInterface).\(member)"] + arguments,
                                        environment: ["HOME": "/tmp"])
            XCTAssertTrue((result.output + result.error).contains("AccessDenied"), "\(member): \(result.output)\(result.error)")
        }
        XCTAssertEqual(try [property(path, formInterface, "Revision"), property(trip, formInterface, "Revision")], revisions, "refusals change nothing")
        XCTAssertEqual(try property(trip, formInterface, "Page"), .int32(0))
        XCTAssertNoThrow(try call(root, "org.freedesktop.DBus.Peer", "Ping"), "the daemon answers on")
    }

    func testASecretItemFieldIsNeverBroadcast() throws {
        try create(#"{"fields":[{"name":"logins","kind":"array","item":[{"name":"user","kind":"text"},{"name":"password","kind":"text","secret":true}],"initial":[{"user":"ada"}]}]}"#)
        _ = takeEvents()
        try call(path, formInterface, "SetValue", [.string("logins[0].password"), .variant(.string("hunter2"))])
        XCTAssertTrue(takeEvents().contains("ValueChanged('logins[0].password', <''>)"))
        try call(path, formInterface, "AddItem", [.string("logins")])
        XCTAssertFalse(takeEvents().contains { $0.contains("hunter2") }, "the whole array redacted")
        XCTAssertEqual(try call(path, formInterface, "GetValue", [.string("logins[0].password")]).first, .variant(.string("hunter2")), "the owner reads it")
    }
}

/// The items and the page of a form are kept across a restart (a secret item field is not written).
final class FormArrayStateTests: XCTestCase {
    func testItemsSurviveARestart() throws {
        let run = try RestartingDaemon()
        defer { run.stop() }
        do {
            let form = try WidgetsClient(address: run.bus.address).createForm("order", spec: FormArrayTests.spec)
            try form.setValue(.string("Main St"), for: "addresses[0].street")
            try form.addItem(to: "addresses")
            try form.setValue(.string("work"), for: "addresses[1].kind")
        }
        try run.restart()
        let restored = try WidgetsClient(address: run.bus.address).form("order")
        let items = try XCTUnwrap(restored.values["addresses"]?.arrayElements, run.daemon.log)
        XCTAssertEqual(items.count, 2)
        XCTAssertEqual(try restored.value(of: "addresses[0].street"), .string("Main St"))
        XCTAssertEqual(restored.fieldStates["addresses[1].company"]?.visible, true, "item conditions judged again")
    }
}

/// An array field in the terminal: `+` on its row adds an item, `-` on an
/// item's row removes it, Alt+↑/↓ moves it; its fields are fields of their
/// own kinds; what is printed names each item field by its path.
final class FormArrayTerminalTests: DaemonTestCase {
    private var spec: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        spec = try specFile(FormArrayTests.spec, named: "order")
    }

    func testAddFillMoveAndRemoveItems() throws {
        let form = try TerminalSession(["form", spec.path], address: bus.address, columns: 90, rows: 40)
        form.waitForScreen("1 item (1–3)")
        form.type("Ada")
        form.send("Tab")
        form.waitForScreen("+ add")
        form.send("+", "+")
        form.waitForScreen("3 items (1–3)")
        form.waitForScreen("› Address 3")
        form.send("+")
        form.waitForScreen("Address holds at most 3 items")
        XCTAssertTrue(form.screen.contains("3 items (1–3)"), "no fourth item:\n\(form.screen)")
        form.send("-")
        form.waitForScreen("2 items (1–3)")
        form.waitForScreen("› Address 2")
        form.send("Tab")
        form.type("Side St")
        form.send("M-Up")
        form.waitForScreen("› Address 1")
        form.send("Tab", "Tab", "Tab", "Tab")
        form.type("Main St")
        form.send("Tab", "Right", " ")
        form.waitForScreen("Company")
        form.send("Tab")
        form.type("Acme")
        form.send("Tab", "Enter")
        XCTAssertEqual(form.exitStatus(), 0, form.error + form.screen)
        XCTAssertEqual(form.output, "customer=Ada\naddresses[0].street=Side St\naddresses[0].kind=notSelected\naddresses[1].street=Main St\naddresses[1].kind=work\naddresses[1].company=Acme\n")
    }

    private var expected: String {
        "customer=Ada\naddresses[0].street=Side St\naddresses[0].kind=notSelected\naddresses[1].street=Main St\naddresses[1].kind=work\naddresses[1].company=Acme\n"
    }

    func testTheSameKeysInOneBurstPrintTheSame() throws {
        let form = try TerminalSession(["form", spec.path], address: bus.address, columns: 90, rows: 40)
        form.waitForScreen("1 item (1–3)")
        form.type("Ada")
        form.send("Tab", "+", "+", "-", "Tab")
        form.type("Side St")
        form.send("M-Up", "Tab", "Tab", "Tab", "Tab")
        form.type("Main St")
        form.send("Tab", "Right", " ", "Tab")
        form.type("Acme")
        form.send("Tab", "Enter")
        XCTAssertEqual(form.exitStatus(), 0, form.error + form.screen)
        XCTAssertEqual(form.output, expected)
    }

    /// `answer` fills item fields by their paths, adding the items up to the one named.
    func testAnswerFillsItemsByPath() throws {
        let environment = ["DBUS_SESSION_BUS_ADDRESS": bus.address, "LANG": "C.UTF-8", "RXWIDGETS_FRONTEND": "tty"]
        let form = try TerminalSession(["form", "--timeout", "60", "--name", "order", spec.path], address: bus.address, columns: 90, rows: 40)
        form.waitForScreen("1 item (1–3)")
        let answered = try runCommand(frontEndExecutable, ["answer", "order", "customer=Ada", "addresses[1].street=Side St", "addresses[0].street=Main St"], environment: environment)
        XCTAssertEqual(answered.status, 0, answered.error)
        XCTAssertEqual(form.exitStatus(), 0, form.error)
        XCTAssertEqual(form.output, "customer=Ada\naddresses[0].street=Main St\naddresses[0].kind=notSelected\naddresses[1].street=Side St\naddresses[1].kind=notSelected\n")
    }

    func testAccessibleModeAsksEachItemThenWhetherToAddAnother() throws {
        let form = try TerminalSession(["form", "--accessible", "--json", spec.path], address: bus.address, columns: 90, rows: 40)
        form.waitForScreen("Customer:")
        form.type("Ada")
        form.send("Enter")
        form.waitForScreen("Address 1:")
        form.waitForScreen("Street:")
        form.type("Main St")
        form.send("Enter")
        form.waitForScreen("Choose a number from 1 to 2, or - for none:")
        form.send("2", "Enter")
        form.waitForScreen("Company:")
        form.type("Acme")
        form.send("Enter")
        form.waitForScreen("Add another item to Address? (yes or no) [no]:")
        form.type("y")
        form.send("Enter")
        form.waitForScreen("Address 2:")
        form.type("Side St")
        form.send("Enter")
        // Nothing chosen yet: Enter chooses nothing for the person.
        form.waitForScreen("Choose a number from 1 to 2, or - for none:")
        form.send("Enter")
        form.waitForScreen("Add another item to Address?")
        form.send("Enter")
        XCTAssertEqual(form.exitStatus(), 0, form.error + form.screen)
        XCTAssertEqual(form.output, #"{"customer":"Ada","addresses":[{"street":"Main St","kind":"work","company":"Acme"},{"street":"Side St","kind":"notSelected"}]}"# + "\n")
    }

    func testAccessibleModeNeverChoosesARequiredOptionForThePerson() throws {
        let required = try specFile(#"{"fields": [{"name": "size", "kind": "choice", "label": "Size", "options": ["S", "M"], "rules": {"required": true}}]}"#, named: "size")
        let form = try TerminalSession(["form", "--accessible", required.path], address: bus.address, columns: 90, rows: 20)
        form.waitForScreen("Choose a number from 1 to 2:")
        form.send("Enter")
        form.waitForScreen("\"\" is not a number from 1 to 2.")
        form.send("2", "Enter")
        XCTAssertEqual(form.exitStatus(), 0, form.error + form.screen)
        XCTAssertEqual(form.output, "size=M\n")
    }
}
