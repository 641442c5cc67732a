import BusTestSupport
import DBus
import Foundation
import Glibc
import XCTest

/// `rxwidgets spin` (gum spin): a pulsing progress while a command runs,
/// its exit status the command's; a Cancel from here or any front end, and
/// Ctrl-C, end the command's whole process group.
final class SpinTests: DaemonTestCase {
    private func start(_ arguments: [String]) throws -> TerminalSession {
        try TerminalSession(arguments, address: bus.address)
    }

    /// A shell that starts a long sleep in the background, writes its pid, and waits.
    private func backgroundSleep(_ pidFile: URL) -> [String] {
        ["sh", "-c", "sleep 300 & echo $! > \(TerminalSession.shellQuoted(pidFile.path)); wait"]
    }

    private func isRunning(_ pidFile: URL) -> Bool {
        guard let text = try? String(contentsOf: pidFile, encoding: .utf8), let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { return false }
        return kill(pid, 0) == 0
    }

    func testTheCommandsExitStatusIsTheSpinsAndItsTitleIsTheProgresssText() throws {
        let spin = try start(["spin", "--title", "Compiling", "--name", "build", "--", "sh", "-c", "sleep 0.5; exit 3"])
        spin.waitForScreen("Compiling")
        XCTAssertEqual(try property("\(root)/progress/build", "org.rxwidgets.Widgets1.Progress", "Value"), .double(-1), "pulsing: how far is unknown")
        XCTAssertEqual(spin.exitStatus(), 3, spin.error)
        let ok = try start(["spin", "--show-output", "--", "echo", "built"])
        XCTAssertEqual(ok.exitStatus(), 0, ok.error)
        XCTAssertEqual(ok.output, "built\n", "--show-output passes the output through")
    }

    func testACancelFromAnotherFrontEndEndsTheWholeProcessGroup() throws {
        let pidFile = bus.directory.appendingPathComponent("sleep.pid")
        let spin = try start(["spin", "--title", "Waiting", "--name", "long", "--"] + backgroundSleep(pidFile))
        spin.waitForScreen("Waiting")
        XCTAssertTrue(waitUntil(timeout: 10) { self.isRunning(pidFile) }, "the command started its background sleep")
        try call("\(root)/progress/long", "org.rxwidgets.Widgets1.Progress", "Cancel")
        XCTAssertEqual(spin.exitStatus(), 1, spin.error)
        XCTAssertTrue(waitUntil(timeout: 5) { !self.isRunning(pidFile) }, "the background sleep, in the command's group, ended too")
    }

    func testEscAndCtrlCEndTheCommand() throws {
        let pidFile = bus.directory.appendingPathComponent("esc.pid")
        let escaped = try start(["spin", "--title", "Esc me", "--"] + backgroundSleep(pidFile))
        escaped.waitForScreen("Esc me")
        XCTAssertTrue(waitUntil(timeout: 10) { self.isRunning(pidFile) })
        escaped.send("Escape")
        XCTAssertEqual(escaped.exitStatus(), 1, escaped.error)
        XCTAssertTrue(waitUntil(timeout: 5) { !self.isRunning(pidFile) })

        let interruptedFile = bus.directory.appendingPathComponent("int.pid")
        let interrupted = try start(["spin", "--title", "Interrupt me", "--no-cancel", "--"] + backgroundSleep(interruptedFile))
        interrupted.waitForScreen("Interrupt me")
        XCTAssertTrue(waitUntil(timeout: 10) { self.isRunning(interruptedFile) })
        interrupted.send("Escape")
        XCTAssertNil(interrupted.exitStatus(timeout: 0.5), "--no-cancel: Esc does not cancel")
        interrupted.send("C-c")
        XCTAssertEqual(interrupted.exitStatus(), 130, interrupted.error)
        XCTAssertTrue(waitUntil(timeout: 5) { !self.isRunning(interruptedFile) })
    }

    func testACommandThatCannotRunIsAUsageError() throws {
        let missing = try start(["spin", "--", "/no/such/command"])
        XCTAssertEqual(missing.exitStatus(), 2, missing.error)
        XCTAssertTrue(missing.error.contains("cannot run '/no/such/command'"), missing.error)
    }
}
