import BusTestSupport
import DBus
import Foundation
import RxWidgetsClient
import XCTest

/// A question open on a terminal or in a window outlives `rxwidgetsd
/// --replace`: its transient widget is handed over with the state, the new
/// daemon watches its creator, and the front end goes on as if nothing
/// happened — the person sees no difference.
final class ReplaceFollowingTests: DaemonTestCase {
    override var daemonArguments: [String] { ["--state-dir", keptStateDirectory] }

    func testAChooseGoesOnAcrossAReplace() throws {
        let choose = try TerminalSession(["choose", "apple", "banana", "cherry"], address: bus.address)
        choose.waitForScreen("› apple")
        try replaceDaemon()
        XCTAssertTrue(daemon.log.contains("restored 1 widget"), daemon.log)
        choose.send("Down")
        choose.waitForScreen("› banana")
        choose.send("Enter")
        XCTAssertEqual(choose.exitStatus(), 0, choose.error + choose.screen)
        XCTAssertEqual(choose.output, "banana\n")
        XCTAssertEqual(choose.error, "", "no UnknownObject, no error at all")
    }

    func testAFormTypedIntoAcrossAReplaceKeepsWhatWasTyped() throws {
        let form = try TerminalSession(["form", "sign-up"], address: bus.address, columns: 90)
        form.waitForScreen("Username")
        form.type("abc")
        XCTAssertTrue(waitFor { self.events.contains { $0.contains("ValueChanged('username', <'abc'>)") } }, "\(events)")
        try replaceDaemon()
        form.type("de")
        form.send("Tab")
        form.type("hunter2")
        form.send("Tab")
        form.type("hunter2")
        form.send("Tab", "Enter")
        XCTAssertEqual(form.exitStatus(), 0, form.error + form.screen)
        XCTAssertEqual(form.output, "username=abcde\npassword=hunter2\nrepeatPassword=hunter2\n")
    }

    func testSecretsTypedBeforeAReplaceAreGivenToTheNewDaemon() throws {
        let form = try signUpFilledIn()
        try replaceDaemon()
        // The new daemon has every value but the secrets (never written down); the front end gives them again.
        XCTAssertTrue(waitFor { (try? self.property("\(root)/form/\(self.formName())", formInterface, "SubmitEnabled")) == .boolean(true) }, daemon.log + form.screen)
        form.send("Enter")
        XCTAssertEqual(form.exitStatus(), 0, form.error + form.screen)
        XCTAssertEqual(form.output, "username=abcde\npassword=hunter2\nrepeatPassword=hunter2\n")
    }

    /// `form sign-up` on a terminal with every field typed into, secrets
    /// included, once the daemon enables its Submit.
    private func signUpFilledIn() throws -> TerminalSession {
        let form = try TerminalSession(["form", "sign-up"], address: bus.address, columns: 90)
        form.waitForScreen("Username")
        form.type("abcde")
        form.send("Tab")
        form.type("hunter2")
        form.send("Tab")
        form.type("hunter2")
        form.send("Tab")
        XCTAssertTrue(waitFor { (try? self.property("\(root)/form/\(self.formName())", formInterface, "SubmitEnabled")) == .boolean(true) }, form.screen)
        return form
    }

    /// The name of the form the front end made.
    private func formName() -> String {
        let paths = (try? property(root, managerInterface, "Widgets"))?.arrayElements ?? []
        for case .objectPath(let path) in paths where path.rawValue.contains("/form/") {
            return String(path.rawValue.split(separator: "/").last ?? "")
        }
        return ""
    }

    /// The daemon stopped and started again (an upgrade's restart), or killed
    /// and started again (a crash): keys typed meanwhile wait for it, and the
    /// answer is the one the person chose.
    func testAChooseWaitsForARestartedOrCrashedDaemonAndGoesOn() throws {
        for crash in [false, true] {
            let choose = try TerminalSession(["choose", "apple", "banana", "cherry"], address: bus.address)
            choose.waitForScreen("› apple")
            if crash {
                // A crash loses the changes not written yet: the question's file is there before the kill.
                XCTAssertTrue(waitFor { ((try? FileManager.default.contentsOfDirectory(atPath: self.keptStateDirectory)) ?? []).contains { $0.hasPrefix("picker.") } })
                kill(daemon.process.processIdentifier, SIGKILL)
                daemon.process.waitUntilExit()
                choose.waitForScreen("rxwidgetsd stopped; waiting for it to come back")
                choose.send("Down")
            } else {
                choose.send("Down")
                choose.waitForScreen("› banana")
                XCTAssertEqual(daemon.stop(), 0, daemon.log)
                choose.waitForScreen("rxwidgetsd stopped; waiting for it to come back")
            }
            choose.send("Down")
            Thread.sleep(forTimeInterval: 0.3)
            XCTAssertFalse(choose.screen.contains("› cherry"), "the keys wait for the daemon: \(choose.screen)")
            daemon = try Daemon(bus: bus, arguments: daemonArguments)
            XCTAssertTrue(choose.waitForScreen("› cherry"), daemon.log)
            XCTAssertFalse(choose.screen.contains("rxwidgetsd stopped"), choose.screen)
            choose.send("Enter")
            XCTAssertEqual(choose.exitStatus(), 0, choose.error + choose.screen)
            XCTAssertEqual(choose.output, "cherry\n", crash ? "after SIGKILL" : "after SIGTERM")
            XCTAssertEqual(choose.error, "")
        }
    }

    func testAProgressSaysWhileTheDaemonIsAwayAndGoesOn() throws {
        let progress = try TerminalSession(["progress", "--text", "Working"], address: bus.address, pipedFrom: "while printf '30\\n'; do sleep 0.2; done")
        XCTAssertTrue(progress.waitForScreen("30%"), progress.screen)
        XCTAssertEqual(daemon.stop(), 0, daemon.log)
        XCTAssertTrue(progress.waitForScreen("rxwidgetsd stopped; waiting for it to come back"), progress.screen)
        daemon = try Daemon(bus: bus, arguments: daemonArguments)
        XCTAssertTrue(waitFor { !progress.screen.contains("rxwidgetsd stopped") }, progress.screen)
        XCTAssertTrue(progress.screen.contains("30%"), progress.screen)
        progress.send("Escape")
        XCTAssertEqual(progress.exitStatus(), 1, "cancelled on the daemon that came back: \(progress.error)")
    }

    func testAFormGetsItsSecretsBackAfterARestart() throws {
        let form = try signUpFilledIn()
        XCTAssertEqual(daemon.stop(), 0, daemon.log)
        form.waitForScreen("rxwidgetsd stopped")
        form.send("Enter")
        daemon = try Daemon(bus: bus, arguments: daemonArguments)
        XCTAssertEqual(form.exitStatus(), 0, form.error + form.screen)
        XCTAssertEqual(form.output, "username=abcde\npassword=hunter2\nrepeatPassword=hunter2\n", "Enter typed while the daemon was away submits once it is back")
    }

    func testAQuestionWhoseAskerLeftDuringTheReplaceIsGone() throws {
        let asker = try Connection(bus: .address(bus.address))
        _ = try asker.callAndWait(destination: busName, path: root, interface: managerInterface, member: "CreatePicker",
                                  [.string("passing"), options([("items", titles([["x"]])), ("transient", .boolean(true))])])
        let old = daemon!
        XCTAssertEqual(old.stop(), 0)
        asker.close()
        daemon = try Daemon(bus: bus, arguments: ["--state-dir", keptStateDirectory])
        XCTAssertTrue(waitForName(busName, on: client), daemon.log)
        XCTAssertEqual(try property(root, managerInterface, "Widgets"), .array(element: .objectPath, []), "its creator left: not restored")
    }
}

/// A transient widget is put back only on the bus its creator was on: a
/// new bus (the next login's) hands the same unique names to other programs.
final class TransientOnAnotherBusTests: XCTestCase {
    func testATransientWidgetIsNotRestoredOnAnotherBus() throws {
        let first = try PrivateBus()
        defer { first.stop() }
        let state = first.directory.appendingPathComponent("state").path
        var daemon = try Daemon(bus: first, arguments: ["--state-dir", state])
        let creator = try Connection(bus: .address(first.address))
        defer { creator.close() }
        XCTAssertTrue(waitForName(busName, on: creator))
        _ = try creator.callAndWait(destination: busName, path: root, interface: managerInterface, member: "CreatePicker",
                                    [.string("passing"), .dictionary(key: .string, value: .variant, [(.string("transient"), .variant(.boolean(true)))])])
        XCTAssertEqual(daemon.stop(), 0, daemon.log)

        let second = try PrivateBus()
        defer { second.stop() }
        // As many connections as the first bus had, so its creator's unique name is someone's here too.
        let others = try (0..<3).map { _ in try Connection(bus: .address(second.address)) }
        defer { others.forEach { $0.close() } }
        daemon = try Daemon(bus: second, arguments: ["--state-dir", state])
        XCTAssertTrue(waitForName(busName, on: others[0]), daemon.log)
        let widgets = try others[0].callAndWait(destination: busName, path: root, interface: "org.freedesktop.DBus.Properties", member: "Get",
                                                [.string(managerInterface), .string("Widgets")]).first?.variantValue
        XCTAssertEqual(widgets, .array(element: .objectPath, []), daemon.log)
        XCTAssertTrue(daemon.log.contains("was on another bus"), daemon.log)
        XCTAssertEqual(daemon.stop(), 0, daemon.log)
    }
}

/// The same in a window: the GTK front end follows a replaced daemon.
final class GtkReplaceFollowingTests: DesktopTestCase {
    override var daemonArguments: [String] { ["--state-dir", keptStateDirectory] }

    func testAChooseWindowGoesOnAcrossAReplace() throws {
        let choose = try start(["choose", "apple", "banana", "cherry"])
        choose.waitFor("list item", "apple") { $0.states.contains("selected") }
        try replaceDaemon()
        desktop.press("Down")
        choose.waitFor("list item", "banana") { $0.states.contains("selected") }
        desktop.press("Return")
        XCTAssertEqual(choose.exitStatus(), 0, choose.error)
        XCTAssertEqual(choose.output, "banana\n")
    }

    func testAChooseWindowWaitsForARestartedDaemon() throws {
        let choose = try start(["choose", "apple", "banana", "cherry"])
        choose.waitFor("list item", "apple") { $0.states.contains("selected") }
        XCTAssertEqual(daemon.stop(), 0, daemon.log)
        XCTAssertNotNil(choose.find("label", "rxwidgetsd stopped; waiting for it to come back…"), "said while it waits")
        desktop.press("Down")
        daemon = try Daemon(bus: bus, arguments: daemonArguments)
        choose.waitFor("list item", "banana") { $0.states.contains("selected") }
        XCTAssertTrue(choose.waitUntilGone("label", "rxwidgetsd stopped; waiting for it to come back…"), "no longer said once it is back")
        desktop.press("Return")
        XCTAssertEqual(choose.exitStatus(), 0, choose.error)
        XCTAssertEqual(choose.output, "banana\n")
    }

    /// A confirmation answered while the daemon is away is answered once it
    /// is back, by a key or by a button: its calls used to be blocking ones,
    /// which failed at once (exit 3).
    func testAConfirmWindowWaitsForARestartedDaemon() throws {
        for (answer, status) in [("y", Int32(0)), ("No", 1)] {
            let confirm = try start(["confirm", "Deploy?"])
            XCTAssertNotNil(confirm.find("push button", "Yes"), confirm.error)
            XCTAssertEqual(daemon.stop(), 0, daemon.log)
            XCTAssertNotNil(confirm.find("label", "rxwidgetsd stopped; waiting for it to come back…"), "said while it waits")
            if answer == "y" {
                desktop.press("y")
            } else {
                confirm.click("push button", "No")
            }
            confirm.waitFor("push button", "Yes") { !$0.states.contains("sensitive") }
            daemon = try Daemon(bus: bus, arguments: daemonArguments)
            XCTAssertEqual(confirm.exitStatus(), status, "\(answer): \(confirm.error)")
            XCTAssertEqual(confirm.output, "")
            // A click through the accessibility tree makes GTK warn of screen coordinates; nothing else is said.
            XCTAssertEqual(confirm.error.split(separator: "\n").filter { !$0.contains("Screen coordinates not supported") && !$0.isEmpty }, [], answer)
        }
    }

    /// A path chosen in GTK's own chooser while the daemon is away is told
    /// to it once it is back, and then printed; the chooser's title says
    /// the daemon is away, and once the chooser is gone a window says why
    /// the command waits. Before, the choice failed at once (exit 3), unsaid.
    func testAFileChosenWhileTheDaemonIsAwayIsToldToItOnceBack() throws {
        let folder = try temporaryFolder(files: ["notes.txt", "photo.png"])
        let chooser = try start(["file", "--name", "pick", folder])
        XCTAssertTrue(waitFor { self.desktop.showsWindow(titled: "Choose a file") }, chooser.error)
        XCTAssertEqual(daemon.stop(), 0, daemon.log)
        let away = "Choose a file — rxwidgetsd stopped; waiting for it to come back…"
        XCTAssertTrue(waitFor { self.desktop.showsWindow(titled: away) }, "said in the title")
        daemon = try Daemon(bus: bus, arguments: daemonArguments)
        XCTAssertTrue(waitFor { self.desktop.showsWindow(titled: "Choose a file") }, "no longer said once it is back")
        XCTAssertEqual(daemon.stop(), 0, daemon.log)
        XCTAssertTrue(waitFor { self.desktop.showsWindow(titled: away) }, "said again")
        desktop.press("ctrl+l")
        desktop.type("\(folder)/photo.png")
        desktop.press("Return")
        XCTAssertTrue(waitFor { !self.desktop.showsWindow(titled: away) }, "GTK's chooser went with the response")
        XCTAssertNotNil(chooser.find("label", "rxwidgetsd stopped; waiting for it to come back…"), "the command's window says why it waits")
        daemon = try Daemon(bus: bus, arguments: daemonArguments)
        XCTAssertEqual(chooser.exitStatus(), 0, chooser.error)
        XCTAssertEqual(chooser.output, "\(folder)/photo.png\n")
        XCTAssertTrue(waitFor { self.events.contains("Chosen(['\(folder)/photo.png'])") }, "the daemon that came back was told: \(events)")
    }

    /// A cancel needs no daemon: the command ends cancelled (exit 1) at once.
    func testAFileChooserCancelledWhileTheDaemonIsAwayEndsAtOnce() throws {
        let chooser = try start(["file", "--name", "pick", bus.directory.path])
        XCTAssertTrue(waitFor { self.desktop.showsWindow(titled: "Choose a file") }, chooser.error)
        XCTAssertEqual(daemon.stop(), 0, daemon.log)
        XCTAssertTrue(waitFor { self.desktop.showsWindow(titled: "Choose a file — rxwidgetsd stopped; waiting for it to come back…") }, "said in the title")
        desktop.press("Escape")
        XCTAssertEqual(chooser.exitStatus(), 1, chooser.error)
        XCTAssertEqual(chooser.output, "")
        daemon = try Daemon(bus: bus, arguments: daemonArguments)
    }
}

extension DaemonTestCase {
    /// Where a test that keeps state keeps it.
    var keptStateDirectory: String { bus.directory.appendingPathComponent("kept-state").path }

    /// A new daemon takes over with `--replace`; the old one leaves by itself and exits 0.
    func replaceDaemon() throws {
        let old = daemon!
        daemon = try Daemon(bus: bus, arguments: ["--state-dir", keptStateDirectory, "--replace"])
        XCTAssertTrue(waitFor(seconds: 10) { !old.process.isRunning }, old.log)
        XCTAssertEqual(old.stop(), 0, old.log)
        XCTAssertTrue(old.log.contains("another rxwidgetsd replaced this one"), old.log)
        XCTAssertTrue(waitFor { self.daemon.log.contains("serving org.rxwidgets.Widgets1") }, daemon.log)
    }
}
