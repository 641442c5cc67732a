import Foundation
import RxWidgetsClient
import XCTest

/// A form of several pages in a window: one page at a time under its
/// title and "page N of M", Back and Next, Submit on the last page; Return
/// moves on from any control once the page is valid.
final class GtkFormPagesTests: DesktopTestCase {
    func testThreePagesWithBackAndNextThenSubmit() throws {
        let spec = try specFile(FormPagesTests.spec, named: "trip")
        let form = try start(["form", spec.path])
        form.waitFor("text", "Your name") { $0.states.contains("focused") }
        XCTAssertNotNil(form.find("label", "You · page 1 of 2"))
        XCTAssertEqual(form.find("push button", "Back")?.states.contains("sensitive"), false, "nothing before the first page")
        XCTAssertEqual(form.find("push button", "Next")?.states.contains("sensitive"), false, "the page is invalid")
        desktop.type("Ada")
        form.act("check box", "Travelling abroad", "toggle")
        form.waitFor("label", "You · page 1 of 3") { _ in true }
        form.waitFor("push button", "Next") { $0.states.contains("sensitive") }
        form.act("push button", "Next", "click")
        form.waitFor("text", "Passport number") { $0.states.contains("focused") }
        XCTAssertNotNil(form.find("label", "Passport · page 2 of 3"))
        desktop.type("X1234")
        form.waitFor("text", "Passport number") { $0.states.contains("invalid") || $0.text == "X1234" }
        try screenshot("form-pages", of: form)
        desktop.type("5678")
        form.waitFor("push button", "Next") { $0.states.contains("sensitive") }
        desktop.press("Return")
        form.waitFor("label", "Seat · page 3 of 3") { _ in true }
        form.act("push button", "Back", "click")
        form.waitFor("label", "Passport · page 2 of 3") { _ in true }
        desktop.press("Return")
        form.waitFor("push button", "Submit") { _ in true }
        // The seat's dropdown is GTK's own; the daemon is told as its choice would tell it.
        let name = try XCTUnwrap(WidgetsClient(address: bus.address).widgets().first { $0.kind == "form" }?.path.rawValue.split(separator: "/").last)
        try WidgetsClient(address: bus.address).form(String(name)).setValue(.string("aisle"), for: "seat")
        form.waitFor("push button", "Submit") { $0.states.contains("sensitive") }
        desktop.press("Return")
        XCTAssertEqual(form.exitStatus(), 0, form.error)
        XCTAssertEqual(form.output, "name=Ada\nabroad=true\npassport=X12345678\nseat=aisle\n")
    }
}

/// An array field in a window: Add, and per item Remove, Up and Down; the
/// item's fields are controls of their own kinds.
final class GtkFormArrayTests: DesktopTestCase {
    func testItemsAreAddedFilledMovedAndRemovedWithButtons() throws {
        let spec = try specFile(FormArrayTests.spec, named: "order")
        let form = try start(["form", spec.path])
        form.waitFor("text", "Customer") { $0.states.contains("focused") }
        desktop.type("Ada")
        form.act("push button", "Add to Address", "click")
        form.waitFor("push button", "Remove Address 2") { _ in true }
        // An added item's first field takes the focus.
        desktop.type("Main St")
        XCTAssertTrue(waitFor { self.events.contains("ValueChanged('addresses[1].street', <'Main St'>)") }, "\(events)")
        form.act("push button", "Add to Address", "click")
        form.waitFor("push button", "Remove Address 3") { _ in true }
        form.waitFor("push button", "Add to Address") { !$0.states.contains("sensitive") }
        form.act("push button", "Remove Address 3", "click")
        XCTAssertTrue(form.waitUntilGone("push button", "Remove Address 3"))
        form.act("push button", "Move up Address 2", "click")
        // The items kept their number: each field that changed is announced under its path.
        XCTAssertTrue(waitFor { self.events.contains("ValueChanged('addresses[0].street', <'Main St'>)") }, "\(events)")
        form.waitFor("text", "Street") { $0.text == "Main St" }
        try screenshot("form-array", of: form)
        form.act("push button", "Remove Address 2", "click")
        form.waitFor("push button", "Submit") { $0.states.contains("sensitive") }
        form.act("push button", "Submit", "click")
        XCTAssertEqual(form.exitStatus(), 0, form.error)
        XCTAssertEqual(form.output, "customer=Ada\naddresses[0].street=Main St\naddresses[0].kind=notSelected\n")
    }

    /// Another client's item added rebuilds the rows, and the field being typed in keeps the focus.
    func testAnItemAddedElsewhereLeavesTheTypingWhereItWas() throws {
        let spec = try specFile(FormArrayTests.spec, named: "order")
        let form = try start(["form", spec.path])
        form.waitFor("text", "Customer") { $0.states.contains("focused") }
        desktop.type("Ad")
        XCTAssertTrue(waitFor { self.events.contains("ValueChanged('customer', <'Ad'>)") }, "\(events)")
        let name = try XCTUnwrap(WidgetsClient(address: bus.address).widgets().first { $0.kind == "form" }?.path.lastComponent)
        try WidgetsClient(address: bus.address).form(name).addItem(to: "addresses")
        form.waitFor("push button", "Remove Address 2") { _ in true }
        desktop.type("a")
        XCTAssertTrue(waitFor { self.events.contains("ValueChanged('customer', <'Ada'>)") }, "still typing in Customer: \(events)")
        desktop.press("Escape")
        XCTAssertEqual(form.exitStatus(), 1, form.error)
    }
}
