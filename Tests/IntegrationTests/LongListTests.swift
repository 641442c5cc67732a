import BusTestSupport
import DBus
import Foundation
import Glibc
import XCTest

/// Issue 28, item 8: `attach` to a picker of 10,000,000 rows took 6.5 s of
/// the front end's CPU to its first paint, and `/` ended with exit 3
/// (`NoReply`): the filter read every title in one go. Now only the shown
/// rows are laid out, and the daemon searches (`SetFilter`): the screen
/// says "matching…" until it answered, then reads only the matches it shows.
final class LongListTests: DaemonTestCase {
    private static let rows = 10_000_000
    override var daemonArguments: [String] { ["--max-rows", String(LongListTests.rows), "--max-memory", String(4 << 30)] }

    func testAttachToTenMillionRowsPaintsAtOnceAndFiltersThemAll() throws {
        try call(root, managerInterface, "CreatePicker", [.string("long"), options([])])
        let path = "\(root)/picker/long"
        let file = bus.directory.appendingPathComponent("rows")
        var text = ""
        text.reserveCapacity(LongListTests.rows * 13)
        for row in 0..<LongListTests.rows {
            text += "row \(row)\n"
        }
        try Data(text.utf8).write(to: file)
        let fd = open(file.path, O_RDONLY)
        defer { close(fd) }
        try call(path, pickerInterface, "LoadItems", [.unixFD(fd), options([])])
        try call(path, pickerInterface, "SelectRow", [.int32(5_000_000), .int32(0)])

        let started = Date()
        let terminal = try TerminalSession(["attach", path], address: bus.address, columns: 80, rows: 24)
        XCTAssertTrue(terminal.waitForScreen("› row 5000000", timeout: 30))
        let painted = Date().timeIntervalSince(started)
        terminal.type("/row 9999999")
        XCTAssertTrue(terminal.waitForScreen("matching…", timeout: 30), "the screen says it waits for the search")
        XCTAssertTrue(terminal.waitForScreen("› row 9999999", timeout: 240), terminal.screen)
        XCTAssertFalse(terminal.screen.contains("row 5000000"), terminal.screen)
        terminal.send("Escape", "q")
        XCTAssertEqual(terminal.exitStatus(timeout: 30), 0, terminal.error)
        XCTAssertEqual(try property(path, pickerInterface, "SelectedRows"), .array(element: .int32, [.int32(9_999_999)]), "the filter's only row was selected")
        print("LongListTests: first paint of \(LongListTests.rows) rows after \(String(format: "%.2f", painted)) s, filtered after \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
    }
}
