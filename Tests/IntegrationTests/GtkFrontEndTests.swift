import BusTestSupport
import DBus
import Foundation
import Glibc
import RxCoreEssentials
import XCTest

/// `rxwidgets-gtk` as a person and a screen reader use it: real GTK windows
/// on Xvfb, read and driven through the AT-SPI accessibility tree and the
/// keyboard (xdotool), on a private bus with the built daemon — the printed
/// result, the exit status and the daemon's signals.
final class GtkFrontEndTests: DaemonTestCase {
    private var desktop: Desktop!

    override func setUpWithError() throws {
        try super.setUpWithError()
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: gtkFrontEndExecutable), "build the GTK front end first (make test does): \(gtkFrontEndExecutable) is missing")
        desktop = try Desktop(bus: bus)
    }

    override func tearDown() {
        desktop?.stop()
        super.tearDown()
    }

    private func start(_ arguments: [String], input: String? = nil) throws -> GtkSession {
        try GtkSession(arguments + ["--address", bus.address], desktop: desktop, input: input)
    }

    private func screenshot(_ name: String) throws {
        let colours = try desktop.screenshot(to: screenshotDirectory.appendingPathComponent("\(name).png"))
        XCTAssertGreaterThan(colours, 16, "the screenshot of \(name) is not blank")
    }

    func testChooseTheThirdItem() throws {
        let choose = try start(["choose", "--header", "Fruit?", "apple", "banana", "cherry"])
        let list = choose.waitFor("list", "Items") { $0.children.count == 3 }
        XCTAssertEqual(list?.children, ["apple", "banana", "cherry"])
        choose.waitFor("list item", "apple") { $0.states.contains("selected") && $0.states.contains("focused") }
        XCTAssertNotNil(choose.find("label", "Fruit?"), "the header is shown")
        try screenshot("choose")
        desktop.press("Down", "Down")
        XCTAssertTrue(waitFor { self.events.contains("ItemSelected(2, 0)") }, "↓↓ is SelectRow(2): \(events)")
        choose.waitFor("list item", "cherry") { $0.states.contains("selected") }
        desktop.press("Return")
        XCTAssertEqual(choose.exitStatus(), 0, choose.error)
        XCTAssertEqual(choose.output, "cherry\n")
        XCTAssertTrue(events.contains { $0 == "SelectedItem(2, 'cherry')" }, "Done's SelectedItem: \(events)")
    }

    func testPickTwoComponents() throws {
        let pick = try start(["pick", "--component", "S,M,L", "--component", "red,blue", "--selected", "M,red"])
        pick.waitFor("list item", "M") { $0.states.contains("selected") }
        XCTAssertNotNil(pick.find("list", "Component 2 of 2"), "each component is a list named for screen readers")
        try screenshot("pick")
        desktop.press("Down")
        pick.waitFor("list item", "L") { $0.states.contains("selected") }
        desktop.press("Tab", "Down")
        pick.waitFor("list item", "blue") { $0.states.contains("selected") }
        XCTAssertTrue(waitFor { self.events.contains("ItemSelected(1, 1)") }, "the second component's row is SelectRow(1, 1): \(events)")
        pick.act("push button", "Done", "click")
        XCTAssertEqual(pick.exitStatus(), 0, pick.error)
        XCTAssertEqual(pick.output, "L\tblue\n")
    }

    func testTableOfSeveralChoices() throws {
        let table = try start(["table", "--multiple", "--header", "Toppings", "cheese", "olives", "ham", "basil"])
        XCTAssertEqual(table.find("tree table", "Toppings")?.description, "Choose any rows")
        table.waitFor("table row", "cheese") { $0.states.contains("focused") }
        // GTK's keys for several choices: Space chooses, Ctrl+↓ moves on without choosing, Ctrl+Space adds.
        desktop.press("space", "ctrl+Down", "ctrl+Down", "ctrl+space")
        XCTAssertTrue(waitFor { self.events.contains("ItemSelected(0, 2)") }, "ham's row is SelectRow: \(events)")
        table.waitFor("table row", "ham") { $0.states.contains("selected") }
        XCTAssertEqual(table.find("table row", "cheese")?.states.contains("selected"), true)
        XCTAssertEqual(table.find("table row", "olives")?.states.contains("selected"), false)
        try screenshot("table")
        table.act("push button", "Done", "click")
        XCTAssertEqual(table.exitStatus(), 0, table.error)
        XCTAssertEqual(table.output, "cheese\nham\n")
    }

    func testEscapeAndClosingTheWindowCancel() throws {
        let escaped = try start(["choose", "a", "b"])
        XCTAssertNotNil(escaped.find("list item", "a"))
        desktop.press("Escape")
        XCTAssertEqual(escaped.exitStatus(), 1, escaped.error)
        XCTAssertEqual(escaped.output, "")
        let closed = try start(["form", "sign-up"])
        XCTAssertNotNil(closed.find("text", "Username"))
        closed.act("frame", "rxwidgets — form", "window.close")
        XCTAssertEqual(closed.exitStatus(), 1, closed.error)
    }

    func testTheDaemonStoppingMidDialogIsAnError() throws {
        let choose = try start(["choose", "a", "b"])
        XCTAssertNotNil(choose.find("list item", "a"))
        XCTAssertEqual(daemon.stop(), 0)
        daemon = nil
        XCTAssertEqual(choose.exitStatus(), 3, "exit 3 when the daemon leaves: \(choose.error)")
        XCTAssertTrue(choose.error.hasPrefix("rxwidgets-gtk: "), choose.error)
    }

    /// Turns the loop (so the daemon's signals arrive) until `condition` holds, at most `seconds`.
    private func waitFor(seconds: Int = 5, _ condition: () -> Bool) -> Bool {
        MainLoop.shared.run(while: { !condition() }, timeout: .seconds(seconds))
    }
}
