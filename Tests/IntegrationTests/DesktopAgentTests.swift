import BusTestSupport
import DBus
import Foundation
import Glibc
import RxCoreEssentials
import XCTest

/// `rxwidgets-gtk agent` on a desktop of the test's own (Xvfb, AT-SPI): jobs
/// without a terminal ask, the agent offers each prompt in a notification —
/// the test plays the notification server — whose Answer opens the prompt's
/// window, and the person's answer there reaches the job.
final class DesktopAgentTests: DesktopTestCase {
    /// Kept prompts come back after a restart, as an upgrade brings them back.
    override var daemonArguments: [String] { ["--state-dir", bus.directory.appendingPathComponent("state").path] }

    private func startAgent() throws -> GtkSession {
        try GtkSession(["agent", "--address", bus.address], desktop: desktop)
    }

    /// Turns the main loop (so the test's server answers the agent) until
    /// `server` holds a notification titled `summary`.
    private func notification(_ summary: String, on server: TestNotificationServer, agent: GtkSession,
                              file: StaticString = #filePath, line: UInt = #line) -> TestNotificationServer.Notification? {
        guard waitUntil(timeout: 20, { server.notifications.contains { $0.summary == summary } }) else {
            XCTFail("no notification \(quoted(summary)): \(server.notifications.map(\.summary)); the agent said:\n\(agent.error)", file: file, line: line)
            return nil
        }
        return server.notifications.first { $0.summary == summary }
    }

    /// Stops the agent as a session ends it: exit 0, its notifications taken away.
    private func stop(_ agent: GtkSession, file: StaticString = #filePath, line: UInt = #line) {
        agent.send(SIGTERM)
        var status: Int32?
        XCTAssertTrue(waitUntil(timeout: 10) {
            status = agent.exitStatus(timeout: 0)
            return status != nil
        }, "SIGTERM ends the agent", file: file, line: line)
        XCTAssertEqual(status, 0, agent.error, file: file, line: line)
    }

    /// The whole way: a job asks, the agent notifies, the person clicks
    /// Answer and chooses in the window, the job prints its answer, and the
    /// notification goes with the prompt; the agent keeps running.
    func testAnAnswerFromTheNotificationsWindowReachesTheJob() throws {
        let server = try TestNotificationServer(address: bus.address)
        defer { server.stop() }
        let agent = try startAgent()
        let job = try HeadlessJob(["confirm", "Deploy?", "--name", "deploy"], bus: bus)
        let shown = try XCTUnwrap(notification("Deploy?", on: server, agent: agent))
        XCTAssertEqual(shown.appName, "rxwidgets")
        XCTAssertEqual(shown.actions, ["default", "Answer", "answer", "Answer"])
        XCTAssertTrue(shown.body.hasPrefix("asked by uid \(getuid()): ") && shown.body.contains("confirm Deploy? --name deploy"), "who asks: \(shown.body)")
        XCTAssertEqual(shown.expireTimeout, -1, "no deadline: the server's own time")
        XCTAssertEqual(shown.hints.entries.first { $0.key == "urgency" }?.value, .byte(1))
        XCTAssertNil(agent.find("list item", "Yes", timeout: 1), "no window before the person asks for it")

        try server.invoke(shown.id, action: "answer")
        agent.waitFor("list item", "Yes") { $0.states.contains("selected") }
        guard case .structure(let asker)? = try property("\(root)/picker/deploy", "org.rxwidgets.Widgets1.Prompt", "Asker"), let command = asker.last?.stringValue else {
            return XCTFail("Asker")
        }
        XCTAssertNotNil(agent.find("label", "Deploy? — (asked by uid \(getuid()): \(command.prefix(60)))"), "the header says what and who asks:\n\(agent.tree)")
        desktop.press("Return")
        XCTAssertEqual(job.status(within: 20), 0, "the affirmative, chosen in the window: \(job.said)\n\(agent.error)")
        XCTAssertEqual(job.printed, "")
        XCTAssertTrue(waitUntil(timeout: 10) { server.closed == [shown.id] }, "the answered prompt's notification is closed: \(server.closed)")
        XCTAssertTrue(agent.waitUntilGone("list item", "Yes"), "its window is gone")
        XCTAssertEqual(server.notifications.count, 1, "one notification per prompt")
        XCTAssertNil(agent.exitStatus(timeout: 0.3), "the agent keeps running: \(agent.error)")

        // The next prompt is offered as it comes.
        let next = try HeadlessJob(["confirm", "Restart?", "--name", "restart"], bus: bus)
        XCTAssertNotNil(notification("Restart?", on: server, agent: agent))
        XCTAssertEqual(try run(["answer", "restart", "no"]).status, 0)
        XCTAssertEqual(next.status(within: 20), 1, "the negative, answered elsewhere")
        stop(agent)
    }

    /// A prompt answered elsewhere, while its notification and its window
    /// are up, takes both away; the body is escaped for a server that reads
    /// markup, and a deadline is the notification's.
    func testAPromptAnsweredElsewhereClosesItsNotificationAndWindow() throws {
        let server = try TestNotificationServer(address: bus.address)
        defer { server.stop() }
        let agent = try startAgent()
        let path = "\(root)/picker/reboot"
        try call(root, managerInterface, "CreatePicker", [.string("reboot"), options([
            ("items", titles([["Now", "Tonight"]])), ("popup", .boolean(true)),
            ("prompt", options([("title", .string("Reboot?")), ("message", .string("Kernel <6.1> & firmware")), ("timeout", .uint32(600_000))])),
        ])])
        let shown = try XCTUnwrap(notification("Reboot?", on: server, agent: agent))
        XCTAssertTrue(shown.body.hasPrefix("Kernel &lt;6.1&gt; &amp; firmware\nasked by uid \(getuid())"), shown.body)
        XCTAssertTrue((500_000...600_000).contains(shown.expireTimeout), "until the deadline: \(shown.expireTimeout)")
        try server.invoke(shown.id, action: "default")
        agent.waitFor("list item", "Now") { $0.states.contains("selected") }

        try call(path, pickerInterface, "SelectRow", [.int32(1), .int32(0)])
        agent.waitFor("list item", "Tonight") { $0.states.contains("selected") }
        try call(path, "org.rxwidgets.Widgets1.Prompt", "Finish")
        XCTAssertTrue(waitUntil(timeout: 10) { server.closed == [shown.id] }, "the notification is closed: \(server.closed)\n\(agent.error)")
        XCTAssertTrue(agent.waitUntilGone("list item", "Tonight"), "the window is closed")
        XCTAssertTrue(waitUntil(timeout: 10) { agent.error.contains("\(path): answered by uid \(getuid())") }, agent.error)
        XCTAssertEqual(try property(path, "org.rxwidgets.Widgets1.Prompt", "Answer"), .variant(.array(element: .string, [.string("Tonight")])))
        stop(agent)
    }

    /// With no notification server on the bus the window opens at once;
    /// the person's answer reaches the job; a second agent does not start
    /// beside the first.
    func testWithoutANotificationServerThePromptsWindowOpensAtOnce() throws {
        let agent = try startAgent()
        let job = try HeadlessJob(["input", "--prompt", "Your name?", "--name", "who"], bus: bus)
        agent.waitFor("text", "Your name?") { $0.states.contains("focused") }
        desktop.type("Ada")
        desktop.press("Return")
        XCTAssertEqual(job.status(within: 20), 0, job.said + agent.error)
        XCTAssertEqual(job.printed, "Ada\n")
        XCTAssertTrue(agent.waitUntilGone("text", "Your name?"), "its window is gone")

        let second = try startAgent()
        XCTAssertEqual(second.exitStatus(), 0, second.error)
        XCTAssertTrue(second.error.contains("another agent already offers the prompts on this bus"), second.error)

        // Escape leaves a prompt waiting; after a daemon restart (an upgrade)
        // the prompts it kept are read anew and offered again.
        let path = "\(root)/picker/again"
        XCTAssertEqual(try run(["confirm", "Again?", "--no-wait", "--name", "again"]).status, 0)
        agent.waitFor("list item", "Yes") { $0.states.contains("selected") }
        desktop.press("Escape")
        XCTAssertTrue(agent.waitUntilGone("list item", "Yes"), "Escape closes the window")
        XCTAssertEqual(try property(path, "org.rxwidgets.Widgets1.Prompt", "State"), .string("waiting"))
        XCTAssertEqual(daemon.stop(), 0)
        daemon = try Daemon(bus: bus, arguments: daemonArguments)
        XCTAssertTrue(waitForName(busName, on: client), daemon.log)
        agent.waitFor("list item", "Yes") { $0.states.contains("selected") }
        desktop.press("Return")
        XCTAssertTrue(waitUntil(timeout: 10) { (try? self.property(path, "org.rxwidgets.Widgets1.Prompt", "State")) == .string("answered") }, agent.error)
        XCTAssertEqual(try property(path, "org.rxwidgets.Widgets1.Prompt", "Answer"), .variant(.array(element: .string, [.string("Yes")])))
        stop(agent)
    }

    private func run(_ arguments: [String]) throws -> CommandResult {
        try runCommand(frontEndExecutable, arguments, environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address, "LANG": "C.UTF-8"])
    }
}

/// The files that describe and start the agent.
final class DesktopAgentFilesTests: XCTestCase {
    /// `rxwidgets-gtk agent` has its help, its man page section and its completions.
    func testTheAgentsHelpManPageAndCompletions() throws {
        let help = try runCommand(gtkFrontEndExecutable, ["agent", "--help"])
        XCTAssertEqual(help.status, 0, help.error)
        XCTAssertTrue(help.output.hasPrefix("Usage: rxwidgets-gtk agent [--watch]") && help.output.contains("desktop notification whose Answer opens its window"), help.output)
        let usage = try runCommand(gtkFrontEndExecutable, ["--help"])
        XCTAssertTrue(usage.output.contains("\n  agent [--watch]\n"), usage.output)
        let man = try String(contentsOf: repositoryRoot.appendingPathComponent("man/rxwidgets-gtk.1"), encoding: .utf8)
        XCTAssertTrue(man.contains(".SH AGENT\n") && man.contains("org.rxwidgets.Agent"), "the man page describes the agent")
        let bash = try runCommand(gtkFrontEndExecutable, ["completions", "bash"])
        XCTAssertTrue(bash.output.contains(#"agent) words="--watch --title --width --address --help" ;;"#), bash.output)
        let zsh = try runCommand(gtkFrontEndExecutable, ["completions", "zsh"])
        XCTAssertTrue(zsh.output.contains("'agent:offer each waiting prompt in a notification that opens its window'"), zsh.output)
    }

    /// How the agent starts with a session: its XDG autostart file and its
    /// systemd user unit are valid, and `make install` installs both where the
    /// desktop and systemd read them, `make uninstall` removes them.
    func testTheAutostartFileAndTheUserUnitVerifyAndAreInstalled() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rxwidgets-agent-\(UUID().uuidString)")
        let runtime = directory.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: directory) }

        let entry = repositoryRoot.appendingPathComponent("xdg/autostart/rxwidgets-agent.desktop")
        let text = try String(contentsOf: entry, encoding: .utf8)
        for line in ["Type=Application", "Exec=/usr/local/bin/rxwidgets-gtk agent", "X-GNOME-Autostart-enabled=true"] {
            XCTAssertTrue(text.contains(line + "\n"), line)
        }
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: "/usr/bin/desktop-file-validate"), "scripts/install-deps installs desktop-file-utils")
        let validated = try runCommand("/usr/bin/desktop-file-validate", [entry.path])
        XCTAssertEqual(validated.status, 0, validated.output + validated.error)
        XCTAssertEqual(validated.output + validated.error, "", "no hint either")

        let unit = try String(contentsOf: repositoryRoot.appendingPathComponent("systemd/rxwidgets-agent.service"), encoding: .utf8)
        for line in ["PartOf=graphical-session.target", "After=graphical-session.target", "WantedBy=graphical-session.target",
                     "ExecStart=/usr/local/bin/rxwidgets-gtk agent", "Documentation=man:rxwidgets-gtk(1)"] {
            XCTAssertTrue(unit.contains(line + "\n"), line)
        }
        let local = directory.appendingPathComponent("rxwidgets-agent.service")
        try unit.replacingOccurrences(of: "/usr/local/bin/rxwidgets-gtk", with: gtkFrontEndExecutable).write(to: local, atomically: true, encoding: .utf8)
        let verified = try runCommand("/usr/bin/systemd-analyze", ["verify", "--man=no", "--user", local.path], environment: ["XDG_RUNTIME_DIR": runtime.path])
        XCTAssertEqual(verified.status, 0, verified.output + verified.error)
        // A value systemd cannot parse is only logged, and ignored: nothing may be said.
        XCTAssertEqual(verified.output + verified.error, "", "systemd takes every line as written")

        // What make would run (-n), with PREFIX /usr: each file where its reader looks, and removed again.
        let made = try runCommand("/usr/bin/make", ["-n", "-C", repositoryRoot.path, "install", "uninstall", "DESTDIR=/staged", "PREFIX=/usr"])
        XCTAssertEqual(made.status, 0, made.error)
        for installed in ["/staged/usr/lib/systemd/user/rxwidgets-agent.service", "/staged/etc/xdg/autostart/rxwidgets-agent.desktop",
                          "/staged/usr/share/applications/rxwidgets-agent.desktop"] {
            XCTAssertTrue(made.output.contains("> \(installed)\n"), "make install writes \(installed):\n\(made.output)")
            XCTAssertTrue(made.output.split(separator: "\n").contains { $0.hasPrefix("rm -f ") && $0.contains(" \(installed) ") }, "make uninstall removes \(installed)")
        }
        XCTAssertTrue(made.output.contains("ExecStart=/usr/bin/rxwidgets-gtk|") && made.output.contains("Exec=/usr/bin/rxwidgets-gtk|"), "both name the installed program")
    }
}
