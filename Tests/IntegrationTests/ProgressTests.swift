import BusTestSupport
import DBus
import Foundation
import RxCoreEssentials
import RxWidgetsClient
import XCTest

private let progressInterface = "org.rxwidgets.Widgets1.Progress"

/// A progress (API.md, "Progress"): a process drives it, a person cancels
/// it, its changes reach the bus coalesced, and it survives restarts.
final class ProgressTests: DaemonTestCase {
    private let path = "\(root)/progress/copy"

    private func create(_ pairs: [(String, DBusValue)] = []) throws {
        try call(root, managerInterface, "CreateProgress", [.string("copy"), options(pairs)])
    }

    func testAProcessDrivesItAndAPersonsCancelComesBack() throws {
        try create([("text", .string("Copying…")), ("steps", .array(element: .string, [.string("Fetch"), .string("Build")]))])
        XCTAssertEqual(try property(path, progressInterface, "Value"), .double(0))
        XCTAssertEqual(try property(path, progressInterface, "Maximum"), .double(100))
        XCTAssertEqual(try property(path, progressInterface, "Text"), .string("Copying…"))
        XCTAssertEqual(try property(path, progressInterface, "State"), .string("running"))
        try call(path, progressInterface, "SetValue", [.double(42)])
        try call(path, progressInterface, "SetStepStatus", [.int32(0), .string("done")])
        XCTAssertEqual(try property(path, progressInterface, "Value"), .double(42))
        XCTAssertEqual(try property(path, progressInterface, "Steps"), .array(element: .structure([.string, .string]), [
            .structure([.string("Fetch"), .string("done")]), .structure([.string("Build"), .string("pending")]),
        ]))
        try call(path, progressInterface, "SetValue", [.double(500)])
        XCTAssertEqual(try property(path, progressInterface, "Value"), .double(100), "a value past the maximum is the maximum")
        try call(path, progressInterface, "Pulse")
        XCTAssertEqual(try property(path, progressInterface, "Value"), .double(-1), "unknown: front ends pulse")
        _ = takeEvents()
        try call(path, progressInterface, "Cancel")
        XCTAssertTrue(waitUntil(timeout: 5) { self.events.contains("Cancelled()") })
        // The changes of the calls before, gathered within the 16 ms, go out with it.
        let events = takeEvents().filter { $0 != "reply" }
        XCTAssertEqual(events.count, 2, "\(events)")
        XCTAssertTrue(events.first?.hasPrefix("PropertiesChanged Progress") == true && events.first?.contains("State") == true, "state, then the event: \(events)")
        XCTAssertEqual(events.last, "Cancelled()")
        XCTAssertEqual(try property(path, progressInterface, "State"), .string("cancelled"))
        XCTAssertEqual(error(path, progressInterface, "SetValue", [.double(50)])?.message, "SetValue: progress 'copy' has ended (cancelled)")
        XCTAssertEqual(error(path, progressInterface, "Cancel")?.name, DBusError.Name.notSupported)
    }

    func testFinishingEmitsFinishedAfterItsStateAndTheValueIsComplete() throws {
        try create([("maximum", .double(8))])
        try call(path, progressInterface, "SetValue", [.double(3)])
        _ = takeEvents()
        try call(path, progressInterface, "Finish", [.string("done")])
        XCTAssertTrue(waitUntil(timeout: 5) { self.events.contains("Finished('done')") })
        XCTAssertEqual(takeEvents().filter { $0 != "reply" }, ["PropertiesChanged Progress Value,State,Revision", "Finished('done')"])
        XCTAssertEqual(try property(path, progressInterface, "Value"), .double(8))
        XCTAssertEqual(error(path, progressInterface, "Finish", [.string("failed")])?.message, "Finish: progress 'copy' has ended (done)")
    }

    func testWrongInputIsRefusedNamingItAndChangesNothing() throws {
        try create([("cancellable", .boolean(false)), ("steps", .array(element: .string, [.string("one")]))])
        XCTAssertEqual(error(path, progressInterface, "SetValue", [.double(.nan)])?.message, "value: expected a finite number (negative: unknown), got nan")
        XCTAssertEqual(error(path, progressInterface, "SetValue", [.double(.infinity)])?.name, DBusError.Name.invalidArgs)
        XCTAssertEqual(error(path, progressInterface, "SetStepStatus", [.int32(1), .string("done")])?.message, "index 1 is out of range; progress 'copy' has 1 steps")
        XCTAssertEqual(error(path, progressInterface, "SetStepStatus", [.int32(0), .string("finished")])?.message,
                       "status: expected 'pending', 'running', 'done', 'failed', 'skipped', got 'finished'")
        XCTAssertEqual(error(path, progressInterface, "Finish", [.string("cancelled")])?.message, "state: expected 'done' or 'failed', got 'cancelled'")
        XCTAssertEqual(error(path, progressInterface, "Cancel")?.message, "Cancel: progress 'copy' was created with cancellable false")
        XCTAssertEqual(error(root, managerInterface, "CreateProgress", [.string("bad"), options([("maximum", .double(0))])])?.message,
                       "options 'maximum': expected a finite number more than 0, got 0.0")
        XCTAssertEqual(try property(path, progressInterface, "Revision"), .uint64(1), "nothing refused changed it")
        XCTAssertEqual(try property(path, progressInterface, "Cancellable"), .boolean(false))
    }

    /// Hostile input to every member and option: over-long strings, too
    /// many steps, a nested value where an option wants a string. Each is
    /// refused naming its argument, Revision stays, the daemon answers.
    func testHostileInputIsRefusedAndChangesNothing() throws {
        try create([("steps", .array(element: .string, [.string("one")]))])
        let long = String(repeating: "x", count: 70_000)
        XCTAssertEqual(error(path, progressInterface, "SetText", [.string(long)])?.name, errorPrefix + "LimitExceeded")
        XCTAssertEqual(error(path, progressInterface, "SetSteps", [.array(element: .string, [.string(long)])])?.name, errorPrefix + "LimitExceeded")
        XCTAssertEqual(error(path, progressInterface, "SetSteps", [.array(element: .string, (0..<65).map { .string("s\($0)") })])?.message,
                       "titles has 65 steps; the limit is 64")
        XCTAssertEqual(error(path, progressInterface, "SetStepStatus", [.int32(-1), .string("done")])?.name, errorPrefix + "OutOfRange")
        XCTAssertEqual(error(path, progressInterface, "SetStepStatus", [.int32(0), .string(long)])?.message.count ?? 0 < 400, true, "the value is quoted short")
        XCTAssertEqual(error(path, progressInterface, "SetValue", [.string("50")])?.name, DBusError.Name.invalidArgs, "the wrong type")
        XCTAssertEqual(try property(path, progressInterface, "Revision"), .uint64(1), "nothing refused changed it")
        var nested = DBusValue.string("deep")
        for _ in 0..<30 { nested = .variant(nested) }
        XCTAssertEqual(error(root, managerInterface, "CreateProgress", [.string("nested"), options([("text", nested)])])?.name, DBusError.Name.invalidArgs)
        XCTAssertEqual(error(root, managerInterface, "CreateProgress", [.string("long"), options([("text", .string(long))])])?.name, errorPrefix + "LimitExceeded")
        XCTAssertEqual(error(root, managerInterface, "CreateProgress", [.string("bad"), options([("value", .double(.infinity))])])?.name, DBusError.Name.invalidArgs)
        XCTAssertEqual(try property(root, managerInterface, "Widgets"), .array(element: .objectPath, [.objectPath(ObjectPath(path)!)]), "no refused progress was made")
        XCTAssertEqual(try call(root, "org.freedesktop.DBus.Peer", "Ping"), [])
    }

    func testAnotherUIDMayWatchButNotDrive() throws {
        try create()
        let script = """
        import dbus, sys
        bus = dbus.bus.BusConnection(sys.argv[1])
        progress = dbus.Interface(bus.get_object("org.rxwidgets.Widgets1", sys.argv[2]), "org.rxwidgets.Widgets1.Progress")
        try:
            progress.SetValue(dbus.Double(50))
            print("changed")
        except dbus.DBusException as error:
            print(error.get_dbus_name())
        properties = dbus.Interface(bus.get_object("org.rxwidgets.Widgets1", sys.argv[2]), "org.freedesktop.DBus.Properties")
        print(properties.Get("org.rxwidgets.Widgets1.Progress", "Value"))
        """
        let result = try runCommand("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3", "-c", script, bus.address, path], timeout: .seconds(30))
        XCTAssertEqual(result.output.split(separator: "\n"), ["org.freedesktop.DBus.Error.AccessDenied", "0.0"], result.error)
        XCTAssertEqual(try property(path, progressInterface, "Revision"), .uint64(1), "the refused call changed nothing")
    }

    /// 2,000 values set as fast as a client can send them (100 calls in
    /// flight) reach a watcher as far fewer PropertiesChanged, the last
    /// with the last value.
    func testAValueSetInATightLoopIsCoalescedAndTheLastOneArrives() throws {
        try create()
        _ = takeEvents()
        var answered = 0
        var failures: [String] = []
        for batch in 0..<20 {
            for step in 1...100 {
                let message = try Message.methodCall(destination: busName, path: path, interface: progressInterface, member: "SetValue")
                try message.append([.double(Double(batch * 100 + step) / 20)])
                client.call(message) { result in
                    answered += 1
                    if case .failure(let error) = result { failures.append(error.name) }
                }
            }
            XCTAssertTrue(MainLoop.shared.run(while: { answered < (batch + 1) * 100 }, timeout: .seconds(30)))
        }
        XCTAssertEqual(failures, [])
        XCTAssertEqual(try property(path, progressInterface, "Value"), .double(100))
        XCTAssertTrue(waitUntil(timeout: 5) { self.events.last == "PropertiesChanged Progress Value,Revision" })
        let changes = events.filter { $0.hasPrefix("PropertiesChanged") }
        print("progress: \(changes.count) PropertiesChanged for 2,000 SetValue calls")
        XCTAssertLessThan(changes.count, 2_000 / 4, "coalesced: \(changes.count) PropertiesChanged for 2,000 changes")
        XCTAssertEqual(try property(path, progressInterface, "Revision"), .uint64(2_001), "every change counted")
    }

    /// `rxwidgets attach` shows a progress another process drives; Esc there
    /// is a person's Cancel, which reaches that process.
    func testAttachShowsItAndEscCancelsIt() throws {
        try create([("text", .string("Backing up")), ("value", .double(40))])
        let terminal = try TerminalSession(["attach", path], address: bus.address)
        terminal.waitForScreen("Backing up")
        _ = takeEvents()
        terminal.send("Escape")
        XCTAssertEqual(terminal.exitStatus(), 1, terminal.error)
        XCTAssertTrue(waitUntil(timeout: 5) { self.events.contains("Cancelled()") }, "\(events)")
        XCTAssertEqual(try property(path, progressInterface, "State"), .string("cancelled"))
    }

    func testTheClientLibraryDrivesItAndHearsTheCancel() throws {
        let widgets = try WidgetsClient(address: bus.address)
        let progress = try widgets.createProgress("job", maximum: 10, text: "Working", steps: ["a"])
        var cancelled = 0
        let bag = DisposeBag()
        progress.rx.cancelled.subscribe(onNext: { cancelled += 1 }).disposed(by: bag)
        try progress.setValue(4)
        XCTAssertTrue(waitUntil(timeout: 5) { progress.value == 4 })
        XCTAssertEqual(progress.steps.map(\.title), ["a"])
        try widgets.progress("job").cancel()
        XCTAssertTrue(waitUntil(timeout: 5) { cancelled == 1 && progress.state == "cancelled" })
    }
}

/// A progress is kept across a restart as it was.
final class ProgressStateTests: XCTestCase {
    func testAProgressSurvivesARestart() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let state = bus.directory.appendingPathComponent("state").path
        let watcher = try Connection(bus: .address(bus.address))
        defer { watcher.close() }
        var daemon = try Daemon(bus: bus, arguments: ["--state-dir", state])
        XCTAssertTrue(waitForName(busName, on: watcher))
        let path = "\(root)/progress/kept"
        _ = try watcher.callAndWait(destination: busName, path: root, interface: managerInterface, member: "CreateProgress",
                                    [.string("kept"), .dictionary(key: .string, value: .variant, [(.string("steps"), .variant(.array(element: .string, [.string("Fetch")])))])])
        _ = try watcher.callAndWait(destination: busName, path: path, interface: progressInterface, member: "SetValue", [.double(30)])
        _ = try watcher.callAndWait(destination: busName, path: path, interface: progressInterface, member: "SetText", [.string("Halfway")])
        _ = try watcher.callAndWait(destination: busName, path: path, interface: progressInterface, member: "SetStepStatus", [.int32(0), .string("running")])
        XCTAssertEqual(daemon.stop(), 0, daemon.log)
        daemon = try Daemon(bus: bus, arguments: ["--state-dir", state])
        XCTAssertTrue(waitForName(busName, on: watcher))
        func property(_ name: String) throws -> DBusValue? {
            try watcher.callAndWait(destination: busName, path: path, interface: "org.freedesktop.DBus.Properties", member: "Get", [.string(progressInterface), .string(name)]).first?.variantValue
        }
        XCTAssertEqual(try property("Value"), .double(30))
        XCTAssertEqual(try property("Text"), .string("Halfway"))
        XCTAssertEqual(try property("Steps"), .array(element: .structure([.string, .string]), [.structure([.string("Fetch"), .string("running")])]))
        XCTAssertEqual(try property("Revision"), .uint64(4))
        XCTAssertEqual(daemon.stop(), 0, daemon.log)
    }
}
