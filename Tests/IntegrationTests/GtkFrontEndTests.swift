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

    /// Turns the loop (so the daemon's signals arrive) until `condition` holds, at most `seconds`.
    private func waitFor(seconds: Int = 5, _ condition: () -> Bool) -> Bool {
        MainLoop.shared.run(while: { !condition() }, timeout: .seconds(seconds))
    }
}
