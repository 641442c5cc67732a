import BusTestSupport
import DBus
import Foundation
import RxWidgetsClient
import XCTest

/// A form of several pages (docs/forms.md, "Pages"): `Page` and `Pages`,
/// `NextPage` refused while the page is invalid, skip logic by a page's
/// `visibleWhen`, `Submit` only on the last shown page.
final class FormPagesTests: DaemonTestCase {
    private let path = "\(root)/form/trip"
    static let spec = #"""
    {"fields": [
      {"name": "name", "kind": "text", "label": "Your name", "rules": {"required": true}},
      {"name": "abroad", "kind": "switch", "label": "Travelling abroad"},
      {"name": "passport", "kind": "text", "label": "Passport number", "rules": {"required": true, "pattern": "[A-Z0-9]{9}"}},
      {"name": "seat", "kind": "choice", "label": "Seat", "options": ["window", "aisle"], "rules": {"required": true}}
    ],
    "pages": [
      {"title": "You", "fields": ["name", "abroad"]},
      {"title": "Passport", "fields": ["passport"], "visibleWhen": {"field": "abroad", "equals": true}},
      {"title": "Seat", "fields": ["seat"]}
    ]}
    """#

    private func create() throws {
        try call(root, managerInterface, "CreateForm", [.string("trip"), .string(FormPagesTests.spec), options([])])
    }

    private func page() throws -> DBusValue? {
        try property(path, formInterface, "Page")
    }

    private func pages(_ shown: [Bool]) -> DBusValue {
        .array(element: .structure([.string, .boolean]), zip(["You", "Passport", "Seat"], shown).map { .structure([.string($0), .boolean($1)]) })
    }

    func testNextPageIsRefusedWhileThePageIsInvalidAndSkipsAPageWhoseConditionIsFalse() throws {
        try create()
        XCTAssertEqual(try page(), .int32(0))
        XCTAssertEqual(try property(path, formInterface, "Pages"), pages([true, false, true]))
        let layout = try WidgetsClient(address: bus.address).form("trip").layout
        XCTAssertEqual(layout.map(\.page), [0, 0, 1, 2])
        XCTAssertEqual(try property(path, formInterface, "FieldStates")?.dictionaryEntries?.first { $0.key == .string("passport") }?.value,
                       .structure([.boolean(false), .boolean(true), .boolean(true)]), "a skipped page's field is hidden")

        let refusal = error(path, formInterface, "NextPage")
        XCTAssertEqual(refusal?.name, errorPrefix + "ValidationFailed")
        XCTAssertEqual(refusal?.message, "the form is invalid: name (valueMissing: Please fill in this field.)", "only this page's fields are named")
        XCTAssertEqual(error(path, formInterface, "PreviousPage")?.name, errorPrefix + "OutOfRange")
        XCTAssertEqual(error(path, formInterface, "Submit")?.message, "the form is on page 1 of 3 and page 3 follows: NextPage through the pages before Submit")
        XCTAssertEqual(try page(), .int32(0), "refusals change nothing")

        try call(path, formInterface, "SetValue", [.string("name"), .variant(.string("Ada"))])
        _ = takeEvents()
        try call(path, formInterface, "NextPage")
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Form Page,Revision", "reply"])
        XCTAssertEqual(try page(), .int32(2), "the passport page is skipped")
        XCTAssertEqual(error(path, formInterface, "NextPage")?.name, errorPrefix + "OutOfRange", "the last page")
        try call(path, formInterface, "SetValue", [.string("seat"), .variant(.string("aisle"))])
        XCTAssertEqual(try call(path, formInterface, "Submit").first, .dictionary(key: .string, value: .variant, [
            (.string("name"), .variant(.string("Ada"))), (.string("abroad"), .variant(.boolean(false))), (.string("seat"), .variant(.string("aisle"))),
        ]), "a skipped page's fields are left out")

        try call(path, formInterface, "PreviousPage")
        XCTAssertEqual(try page(), .int32(0))
        _ = takeEvents()
        try call(path, formInterface, "SetValue", [.string("abroad"), .variant(.boolean(true))])
        XCTAssertEqual(takeEvents().first, "PropertiesChanged Form Values,Valid,SubmitEnabled,FieldStates,Pages,Revision")
        XCTAssertEqual(try property(path, formInterface, "Pages"), pages([true, true, true]))
        try call(path, formInterface, "NextPage")
        XCTAssertEqual(try page(), .int32(1))
        try call(path, formInterface, "SetValue", [.string("passport"), .variant(.string("bad"))])
        XCTAssertEqual(error(path, formInterface, "NextPage")?.message, "the form is invalid: passport (patternMismatch: Please match the requested format.)")
        try call(path, formInterface, "SetValue", [.string("passport"), .variant(.string("X12345678"))])
        try call(path, formInterface, "NextPage")
        XCTAssertEqual(try call(path, formInterface, "Submit").first?.dictionaryEntries?.map(\.key), ["name", "abroad", "passport", "seat"].map(DBusValue.string))
    }

    func testThePageAPersonIsOnFollowsWhenItsConditionTurnsFalseAndResetGoesBack() throws {
        try create()
        try call(path, formInterface, "SetValues", [.dictionary(key: .string, value: .variant, [
            (.string("name"), .variant(.string("Ada"))), (.string("abroad"), .variant(.boolean(true))),
        ]), .uint64(0)])
        try call(path, formInterface, "NextPage")
        XCTAssertEqual(try page(), .int32(1))
        try call(path, formInterface, "SetValue", [.string("abroad"), .variant(.boolean(false))])
        XCTAssertEqual(try page(), .int32(0), "the passport page is no longer shown: back to the one before it")
        try call(path, formInterface, "NextPage")
        XCTAssertEqual(try page(), .int32(2))
        _ = takeEvents()
        try call(path, formInterface, "Reset")
        XCTAssertEqual(try page(), .int32(0))
        XCTAssertTrue(takeEvents().first?.contains("Page,") == true)
    }

    func testAFormWithoutPagesHasOneAndTheClientMovesThroughPages() throws {
        let client = try WidgetsClient(address: bus.address)
        let plain = try client.createForm("plain", spec: #"{"fields":[{"name":"a","kind":"text"}]}"#)
        XCTAssertEqual(plain.page, 0)
        XCTAssertTrue(plain.pages.isEmpty)
        XCTAssertEqual(plain.layout.map(\.page), [nil])
        XCTAssertEqual(try plain.submit(), ["a": .string("")])
        XCTAssertThrowsError(try plain.nextPage())

        try create()
        let form = try client.form("trip")
        try form.setValue(.string("Ada"), for: "name")
        try form.nextPage()
        XCTAssertEqual(form.page, 2)
        XCTAssertEqual(form.pages.map(\.title), ["You", "Passport", "Seat"])
        try form.previousPage()
        XCTAssertEqual(form.page, 0)
    }

    func testSpecMistakesOfPagesAreNamedByTheirPath() throws {
        let fields = #""fields":[{"name":"a","kind":"text"},{"name":"b","kind":"switch"}]"#
        for (pages, message) in [
            (#"[]"#, "$.pages: a form with pages needs at least one page; leave out \"pages\" for a form of one page"),
            (#"[{"title":"A","fields":["a"]}]"#, "$.pages: field \"b\" is on no page; every field of a form with pages is on one"),
            (#"[{"title":"A","fields":["a","b","a"]}]"#, "$.pages[0].fields[2]: field \"a\" is already on page 1; a field is on one page"),
            (#"[{"title":"A","fields":["a","c"]},{"title":"B","fields":["b"]}]"#, "$.pages[0].fields[1]: no field is named \"c\""),
            (#"[{"title":"A","fields":["a","b"]},{"title":"B","fields":[]}]"#, "$.pages[1].fields: a page needs at least one field"),
            (#"[{"fields":["a","b"]}]"#, "$.pages[0]: missing \"title\""),
            (#"[{"title":"A","fields":["a","b"],"visibleWhen":{"field":"b","equals":true}}]"#, "$.pages[0].visibleWhen: the first page is always shown; visibleWhen applies to later pages"),
            (#"[{"title":"A","fields":["a"]},{"title":"B","fields":["b"],"visibleWhen":{"field":"b","equals":true}}]"#,
             "$.pages[1].visibleWhen: a page's visibleWhen reads fields of earlier pages; \"b\" is on page 2 of a condition on page 2"),
            (#"[{"title":"A","fields":["a"],"next":1},{"title":"B","fields":["b"]}]"#, "$.pages[0].next: unknown key; expected one of fields, title, visibleWhen"),
        ] {
            let spec = "{\(fields),\"pages\":\(pages)}"
            let refusal = error(root, managerInterface, "CreateForm", [.string("bad"), .string(spec), options([])])
            XCTAssertEqual(refusal?.name, errorPrefix + "InvalidSpec", spec)
            XCTAssertEqual(refusal?.message, message, spec)
        }
        let nul = "{\(fields),\"pages\":[{\"title\":\"A\\u0000\",\"fields\":[\"a\",\"b\"]}]}"
        XCTAssertEqual(error(root, managerInterface, "CreateForm", [.string("bad"), .string(nul), options([])])?.message,
                       "$.pages[0].title: \"A\\0\" contains U+0000, which D-Bus strings cannot carry")
        let long = "{\(fields),\"pages\":[{\"title\":\"\(String(repeating: "x", count: 65_537))\",\"fields\":[\"a\",\"b\"]}]}"
        let refusal = error(root, managerInterface, "CreateForm", [.string("bad"), .string(long), options([])])
        XCTAssertEqual(refusal?.name, errorPrefix + "LimitExceeded")
        XCTAssertEqual(refusal?.message, "spec: $.pages[0].title: a string of 65537 characters; the limit is 65536")
        XCTAssertEqual(error(path, formInterface, "NextPage")?.name, "org.freedesktop.DBus.Error.UnknownObject", "nothing was made")
    }
}

/// The page a person is on is kept across a restart.
final class FormPagesStateTests: XCTestCase {
    func testThePageSurvivesARestart() throws {
        let run = try RestartingDaemon()
        defer { run.stop() }
        do {
            let form = try WidgetsClient(address: run.bus.address).createForm("trip", spec: FormPagesTests.spec)
            try form.setValue(.string("Ada"), for: "name")
            try form.nextPage()
        }
        try run.restart()
        let restored = try WidgetsClient(address: run.bus.address).form("trip")
        XCTAssertEqual(restored.page, 2, run.daemon.log)
        XCTAssertEqual(restored.values["name"], .string("Ada"))
    }
}

/// A form of pages in the terminal: one page at a time under its title and
/// number, Enter on a page's last field moves on once the page is valid, a
/// skipped page is never drawn, and a burst of keys gives what slow keys give.
final class FormPagesTerminalTests: DaemonTestCase {
    private var spec: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        spec = try specFile(FormPagesTests.spec, named: "trip")
    }

    func testOnePageAtATimeAndNextOnlyOnceThePageIsValid() throws {
        let form = try TerminalSession(["form", spec.path], address: bus.address, columns: 90, rows: 24)
        form.waitForScreen("You · page 1 of 2")
        XCTAssertTrue(form.screen.contains("[ Next › ]") && !form.screen.contains("Seat"), form.screen)
        form.send("Tab", "Enter")
        form.waitForScreen("Next waits for Your name")
        XCTAssertTrue(form.screen.contains("Please fill in this field."), form.screen)
        form.send("BTab")
        form.type("Ada")
        form.send("Tab", "Enter")
        form.waitForScreen("Seat · page 2 of 2")
        XCTAssertFalse(form.screen.contains("Passport"), "the skipped page:\n\(form.screen)")
        form.send("PPage")
        form.waitForScreen("You · page 1 of 2")
        form.send("Tab", " ")
        form.waitForScreen("You · page 1 of 3")
        form.send("Enter")
        form.waitForScreen("Passport · page 2 of 3")
        form.type("X12345678")
        form.send("Enter")
        form.waitForScreen("Seat · page 3 of 3")
        form.send("Right", " ", "Tab", "Enter")
        XCTAssertEqual(form.exitStatus(), 0, form.error + form.screen)
        XCTAssertEqual(form.output, "name=Ada\nabroad=true\npassport=X12345678\nseat=aisle\n")
    }

    func testABurstThroughThreePagesPrintsWhatSlowKeysPrint() throws {
        let form = try TerminalSession(["form", spec.path], address: bus.address, columns: 90, rows: 24)
        form.waitForScreen("You · page 1 of 2")
        form.type("Ada")
        form.send("Tab", " ", "Enter")
        form.type("X12345678")
        form.send("Enter", "Right", " ", "Tab", "Enter")
        XCTAssertEqual(form.exitStatus(), 0, form.error + form.screen)
        XCTAssertEqual(form.output, "name=Ada\nabroad=true\npassport=X12345678\nseat=aisle\n")
    }

    /// `answer` fills a waiting form of pages and walks it to its last page
    /// as a person would; a page its values leave invalid is named.
    func testAnswerWalksAWaitingFormThroughItsPages() throws {
        let environment = ["DBUS_SESSION_BUS_ADDRESS": bus.address, "LANG": "C.UTF-8", "RXWIDGETS_FRONTEND": "tty"]
        let form = try TerminalSession(["form", "--timeout", "60", "--name", "trip", spec.path], address: bus.address, columns: 90, rows: 24)
        form.waitForScreen("You · page 1 of 2")
        let refused = try runCommand(frontEndExecutable, ["answer", "trip", "abroad=true", "seat=window"], environment: environment)
        XCTAssertEqual(refused.status, 3, refused.error)
        XCTAssertTrue(refused.error.contains("name (valueMissing"), refused.error)
        let answered = try runCommand(frontEndExecutable, ["answer", "trip", "name=Ada", "abroad=false", "seat=window"], environment: environment)
        XCTAssertEqual(answered.status, 0, answered.error)
        XCTAssertEqual(form.exitStatus(), 0, form.error)
        XCTAssertEqual(form.output, "name=Ada\nabroad=false\nseat=window\n")
    }

    /// `form-set` changes values as a script would, and never the page a person is on.
    func testFormSetLeavesThePageAlone() throws {
        let environment = ["DBUS_SESSION_BUS_ADDRESS": bus.address, "LANG": "C.UTF-8"]
        let form = try WidgetsClient(address: bus.address).createForm("trip", spec: FormPagesTests.spec)
        let set = try runCommand(frontEndExecutable, ["form-set", "trip", "abroad=true"], environment: environment)
        XCTAssertEqual(set.status, 0, set.error)
        try form.refresh()
        XCTAssertEqual(form.page, 0)
        XCTAssertEqual(form.values["abroad"], .boolean(true))
    }

    func testAccessibleModeSaysEachPageAndMovesOn() throws {
        let form = try TerminalSession(["form", "--accessible", spec.path], address: bus.address, columns: 90, rows: 24)
        form.waitForScreen("You · page 1 of 2")
        form.waitForScreen("Your name:")
        form.type("Ada")
        form.send("Enter")
        form.waitForScreen("Travelling abroad (yes or no) [no]:")
        form.send("Enter")
        form.waitForScreen("Seat · page 2 of 2")
        form.waitForScreen("Seat:")
        form.send("2", "Enter")
        XCTAssertEqual(form.exitStatus(), 0, form.error + form.screen)
        XCTAssertEqual(form.output, "name=Ada\nabroad=false\nseat=aisle\n")
    }
}
