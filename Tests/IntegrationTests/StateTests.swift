import BusTestSupport
import DBus
import Foundation
import Glibc
import RxCoreEssentials
import RxWidgetsClient
import XCTest

/// API rule 10: widgets survive SIGTERM, SIGKILL and `--replace`, with their
/// `Revision`; unreadable files are moved aside; failing writes never stop
/// the daemon.
final class StateTests: XCTestCase {
    private var bus: PrivateBus!
    private var stateDirectory: URL!
    private var client: Connection!

    override func setUpWithError() throws {
        bus = try PrivateBus()
        stateDirectory = bus.directory.appendingPathComponent("state")
        client = try Connection(bus: .address(bus.address))
    }

    override func tearDown() {
        client?.close()
        bus?.stop()
    }

    private func startDaemon(_ extra: [String] = [], addressSpaceLimit: Int? = nil) throws -> Daemon {
        let daemon = try Daemon(bus: bus, arguments: ["--state-dir", stateDirectory.path] + extra, addressSpaceLimit: addressSpaceLimit)
        XCTAssertTrue(waitForName(busName, on: client), "the daemon took its name; log:\n\(daemon.log)")
        return daemon
    }

    @discardableResult
    private func call(_ path: String, _ interface: String, _ member: String, _ arguments: [DBusValue] = []) throws -> [DBusValue] {
        try client.callAndWait(destination: busName, path: path, interface: interface, member: member, arguments)
    }

    private func options(_ pairs: [(String, DBusValue)]) -> DBusValue {
        .dictionary(key: .string, value: .variant, pairs.map { (.string($0.0), .variant($0.1)) })
    }

    /// Everything the daemon shows of its widgets: every object's interfaces and properties.
    private func managedObjects() throws -> String {
        try call(root, "org.freedesktop.DBus.ObjectManager", "GetManagedObjects").description
    }

    /// A picker, a popup picker, a table and a form with state beyond their creation, and a transient picker.
    private func makeWidgets() throws {
        try call(root, managerInterface, "CreatePicker", [.string("fruit"), options([("items", .array(element: .array(.string), [.array(element: .string, ["apple", "banana", "cherry"].map(DBusValue.string)), .array(element: .string, [.string("s"), .string("l")])]))])])
        try call("\(root)/picker/fruit", pickerInterface, "SelectRow", [.int32(2), .int32(0)])
        try call("\(root)/picker/fruit", pickerInterface, "SetAdapter", [.string("attributed"), options([("format", .string("{row}: {value}")), ("attributes", options([("color", .string("red"))]))])])
        try call(root, managerInterface, "CreatePicker", [.string("sheet"), options([("items", .array(element: .array(.string), [.array(element: .string, [.string("x"), .string("y")])])), ("popup", .boolean(true))])])
        try call("\(root)/picker/sheet", pickerInterface, "Show")
        try call(root, managerInterface, "CreateTable", [.string("letters"), options([("sections", .array(element: .structure([.string, .array(.string)]), [
            .structure([.string("vowels"), .array(element: .string, [.string("a"), .string("e")])]),
            .structure([.string("others"), .array(element: .string, [.string("b"), .string("c")])]),
        ]))])])
        try call("\(root)/table/letters", "org.freedesktop.DBus.Properties", "Set", [.string(tableInterface), .string("AllowsMultipleSelection"), .variant(.boolean(true))])
        try call("\(root)/table/letters", tableInterface, "SelectRow", [.int32(1), .int32(1)])
        try call("\(root)/table/letters", tableInterface, "SelectRow", [.int32(0), .int32(0)])
        try call("\(root)/table/letters", tableInterface, "SetCellFormat", [.string("{section}.{row} {value}")])
        try call(root, managerInterface, "CreateForm", [.string("me"), .string("about-you"), options([])])
        try call("\(root)/form/me", formInterface, "SetValue", [.string("birthday"), .variant(.string("2000-01-31"))])
        try call("\(root)/form/me", formInterface, "Tap", [.string("female")])
        try call("\(root)/form/me", formInterface, "Increment", [.string("passionToLearn")])
    }

    func testWidgetsSurviveSIGTERMWithTheirRevisions() throws {
        var daemon = try startDaemon()
        try makeWidgets()
        let before = try managedObjects()
        let titles = try call("\(root)/picker/fruit", pickerInterface, "Titles", [.int32(0), .int32(0), .int32(3)])
        XCTAssertEqual(daemon.stop(), 0)
        daemon = try startDaemon()
        XCTAssertEqual(try managedObjects(), before, "every widget at its path, with every property and Revision as it was")
        XCTAssertEqual(try call("\(root)/picker/fruit", pickerInterface, "Titles", [.int32(0), .int32(0), .int32(3)]), titles, "the adapter too")
        XCTAssertEqual(try call("\(root)/table/letters", tableInterface, "CellForRow", [.int32(1), .int32(1)]), [.string("cell"), .string("1.1 c")])
        XCTAssertEqual(daemon.stop(), 0)
        XCTAssertTrue(daemon.log.contains("restored 4 widgets"), daemon.log)
    }

    /// A prompt is a question that outlives its asker: it comes back after a
    /// restart as it was (waiting, or answered with its answer), and one
    /// whose deadline passed while the daemon was down times out at start.
    func testPromptsSurviveARestartAndADeadlinePassedMeanwhileTimesOut() throws {
        var daemon = try startDaemon()
        let prompt = "org.rxwidgets.Widgets1.Prompt"
        let items = ("items", DBusValue.array(element: .array(.string), [.array(element: .string, [.string("yes"), .string("no")])]))
        for name in ["waiting", "answered", "late"] {
            let deadline: [(String, DBusValue)] = name == "late" ? [("timeout", .uint32(1_500))] : []
            try call(root, managerInterface, "CreatePicker", [.string(name), options([items, ("prompt", options([("title", .string("Deploy \(name)?")), ("for_uid", .uint32(65_534))] + deadline))])])
        }
        try call("\(root)/picker/answered", pickerInterface, "SelectRow", [.int32(1), .int32(0)])
        try call("\(root)/picker/answered", prompt, "Finish")
        let answeredBefore = try call("\(root)/picker/answered", "org.freedesktop.DBus.Properties", "GetAll", [.string(prompt)])
        XCTAssertEqual(daemon.stop(), 0)
        MainLoop.shared.run(while: { true }, timeout: .milliseconds(1_600))
        daemon = try startDaemon()
        XCTAssertEqual(try call("\(root)/picker/answered", "org.freedesktop.DBus.Properties", "GetAll", [.string(prompt)]), answeredBefore, "answered as it was")
        XCTAssertEqual(try call("\(root)/picker/waiting", "org.freedesktop.DBus.Properties", "Get", [.string(prompt), .string("State")]), [.variant(.string("waiting"))])
        XCTAssertEqual(try call("\(root)/picker/waiting", "org.freedesktop.DBus.Properties", "Get", [.string(prompt), .string("Title")]), [.variant(.string("Deploy waiting?"))])
        XCTAssertEqual(try call("\(root)/picker/late", "org.freedesktop.DBus.Properties", "Get", [.string(prompt), .string("State")]), [.variant(.string("timedOut"))],
                       "its deadline passed while the daemon was down")
        XCTAssertEqual(try call(root, "org.freedesktop.DBus.Properties", "Get", [.string(managerInterface), .string("Prompts")]),
                       [.variant(.array(element: .objectPath, [.objectPath(ObjectPath("\(root)/picker/waiting")!)]))])
        XCTAssertThrowsError(try call("\(root)/picker/answered", prompt, "Finish")) {
            XCTAssertEqual(($0 as? DBusError)?.name, "org.rxwidgets.Widgets1.Error.AlreadyFinished")
        }
        XCTAssertEqual(daemon.stop(), 0)
    }

    func testAFileChooserSurvivesARestartAsItWas() throws {
        var daemon = try startDaemon()
        let chooser = "org.rxwidgets.Widgets1.FileChooser"
        try call(root, managerInterface, "CreateFileChooser", [.string("photo"), options([("multiple", .boolean(true)), ("folder", .string("/home/ada")),
            ("filters", .array(element: .structure([.string, .array(.string)]), [.structure([.string("Images"), .array(element: .string, [.string("*.png")])]),
                                                                                 .structure([.string("All"), .array(element: .string, [.string("*")])])]))])])
        try call("\(root)/file/photo", chooser, "SetFilter", [.int32(1)])
        try call("\(root)/file/photo", chooser, "Select", [.array(element: .string, [.string("/home/ada/a.txt"), .string("/home/ada/b.png")])])
        let before = try call("\(root)/file/photo", "org.freedesktop.DBus.Properties", "GetAll", [.string(chooser)])
        XCTAssertEqual(daemon.stop(), 0)
        daemon = try startDaemon()
        XCTAssertEqual(try call("\(root)/file/photo", "org.freedesktop.DBus.Properties", "GetAll", [.string(chooser)]), before)
        XCTAssertEqual(daemon.stop(), 0)
    }

    func testATransientWidgetIsKeptWhileItsCreatorStaysAndADestroyedOneIsForgotten() throws {
        var daemon = try startDaemon()
        try makeWidgets()
        let staying = try Connection(bus: .address(bus.address))
        defer { staying.close() }
        let leaving = try Connection(bus: .address(bus.address))
        for (creator, name) in [(staying, "staying"), (leaving, "leaving")] {
            _ = try creator.callAndWait(destination: busName, path: root, interface: managerInterface, member: "CreatePicker",
                                        [.string(name), options([("items", .array(element: .array(.string), [.array(element: .string, [.string("y"), .string("z")])])),
                                                                 ("transient", .boolean(true)), ("private", .boolean(true))])])
            _ = try creator.callAndWait(destination: busName, path: "\(root)/picker/\(name)", interface: pickerInterface, member: "SelectRow", [.int32(1), .int32(0)])
        }
        try call(root, managerInterface, "Destroy", [.objectPath(ObjectPath("\(root)/picker/sheet")!)])
        XCTAssertEqual(daemon.stop(), 0)
        // One creator leaves while no daemon runs: its widget is not put back, and its file goes.
        leaving.close()
        daemon = try startDaemon()
        let widgets = try call(root, "org.freedesktop.DBus.Properties", "Get", [.string(managerInterface), .string("Widgets")]).first?.variantValue
        XCTAssertEqual(widgets, .array(element: .objectPath, ["\(root)/form/me", "\(root)/picker/fruit", "\(root)/picker/staying", "\(root)/table/letters"].map { .objectPath(ObjectPath($0)!) }))
        XCTAssertEqual(try call("\(root)/picker/staying", pickerInterface, "SelectedRow", [.int32(0)]), [.int32(1)], "the transient widget as it was")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: stateDirectory.path).sorted(),
                       ["form.me.state", "picker.fruit.state", "picker.staying.state", "table.letters.state"])
        XCTAssertTrue(daemon.log.contains("picker.leaving.state is not restored: its creator"), daemon.log)
        let peek = try runCommand("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/busctl", "--address=\(bus.address)",
                                                       "get-property", busName, "\(root)/picker/staying", pickerInterface, "SelectedRows"])
        XCTAssertNotEqual(peek.status, 0, "still private after the restart: \(peek.output)")
        XCTAssertTrue(peek.error.contains("AccessDenied") || peek.error.contains("Access denied") || peek.error.contains("UnknownObject") || peek.error.contains("Unknown object"), peek.error)
        // Its creator leaving now destroys it, as before the restart.
        staying.close()
        XCTAssertTrue(waitFor { (try? self.call(root, "org.freedesktop.DBus.Properties", "Get", [.string(managerInterface), .string("Widgets")]).first?.variantValue?.arrayElements?.count) == 3 },
                      "the restored transient widget follows its creator off the bus")
        XCTAssertTrue(waitFor { !FileManager.default.fileExists(atPath: self.stateDirectory.appendingPathComponent("picker.staying.state").path) })
        XCTAssertEqual(daemon.stop(), 0)
    }

    private func waitFor(seconds: Int = 5, _ condition: () -> Bool) -> Bool {
        MainLoop.shared.run(while: { !condition() }, timeout: .seconds(seconds))
    }

    func testAServedPickerIsKeptAsDetachedWithItsBoundItems() throws {
        var daemon = try startDaemon()
        try call(root, managerInterface, "CreatePicker", [.string("served"), options([("items", .array(element: .array(.string), [.array(element: .string, ["a", "b", "c"].map(DBusValue.string))]))])])
        let path = "\(root)/picker/served"
        try call(path, pickerInterface, "SelectRow", [.int32(1), .int32(0)])
        let owner = try WidgetsClient(address: bus.address)
        let serving = try owner.servePickerDataSource(on: try owner.picker("served"), rowCounts: { [1_000, 5] }) { component, rows in rows.map { "served \(component).\($0)" } }
        try call(path, pickerInterface, "SelectRow", [.int32(999), .int32(0)])
        XCTAssertEqual(try call(path, pickerInterface, "Titles", [.int32(1), .int32(4), .int32(1)]).first, .array(element: .string, [.string("served 1.4")]))
        let revision = try call(path, "org.freedesktop.DBus.Properties", "Get", [.string(pickerInterface), .string("Revision")]).first?.variantValue
        XCTAssertEqual(daemon.stop(), 0)
        daemon = try startDaemon()
        XCTAssertEqual(try call(path, "org.freedesktop.DBus.Properties", "Get", [.string(pickerInterface), .string("RowCounts")]).first?.variantValue, .array(element: .int32, [.int32(3)]), "restored detached: the bound items")
        XCTAssertEqual(try call(path, "org.freedesktop.DBus.Properties", "Get", [.string(pickerInterface), .string("SelectedRows")]).first?.variantValue, .array(element: .int32, [.int32(1)]), "with their selection")
        XCTAssertEqual(try call(path, "org.freedesktop.DBus.Properties", "Get", [.string(pickerInterface), .string("Revision")]).first?.variantValue, revision)
        XCTAssertEqual(try call(path, pickerInterface, "Titles", [.int32(0), .int32(0), .int32(5)]).first, .array(element: .string, ["a", "b", "c"].map(DBusValue.string)))
        serving.dispose()
        XCTAssertEqual(daemon.stop(), 0)
    }

    func testAServedTableIsKeptAsDetachedWithItsBoundSections() throws {
        var daemon = try startDaemon()
        try call(root, managerInterface, "CreateTable", [.string("served"), options([("items", .array(element: .string, ["a", "b", "c"].map(DBusValue.string)))])])
        let path = "\(root)/table/served"
        try call(path, tableInterface, "SelectRow", [.int32(0), .int32(1)])
        let owner = try WidgetsClient(address: bus.address)
        let serving = try owner.serveTableDataSource(on: try owner.table("served"), rowCounts: { [1_000] }, cells: { _, rows in rows.map { ("row", "served \($0)") } },
                                                     models: { _, rows in rows.map { .int32(Int32($0)) } })
        try call(path, tableInterface, "SelectRow", [.int32(0), .int32(999)])
        let revision = try call(path, "org.freedesktop.DBus.Properties", "Get", [.string(tableInterface), .string("Revision")]).first?.variantValue
        XCTAssertEqual(daemon.stop(), 0)
        daemon = try startDaemon()
        XCTAssertEqual(try call(path, "org.freedesktop.DBus.Properties", "Get", [.string(tableInterface), .string("RowCounts")]).first?.variantValue, .array(element: .int32, [.int32(3)]), "restored detached: the bound sections")
        XCTAssertEqual(try call(path, "org.freedesktop.DBus.Properties", "Get", [.string(tableInterface), .string("SelectedIndexPaths")]).first?.variantValue,
                       .array(element: .structure([.int32, .int32]), [.structure([.int32(0), .int32(1)])]), "with their selection")
        XCTAssertEqual(try call(path, "org.freedesktop.DBus.Properties", "Get", [.string(tableInterface), .string("Revision")]).first?.variantValue, revision)
        serving.dispose()
        XCTAssertEqual(daemon.stop(), 0)
    }

    /// Restoring announces the manager's `Widgets` once: it was announced
    /// after every widget with every path so far (n² paths for n widgets,
    /// 44 % of a 1,000-widget restart).
    func testARestartAnnouncesTheWidgetsOnce() throws {
        var daemon = try startDaemon()
        for index in 0..<20 {
            try call(root, managerInterface, "CreatePicker", [.string("p\(index)"), options([])])
        }
        XCTAssertEqual(daemon.stop(), 0)
        // From any sender: before its name, the daemon is only its unique name.
        let watcher = try Connection(bus: .address(bus.address))
        defer { watcher.close() }
        try watcher.addMatch("type='signal',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',path='\(root)'")
        var announced = 0
        let watch = watcher.onSignal { message in
            if message.isSignal(interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged") && message.path == root { announced += 1 }
        }
        defer { watch.dispose() }
        daemon = try startDaemon()
        MainLoop.shared.run(while: { true }, timeout: .milliseconds(300))
        XCTAssertEqual(announced, 1, "one PropertiesChanged of the manager for 20 restored widgets")
        XCTAssertEqual(try call(root, "org.freedesktop.DBus.Properties", "Get", [.string(managerInterface), .string("Widgets")]).first?.variantValue?.arrayElements?.count, 20)
        XCTAssertEqual(daemon.stop(), 0)
    }

    func testWidgetsSurviveSIGKILLAsOfASecondBefore() throws {
        var daemon = try startDaemon()
        try makeWidgets()
        MainLoop.shared.run(while: { true }, timeout: .seconds(1))
        let before = try managedObjects()
        kill(daemon.process.processIdentifier, SIGKILL)
        daemon.process.waitUntilExit()
        XCTAssertTrue(waitUntil(timeout: 10) {
            (try? self.client.callAndWait(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "NameHasOwner", [.string(busName)]).first) == .boolean(false)
        })
        daemon = try startDaemon()
        XCTAssertEqual(try managedObjects(), before, "as it was a second before the kill")
        XCTAssertEqual(daemon.stop(), 0)
    }

    /// SIGKILL a second plus a seeded random 50–400 ms into a stream of
    /// pipelined `SelectRow` changes, eight times (`RXWIDGETS_KILL_ROUNDS`
    /// for more):
    /// each restart restores a Revision the daemon had announced (or the one
    /// it started from), with the selection announced with it, and loses
    /// only changes announced within the last second before the kill — the
    /// documented bound (the last 100 ms and a write under way, "at most
    /// about a second"); a daemon that wrote nothing while changes streamed
    /// would lose more. Every widget comes back and no file is torn (none is
    /// moved aside).
    func testRepeatedSIGKILLsDuringChangesLoseLittleAndTearNothing() throws {
        var random = SeededGenerator(for: "testRepeatedSIGKILLsDuringChangesLoseLittleAndTearNothing")
        let rounds = ProcessInfo.processInfo.environment["RXWIDGETS_KILL_ROUNDS"].flatMap { Int($0) } ?? 8
        let bound: TimeInterval = 1
        let picker = "\(root)/picker/fruit"
        var daemon = try startDaemon()
        try makeWidgets()
        // Past the write delay: the widgets are on disk before the first kill.
        MainLoop.shared.run(while: { true }, timeout: .milliseconds(500))
        let widgets = try call(root, "org.freedesktop.DBus.Properties", "Get", [.string(managerInterface), .string("Widgets")]).first?.variantValue
        XCTAssertEqual(widgets?.arrayElements?.count, 4)
        try client.addMatch("type='signal',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',path='\(picker)'")
        var announced: [(revision: UInt64, selected: DBusValue?, at: Date)] = []
        let watch = client.onSignal { message in
            guard message.path == picker, message.isSignal(interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged"),
                  let arguments = try? message.arguments(), arguments.count > 1, let changed = arguments[1].dictionaryEntries,
                  case .uint64(let revision)? = changed.first(where: { $0.key == .string("Revision") })?.value.variantValue else { return }
            announced.append((revision, changed.first { $0.key == .string("SelectedRows") }?.value.variantValue, Date()))
        }
        defer { watch.dispose() }
        func pickerProperty(_ name: String) throws -> DBusValue? {
            try call(picker, "org.freedesktop.DBus.Properties", "Get", [.string(pickerInterface), .string(name)]).first?.variantValue
        }
        var worstLoss: TimeInterval = 0
        var changes = 0
        var lost = 0
        for round in 0..<rounds {
            guard case .uint64(let start)? = try pickerProperty("Revision") else { return XCTFail("round \(round): no Revision") }
            let startSelection = try pickerProperty("SelectedRows")
            announced = []
            let killAfter = bound + TimeInterval(Int.random(in: 50...400, using: &random)) / 1_000
            var row: Int32 = startSelection == .array(element: .int32, [.int32(0)]) ? 1 : 0
            var inFlight = 0
            let began = Date()
            while Date().timeIntervalSince(began) < killAfter {
                while inFlight < 16 {
                    let message = try Message.methodCall(destination: busName, path: picker, interface: pickerInterface, member: "SelectRow")
                    try message.append([.int32(row), .int32(0)])
                    client.call(message) { _ in inFlight -= 1 }
                    inFlight += 1
                    row = 1 - row
                }
                MainLoop.shared.run(while: { inFlight >= 16 }, timeout: .milliseconds(5))
            }
            let killed = Date()
            kill(daemon.process.processIdentifier, SIGKILL)
            daemon.process.waitUntilExit()
            XCTAssertTrue(waitUntil(timeout: 10) {
                (try? self.client.callAndWait(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "NameHasOwner", [.string(busName)]).first) == .boolean(false)
            }, "round \(round): the name went")
            XCTAssertTrue(waitUntil(timeout: 10) { inFlight == 0 }, "round \(round): every call was answered, if only by the bus")
            daemon = try startDaemon()
            guard case .uint64(let restored)? = try pickerProperty("Revision") else { return XCTFail("round \(round): no Revision after the restart") }
            let announcement = announced.first { $0.revision == restored }
            XCTAssertTrue(restored == start || announcement != nil,
                          "round \(round): the restored Revision \(restored) was announced (from \(start): \(announced.map(\.revision)))")
            XCTAssertEqual(try pickerProperty("SelectedRows"), restored == start ? startSelection : announcement?.selected,
                           "round \(round): the selection announced with Revision \(restored)")
            let loss = announced.filter { $0.revision > restored }
            let lossTime = loss.first.map { max(0, killed.timeIntervalSince($0.at)) } ?? 0
            XCTAssertLessThanOrEqual(lossTime, bound, "round \(round): lost \(loss.count) changes, the first announced \(Int(lossTime * 1_000)) ms before the kill")
            worstLoss = max(worstLoss, lossTime)
            changes += announced.count
            lost += loss.count
            XCTAssertEqual(try call(root, "org.freedesktop.DBus.Properties", "Get", [.string(managerInterface), .string("Widgets")]).first?.variantValue, widgets, "round \(round): every widget is back")
            let files = try FileManager.default.contentsOfDirectory(atPath: stateDirectory.path)
            XCTAssertEqual(files.filter { $0.hasSuffix(".unreadable") }, [], "round \(round): no file was torn; log:\n\(daemon.log)")
            XCTAssertFalse(daemon.log.contains("cannot be restored"), daemon.log)
        }
        print("StateTests: \(rounds) SIGKILLs amid \(changes) announced changes lost \(lost), the oldest announced \(Int(worstLoss * 1_000)) ms before its kill (bound \(Int(bound * 1_000)) ms)")
        XCTAssertGreaterThan(changes, rounds, "changes were under way at the kills")
        XCTAssertEqual(daemon.stop(), 0)
    }

    func testReplaceUnderLoadLosesNothing() throws {
        let old = try startDaemon()
        try makeWidgets()
        let picker = "\(root)/picker/fruit"
        let revisionBefore = try call(picker, "org.freedesktop.DBus.Properties", "Get", [.string(pickerInterface), .string("Revision")]).first?.variantValue
        guard case .uint64(let start)? = revisionBefore else { return XCTFail("no Revision") }
        // SelectRow calls in flight, alternating rows so each changes the picker.
        var answered = 0
        var failed = 0
        var sent = 0
        var replacement: Daemon?
        for index in 0..<400 {
            let message = try Message.methodCall(destination: busName, path: picker, interface: pickerInterface, member: "SelectRow")
            try message.append([.int32(Int32(index % 2)), .int32(0)])
            client.call(message) { result in
                switch result {
                case .success: answered += 1
                case .failure: failed += 1
                }
            }
            sent += 1
            if index == 200 {
                replacement = try Daemon(bus: bus, arguments: ["--state-dir", stateDirectory.path, "--replace"])
            }
            MainLoop.shared.runPending()
        }
        XCTAssertTrue(waitUntil(timeout: 30) { answered + failed == sent }, "every call was answered: \(answered) + \(failed) of \(sent)")
        old.process.waitUntilExit()
        XCTAssertEqual(old.process.terminationStatus, 0, old.log)
        XCTAssertTrue(old.log.contains("another rxwidgetsd replaced this one"), old.log)
        let revision = try call(picker, "org.freedesktop.DBus.Properties", "Get", [.string(pickerInterface), .string("Revision")]).first?.variantValue
        XCTAssertEqual(revision, .uint64(start + UInt64(answered)), "each answered SelectRow counted once, across the handover (\(answered) answered, \(failed) failed)")
        XCTAssertEqual(try call(root, "org.freedesktop.DBus.Properties", "Get", [.string(managerInterface), .string("Widgets")]).first?.variantValue?.arrayElements?.count, 4, "no widget lost")
        XCTAssertEqual(replacement?.stop(), 0)
    }

    /// Two `--replace` daemons started at the same instant on one state
    /// directory: the one that lost the race for the directory's lock served
    /// without state for a moment — in 4 of 6 runs, calls on an existing
    /// form were answered `UnknownObject`. A daemon that took the name waits
    /// for the lock as long as a replaced daemon takes to exit, and one that
    /// cannot get it gives the name back rather than serve without state.
    func testTwoReplacingDaemonsAtOnceNeverServeWithoutTheWidgets() throws {
        var running = [try startDaemon()]
        try makeWidgets()
        // Two million rows: restoring them takes the daemon that got the lock
        // longer than the other used to wait for it.
        let rows = bus.directory.appendingPathComponent("rows")
        try Data(StateTests.numberedRows(2_000_000)).write(to: rows)
        try call(root, managerInterface, "CreatePicker", [.string("large"), options([])])
        let descriptor = open(rows.path, O_RDONLY)
        defer { close(descriptor) }
        try call("\(root)/picker/large", pickerInterface, "LoadItems", [.unixFD(descriptor), options([])])
        let form = "\(root)/form/me"
        for round in 0..<3 {
            var unknown: [String] = []
            var answered = 0
            let calls = 300
            var replacing: [Daemon] = []
            for index in 0..<calls {
                let message = try Message.methodCall(destination: busName, path: form, interface: "org.freedesktop.DBus.Properties", member: "Get")
                try message.append([.string(formInterface), .string("Revision")])
                client.call(message, timeoutMilliseconds: 60_000) { result in
                    answered += 1
                    if case .failure(let error) = result, error.name == DBusError.Name.unknownObject {
                        unknown.append(error.message)
                    }
                }
                if index == 20 {
                    replacing = [try Daemon(bus: bus, arguments: ["--state-dir", stateDirectory.path, "--replace"]),
                                 try Daemon(bus: bus, arguments: ["--state-dir", stateDirectory.path, "--replace"])]
                }
                MainLoop.shared.run(while: { true }, timeout: .milliseconds(2))
            }
            XCTAssertTrue(waitUntil(timeout: 60) { answered == calls }, "round \(round): every call was answered")
            XCTAssertEqual(unknown, [], "round \(round): no call found the form missing")
            XCTAssertTrue(waitUntil(timeout: 60) { (running + replacing).filter(\.process.isRunning).count == 1 }, "round \(round): one daemon is left")
            for daemon in running + replacing where !daemon.process.isRunning {
                XCTAssertTrue([0, 1].contains(daemon.process.terminationStatus), daemon.log)
                XCTAssertFalse(daemon.log.contains("serving without keeping state"), daemon.log)
            }
            running = (running + replacing).filter(\.process.isRunning)
            XCTAssertEqual(try call(form, formInterface, "GetValue", [.string("birthday")]), [.variant(.string("2000-01-31"))], "round \(round)")
        }
        XCTAssertEqual(running.first?.stop(), 0)
    }

    func testAnUnreadableOrNewerFileIsMovedAsideAndTheRestRestored() throws {
        var daemon = try startDaemon()
        try makeWidgets()
        XCTAssertEqual(daemon.stop(), 0)
        try Data("not a state file at all".utf8).write(to: stateDirectory.appendingPathComponent("picker.garbage.state"))
        var newer = Data("RXWSTATE".utf8)
        newer.append(contentsOf: [99, 0, 0, 0, 1, 2, 3])
        try newer.write(to: stateDirectory.appendingPathComponent("table.future.state"))
        let torn = try Data(contentsOf: stateDirectory.appendingPathComponent("form.me.state"))
        try torn.prefix(torn.count / 2).write(to: stateDirectory.appendingPathComponent("form.torn.state"))
        daemon = try startDaemon()
        XCTAssertEqual(try call(root, "org.freedesktop.DBus.Properties", "Get", [.string(managerInterface), .string("Widgets")]).first?.variantValue?.arrayElements?.count, 4, "the good files are restored")
        let files = try FileManager.default.contentsOfDirectory(atPath: stateDirectory.path).sorted()
        for name in ["picker.garbage.state", "table.future.state", "form.torn.state"] {
            XCTAssertTrue(files.contains(name + ".unreadable"), "\(name) is moved aside: \(files)")
            XCTAssertFalse(files.contains(name))
        }
        XCTAssertEqual(daemon.stop(), 0)
        XCTAssertTrue(daemon.log.contains("table.future.state cannot be restored (format version 99 is newer than this daemon's 2)"), daemon.log)
        XCTAssertTrue(daemon.log.contains("form.torn.state cannot be restored"), daemon.log)
    }

    /// Hand-made state files, each wrong in one of 23 ways — empty, magic
    /// only, no head, an unknown kind, a name not its file's, an unknown
    /// operation, a frame of the wrong signature, a field of the wrong type,
    /// a head claiming 2^32−1 values, trailing bytes, another kind's record,
    /// a head without its frames, a close of nothing, variants nested past
    /// D-Bus's depth, an unknown adapter, a form spec that is not one, a
    /// title that is not UTF-8, components or sections of the wrong type,
    /// selections past the rows or negative — are each moved aside to
    /// `.unreadable` with a log line saying why; well-made hand-made files
    /// and the daemon's own are restored, and the daemon answers. The last
    /// six were restored as other widgets under the file's Revision (no
    /// rows, or the selection dropped).
    func testCraftedStateFilesAreEachMovedAsideAndTheRestRestored() throws {
        var daemon = try startDaemon()
        try makeWidgets()
        let before = try managedObjects()
        XCTAssertEqual(daemon.stop(), 0)

        func message(_ values: [DBusValue]) throws -> [UInt8] {
            let message = try Message.signal(path: root, interface: "org.rxwidgets.Widgets1.State", member: "Widget")
            try message.append(values)
            return try message.marshalled()
        }
        let start = Array("RXWSTATE".utf8) + [2, 0, 0, 0]
        func head(_ kind: String, _ name: String, count: UInt32) throws -> [UInt8] {
            try message([.string(kind), .string(name), .uint32(0), .uint64(7), .uint32(count)])
        }
        func frame(_ value: DBusValue, operation: UInt8 = 0) throws -> [UInt8] {
            try message([.byte(operation), .variant(value)])
        }
        // A picker's record (version 1) as the daemon writes it: three rows, row 1 selected.
        let rows = DBusValue.array(element: .array(.variant), [.array(element: .variant, ["apple", "banana", "cherry"].map { .variant(.string($0)) })])
        func picker(components: DBusValue = rows, adapter: String = "title", selected: Int32 = 1, popup: DBusValue = .boolean(false)) -> [DBusValue] {
            [.uint32(1), popup, .boolean(false), .boolean(true), components, .string(adapter),
             .dictionary(key: .string, value: .variant, []), .array(element: .int32, [.int32(selected)]),
             .array(element: .array(.dictEntry(key: .string, value: .array(.string))), [])]
        }
        // A table's record (version 1): one section of two rows, row (0, 1) selected.
        let sections = DBusValue.array(element: .structure([.string, .array(.variant)]), [.structure([.string("letters"), .array(element: .variant, [.variant(.string("a")), .variant(.string("b"))])])])
        func table(sections: DBusValue = sections, selected: (Int32, Int32) = (0, 1)) -> [DBusValue] {
            [.uint32(1), .boolean(true), sections, .string("{value}"), .array(element: .structure([.int32, .int32]), [.structure([.int32(selected.0), .int32(selected.1)])]), .boolean(false), .boolean(false)]
        }
        func file(_ kind: String, _ name: String, _ record: [DBusValue], count: UInt32? = nil) throws -> [UInt8] {
            try start + head(kind, name, count: count ?? UInt32(record.count)) + record.flatMap { try frame($0) }
        }
        var deep = try start + head("picker", "deep", count: 1)
        for _ in 0..<70 {
            deep += try frame(.byte(0), operation: 4)
        }
        let notUTF8 = try file("picker", "notutf8", picker(components: .array(element: .array(.variant), [.array(element: .variant, [.variant(.string("QQQQ"))])])))
        let marker = Array("QQQQ".utf8)
        let at = try XCTUnwrap((0...(notUTF8.count - 4)).first { Array(notUTF8[$0..<$0 + 4]) == marker })
        let crafted: [(file: String, bytes: [UInt8], logged: String)] = [
            ("picker.empty.state", [], "not an rxwidgets state file"),
            ("picker.magic.state", Array("RXWSTATE".utf8), "not an rxwidgets state file"),
            ("picker.headless.state", start, "torn or corrupt"),
            ("picker.gizmo.state", try file("gizmo", "gizmo", picker()), "its values are not (s kind, s name"),
            ("picker.misnamed.state", try file("picker", "elsewhere", picker()), "it holds picker 'elsewhere', not what its name says"),
            ("picker.operation.state", try start + head("picker", "operation", count: 9) + frame(.uint32(1), operation: 9), "a message that is not (y operation, v value)"),
            ("picker.signature.state", try start + head("picker", "signature", count: 9) + message([.string("value"), .variant(.uint32(1))]), "a message that is not (y operation, v value)"),
            ("picker.fieldtype.state", try file("picker", "fieldtype", picker(popup: .string("no"))), "a picker's state of version 1 with 8 fields is not one this daemon wrote"),
            ("picker.count.state", try file("picker", "count", picker(), count: .max), "torn or corrupt after 9 of 4294967295 values"),
            ("picker.selection.state", try file("picker", "selection", picker(selected: 99)), "its selected row 99 of component 0 is not one of its 3 rows"),
            ("picker.trailing.state", try file("picker", "trailing", picker()) + [1, 2, 3, 4], "more after its 9 values"),
            ("table.wrongkind.state", try file("table", "wrongkind", picker()), "a table's state of version 1 with 8 fields is not one this daemon wrote"),
            ("picker.noframes.state", try start + head("picker", "noframes", count: 9), "torn or corrupt after 0 of 9 values"),
            ("picker.close.state", try start + head("picker", "close", count: 9) + frame(.byte(0), operation: 5), "a close of nothing"),
            ("picker.deep.state", deep, "values nested deeper than D-Bus allows"),
            ("picker.adapter.state", try file("picker", "adapter", picker(adapter: "fancy")), "expected 'title', 'attributed' or 'view', got 'fancy'"),
            ("picker.components.state", try file("picker", "components", picker(components: .array(element: .string, [.string("apple")]))), "a picker's state of version 1 with 8 fields is not one this daemon wrote"),
            ("table.sections.state", try file("table", "sections", table(sections: .array(element: .string, [.string("letters")]))), "a table's state of version 1 with 6 fields is not one this daemon wrote"),
            ("table.selection.state", try file("table", "selection", table(selected: (0, 99))), "its selected row (0, 99) is not one of its rows"),
            ("table.negativerow.state", try file("table", "negativerow", table(selected: (0, -5))), "its selected row (0, -5) is not one of its rows"),
            ("table.negativesection.state", try file("table", "negativesection", table(selected: (-1, 0))), "its selected row (-1, 0) is not one of its rows"),
            ("form.spec.state", try file("form", "spec", [.uint32(1), .string("{not a spec"), .dictionary(key: .string, value: .variant, []), .dictionary(key: .string, value: .string, [])]), "spec"),
            ("picker.notutf8.state", Array(notUTF8[..<at]) + [0xFF, 0xFE, 0xFF, 0xFE] + Array(notUTF8[(at + 4)...]), "torn or corrupt"),
        ]
        for (name, bytes, _) in crafted {
            try Data(bytes).write(to: stateDirectory.appendingPathComponent(name))
        }
        // The controls: hand-made files the daemon takes.
        try Data(try file("picker", "crafted", picker())).write(to: stateDirectory.appendingPathComponent("picker.crafted.state"))
        try Data(try file("table", "crafted", table())).write(to: stateDirectory.appendingPathComponent("table.crafted.state"))
        daemon = try startDaemon()
        XCTAssertEqual(try call(root, "org.freedesktop.DBus.Peer", "Ping"), [], "the daemon answers")
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: stateDirectory.path))
        let log = daemon.log
        for (name, _, logged) in crafted {
            XCTAssertTrue(files.contains(name + ".unreadable") && !files.contains(name), "\(name) is moved aside; log:\n\(log)")
            let line = log.split(separator: "\n").first { $0.contains("/\(name) cannot be restored") } ?? ""
            XCTAssertTrue(line.contains(logged), "\(name): the log says why (\(logged)): \(line)")
        }
        let crafted1 = "\(root)/picker/crafted"
        XCTAssertEqual(try call(crafted1, pickerInterface, "Titles", [.int32(0), .int32(0), .int32(5)]).first, .array(element: .string, ["apple", "banana", "cherry"].map(DBusValue.string)), "the well-made file is restored")
        XCTAssertEqual(try call(crafted1, pickerInterface, "SelectedRow", [.int32(0)]), [.int32(1)])
        XCTAssertEqual(try call(crafted1, "org.freedesktop.DBus.Properties", "Get", [.string(pickerInterface), .string("Revision")]).first?.variantValue, .uint64(7))
        try call(root, managerInterface, "Destroy", [.objectPath(ObjectPath(crafted1)!)])
        let crafted2 = "\(root)/table/crafted"
        XCTAssertEqual(try call(crafted2, "org.freedesktop.DBus.Properties", "Get", [.string(tableInterface), .string("SelectedIndexPaths")]).first?.variantValue,
                       .array(element: .structure([.int32, .int32]), [.structure([.int32(0), .int32(1)])]), "the well-made table is restored")
        try call(root, managerInterface, "Destroy", [.objectPath(ObjectPath(crafted2)!)])
        XCTAssertEqual(try managedObjects(), before, "the daemon's own widgets are restored as they were, and nothing else")
        XCTAssertEqual(daemon.stop(), 0, log)
        print("StateTests: \(crafted.count) kinds of crafted state file, \(crafted.filter { files.contains($0.file + ".unreadable") }.count) moved aside")
    }

    func testARevisionThatCannotGrowIsRefusedAndTheTopIsNeverPassed() throws {
        var daemon = try startDaemon()
        try call(root, managerInterface, "CreatePicker", [.string("top"), options([("items", .array(element: .array(.string), [.array(element: .string, ["a", "b", "c"].map(DBusValue.string))]))])])
        XCTAssertEqual(daemon.stop(), 0)
        let bytes = [UInt8](try Data(contentsOf: stateDirectory.appendingPathComponent("picker.top.state")))
        // The daemon's own file, with another name and Revision in its first
        // message: as a hand-made file would be.
        func file(_ name: String, revision: UInt64) throws -> Data {
            let headEnd = 12 + (try XCTUnwrap(Message.marshalledLength(at: bytes[12...])))
            var values = try Message(marshalled: Array(bytes[12..<headEnd])).arguments()
            values[1] = .string(name)
            values[3] = .uint64(revision)
            let message = try Message.signal(path: root, interface: "org.rxwidgets.Widgets1.State", member: "Widget")
            try message.append(values)
            return Data(bytes[0..<12] + (try message.marshalled()) + bytes[headEnd...])
        }
        try file("top", revision: .max).write(to: stateDirectory.appendingPathComponent("picker.top.state"))
        try file("below", revision: .max - 1).write(to: stateDirectory.appendingPathComponent("picker.below.state"))
        daemon = try startDaemon()
        XCTAssertEqual(try call(root, "org.freedesktop.DBus.Properties", "Get", [.string(managerInterface), .string("Widgets")]).first?.variantValue,
                       .array(element: .objectPath, [.objectPath(ObjectPath("\(root)/picker/below")!)]))
        XCTAssertTrue(FileManager.default.fileExists(atPath: stateDirectory.appendingPathComponent("picker.top.state.unreadable").path))
        let below = "\(root)/picker/below"
        try call(below, pickerInterface, "SelectRow", [.int32(1), .int32(0)])
        XCTAssertEqual(try call(below, "org.freedesktop.DBus.Properties", "Get", [.string(pickerInterface), .string("Revision")]).first?.variantValue, .uint64(.max))
        XCTAssertThrowsError(try call(below, pickerInterface, "SelectRow", [.int32(2), .int32(0)])) { error in
            XCTAssertEqual((error as? DBusError)?.name, errorPrefix + "LimitExceeded")
        }
        XCTAssertEqual(try call(below, pickerInterface, "SelectedRow", [.int32(0)]), [.int32(1)], "the refused change changed nothing")
        XCTAssertEqual(daemon.stop(), 0, "no trap at the top; log:\n\(daemon.log)")
        XCTAssertTrue(daemon.log.contains("picker.top.state cannot be restored (its Revision 18446744073709551615 is the largest there is"), daemon.log)
    }

    func testAPlantedLinkIsNeverWrittenThroughAndOddFilesNeverStallTheStart() throws {
        try FileManager.default.createDirectory(at: stateDirectory, withIntermediateDirectories: true)
        chmod(stateDirectory.path, 0o700)
        // Another user's file, and a link to it where the daemon writes its temporary file.
        let victim = bus.directory.appendingPathComponent("victim")
        try Data("VICTIM".utf8).write(to: victim)
        try FileManager.default.createSymbolicLink(atPath: stateDirectory.appendingPathComponent(".picker.vic.new").path, withDestinationPath: victim.path)
        // A FIFO and a link to /dev/zero where widget files are read.
        XCTAssertEqual(mkfifo(stateDirectory.appendingPathComponent("picker.zz.state").path, 0o600), 0)
        try FileManager.default.createSymbolicLink(atPath: stateDirectory.appendingPathComponent("picker.zero.state").path, withDestinationPath: "/dev/zero")
        var daemon = try startDaemon()
        try call(root, managerInterface, "CreatePicker", [.string("vic"), options([("items", .array(element: .array(.string), [.array(element: .string, [.string("a")])]))])])
        XCTAssertEqual(daemon.stop(), 0)
        XCTAssertEqual(try String(contentsOf: victim, encoding: .utf8), "VICTIM", "the link was removed, not written through")
        let log = daemon.log
        XCTAssertTrue(log.contains("picker.zz.state cannot be restored (it is not a regular file)"), log)
        XCTAssertTrue(log.contains("picker.zero.state cannot be restored"), log)
        daemon = try startDaemon()
        XCTAssertEqual(try call(root, "org.freedesktop.DBus.Properties", "Get", [.string(managerInterface), .string("Widgets")]).first?.variantValue,
                       .array(element: .objectPath, [.objectPath(ObjectPath("\(root)/picker/vic")!)]), "the widget was kept in its own file")
        XCTAssertEqual(daemon.stop(), 0)
    }

    func testAStateDirectoryOthersCanWriteOrThatIsNotOurOwnIsRefused() throws {
        try FileManager.default.createDirectory(at: stateDirectory, withIntermediateDirectories: true)
        chmod(stateDirectory.path, 0o777)
        var daemon = try startDaemon()
        try call(root, managerInterface, "CreatePicker", [.string("p"), options([])])
        XCTAssertEqual(daemon.stop(), 0)
        XCTAssertTrue(daemon.log.contains("refusing the state directory \(stateDirectory.path): others may write to it (mode 777)"), daemon.log)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: stateDirectory.path), [], "nothing is written to a refused directory")
        guard getuid() == 0 else { return }
        chmod(stateDirectory.path, 0o700)
        chown(stateDirectory.path, 65534, 65534)
        daemon = try startDaemon()
        XCTAssertEqual(daemon.stop(), 0)
        XCTAssertTrue(daemon.log.contains("it belongs to uid 65534, not to this daemon's uid 0"), daemon.log)
    }

    func testASecondDaemonOnTheSameDirectoryTakesNoNameAndTouchesNoFile() throws {
        let first = try startDaemon()
        try makeWidgets()
        MainLoop.shared.run(while: { true }, timeout: .milliseconds(300))
        let files = try FileManager.default.contentsOfDirectory(atPath: stateDirectory.path).sorted()
        XCTAssertEqual(files, ["form.me.state", "picker.fruit.state", "picker.sheet.state", "table.letters.state"])
        let otherBus = try PrivateBus()
        defer { otherBus.stop() }
        let other = try Connection(bus: .address(otherBus.address))
        defer { other.close() }
        let second = try Daemon(bus: otherBus, arguments: ["--state-dir", stateDirectory.path])
        second.process.waitUntilExit()
        XCTAssertEqual(second.process.terminationStatus, 1, "a daemon that cannot keep its state directory does not serve; log:\n\(second.log)")
        XCTAssertTrue(second.log.contains("is in use by another rxwidgetsd"), second.log)
        XCTAssertTrue(second.log.contains("not taking org.rxwidgets.Widgets1"), second.log)
        let owned = try other.callAndWait(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "NameHasOwner", [.string(busName)])
        XCTAssertEqual(owned, [.boolean(false)], "it never took the name")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: stateDirectory.path).sorted(), files, "the second daemon neither wrote nor deleted a file")
        XCTAssertEqual(first.stop(), 0)
        let again = try startDaemon()
        XCTAssertTrue(try managedObjects().contains("/picker/fruit"), "the first daemon's widgets come back")
        XCTAssertEqual(again.stop(), 0)
    }

    func testWidgetsPastD_BusArrayCapSurviveARestart() throws {
        var daemon = try startDaemon()
        // 1,998,900 rows of 32 characters and 1,100 titles of 65,536 (the
        // two million rows a widget may hold): each component more than the
        // 64 MiB one D-Bus array may hold.
        let rows = bus.directory.appendingPathComponent("rows")
        try Data(StateTests.numberedRows(1_998_900)).write(to: rows)
        let long = bus.directory.appendingPathComponent("long")
        try Data((0..<1_100).map { String(repeating: "t", count: 65_530) + String(format: "%05d\n", $0) }.joined().utf8).write(to: long)
        try call(root, managerInterface, "CreatePicker", [.string("huge"), options([])])
        for (component, url) in [(0, rows), (1, long)] {
            let descriptor = open(url.path, O_RDONLY)
            defer { close(descriptor) }
            try call("\(root)/picker/huge", pickerInterface, "LoadItems", [.unixFD(descriptor), options([("component", .int32(Int32(component)))])])
        }
        try call("\(root)/picker/huge", pickerInterface, "SelectRow", [.int32(1_998_899), .int32(0)])
        XCTAssertEqual(daemon.stop(), 0, daemon.log)
        let file = try FileManager.default.attributesOfItem(atPath: stateDirectory.appendingPathComponent("picker.huge.state").path)
        XCTAssertGreaterThan((file[.size] as? Int) ?? 0, 128 << 20, "more than one D-Bus message may hold")
        daemon = try startDaemon()
        XCTAssertFalse(daemon.log.contains("cannot be restored"), daemon.log)
        let picker = "\(root)/picker/huge"
        XCTAssertEqual(try client.callAndWait(destination: busName, path: picker, interface: "org.freedesktop.DBus.Properties", member: "Get",
                                              [.string(pickerInterface), .string("RowCounts")]).first, .variant(.array(element: .int32, [.int32(1_998_900), .int32(1_100)])))
        XCTAssertEqual(try call(picker, pickerInterface, "SelectedRow", [.int32(0)]), [.int32(1_998_899)])
        XCTAssertEqual(try call(picker, pickerInterface, "TitleForRow", [.int32(1_998_899), .int32(0)]), [.string("row " + String(repeating: "0", count: 20) + "1998899")])
        XCTAssertEqual(try call(picker, pickerInterface, "TitleForRow", [.int32(1_099), .int32(1)]), [.string(String(repeating: "t", count: 65_530) + "01099")])
        XCTAssertEqual(daemon.stop(), 0)
    }

    /// A model as deep as a call may carry (the call's own containers and
    /// the model's variants together, 64) was accepted, readable by
    /// `Model`, and lost at a clean restart: the state file wrapped it in
    /// more containers than a D-Bus message may nest, and the widget's file
    /// was moved aside. The file opens what would nest too deep a frame at a
    /// time, so what a call can carry is kept.
    func testTheDeepestModelsACallCarriesSurviveARestart() throws {
        func nested(_ variants: Int) -> DBusValue {
            (0..<variants).reduce(DBusValue.string("deep")) { inner, _ in .variant(inner) }
        }
        var daemon = try startDaemon()
        // av: the array and 63 variants; aav: two arrays and 62 variants.
        let tableModels: [DBusValue] = [nested(62), nested(63), .variant(.string("shallow"))]
        try call(root, managerInterface, "CreateTable", [.string("deep"), options([])])
        try call("\(root)/table/deep", tableInterface, "SetItems", [.array(element: .variant, tableModels)])
        try call(root, managerInterface, "CreatePicker", [.string("deep"), options([])])
        try call("\(root)/picker/deep", pickerInterface, "SetModels", [.array(element: .array(.variant), [.array(element: .variant, [nested(62), nested(61)])])])
        let before = try managedObjects()
        XCTAssertEqual(try call("\(root)/table/deep", tableInterface, "Model", [.int32(0), .int32(1)]), [nested(63)])
        XCTAssertEqual(daemon.stop(), 0, daemon.log)
        daemon = try startDaemon()
        XCTAssertFalse(daemon.log.contains("cannot be restored"), daemon.log)
        XCTAssertEqual(try managedObjects(), before, "both widgets are back as they were")
        for (row, model) in tableModels.enumerated() {
            XCTAssertEqual(try call("\(root)/table/deep", tableInterface, "Model", [.int32(0), .int32(Int32(row))]), [model], "row \(row)")
        }
        XCTAssertEqual(try call("\(root)/picker/deep", pickerInterface, "Model", [.int32(0), .int32(0)]), [nested(62)])
        XCTAssertEqual(try call("\(root)/picker/deep", pickerInterface, "Model", [.int32(1), .int32(0)]), [nested(61)])
        XCTAssertEqual(daemon.stop(), 0)
    }

    /// A 40 MiB picker file of byte-array models, each byte a value once
    /// read: restoring it took 4.25 s and 1,635 MiB (a 160 MiB one got the
    /// daemon killed at every start, the file never moved aside). Its values
    /// are counted as they are read, and past what all widgets may hold the
    /// file is moved aside. The daemon runs under a 1 GiB address space, so
    /// the old way fails the test instead of the machine.
    func testAFileThatAmplifiesPastTheMemoryBudgetIsMovedAside() throws {
        try FileManager.default.createDirectory(at: stateDirectory, withIntermediateDirectories: true)
        func marshalled(_ values: [DBusValue]) throws -> [UInt8] {
            let message = try Message.signal(path: root, interface: "org.rxwidgets.Widgets1.State", member: "Widget")
            try message.append(values)
            return try message.marshalled()
        }
        let megabyte = DBusValue.array(element: .byte, Array(repeating: .byte(7), count: 1 << 20))
        let frame = try marshalled([.byte(1), .variant(.array(element: .variant, [.variant(megabyte)]))])
        var file = Array("RXWSTATE".utf8) + [2, 0, 0, 0]
        file += try marshalled([.string("picker"), .string("bytes"), .uint32(0), .uint64(1), .uint32(1)])
        file += try marshalled([.byte(2), .variant(.array(element: .variant, []))])
        for _ in 0..<40 { file += frame }
        file += try marshalled([.byte(5), .variant(.byte(0))])
        try Data(file).write(to: stateDirectory.appendingPathComponent("picker.bytes.state"))
        let daemon = try startDaemon(["--max-memory", "\(64 << 20)"], addressSpaceLimit: 1 << 30)
        let peak = peakResidentKiB(of: daemon.process.processIdentifier)
        print("StateTests: restoring a 40 MiB file of byte-array models peaked at \(peak) KiB")
        XCTAssertEqual(try call(root, "org.freedesktop.DBus.Properties", "Get", [.string(managerInterface), .string("Widgets")]).first?.variantValue,
                       .array(element: .objectPath, []))
        XCTAssertTrue(FileManager.default.fileExists(atPath: stateDirectory.appendingPathComponent("picker.bytes.state.unreadable").path), daemon.log)
        XCTAssertTrue(daemon.log.contains("picker.bytes.state cannot be restored (its values would take more than \((64 << 20) + (64 << 20)) bytes of memory to read"), daemon.log)
        XCTAssertLessThan(peak, 512 << 10, "restoring stopped at the budget")
        XCTAssertEqual(daemon.stop(), 0)
    }

    /// `count` lines `row NNN…N` of 31 characters, numbered from 0, made fast.
    private static func numberedRows(_ count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count * 32)
        var digits = [UInt8](repeating: UInt8(ascii: "0"), count: 27)
        for _ in 0..<count {
            bytes += Array("row ".utf8)
            bytes += digits
            bytes.append(UInt8(ascii: "\n"))
            var place = digits.count - 1
            while digits[place] == UInt8(ascii: "9") {
                digits[place] = UInt8(ascii: "0")
                place -= 1
            }
            digits[place] += 1
        }
        return bytes
    }

    func testAFullDiskNeitherStopsNorFloodsTheDaemon() throws {
        try FileManager.default.createDirectory(at: stateDirectory, withIntermediateDirectories: true)
        let mounted = try runCommand("/bin/mount", ["-t", "tmpfs", "-o", "size=256k,mode=0700", "tmpfs", stateDirectory.path])
        guard mounted.status == 0 else {
            throw XCTSkip("a tmpfs cannot be mounted here (\(mounted.error)); a full disk needs one")
        }
        defer { _ = try? runCommand("/bin/umount", [stateDirectory.path]) }
        let daemon = try startDaemon()
        let filler = stateDirectory.appendingPathComponent("filler")
        _ = try runCommand("/bin/dd", ["if=/dev/zero", "of=\(filler.path)", "bs=4k"])
        let items = DBusValue.array(element: .array(.string), [.array(element: .string, (0..<2_000).map { .string("row \($0) of a picker too large for what is left") })])
        try call(root, managerInterface, "CreatePicker", [.string("big"), options([("items", items)])])
        for row in 0..<20 {
            try call("\(root)/picker/big", pickerInterface, "SelectRow", [.int32(Int32(row)), .int32(0)])
            MainLoop.shared.run(while: { true }, timeout: .milliseconds(20))
        }
        MainLoop.shared.run(while: { true }, timeout: .milliseconds(300))
        XCTAssertEqual(try call("\(root)/picker/big", pickerInterface, "SelectedRow", [.int32(0)]), [.int32(19)], "the daemon keeps serving")
        XCTAssertEqual(daemon.log.components(separatedBy: "cannot write widget state").count - 1, 1, "logged once:\n\(daemon.log)")
        try FileManager.default.removeItem(at: filler)
        // Retries back off (1 s, 2 s, 4 s, 8 s): on a loaded machine the room may come after the second.
        XCTAssertTrue(waitUntil(timeout: 20) { FileManager.default.fileExists(atPath: self.stateDirectory.appendingPathComponent("picker.big.state").path) }, "written once there is room")
        XCTAssertTrue(daemon.log.contains("works again"), daemon.log)
        XCTAssertEqual(daemon.stop(), 0)
    }

    func testAFileTheLimitsNoLongerAllowIsKeptForALaterStart() throws {
        var daemon = try startDaemon()
        try makeWidgets()
        let before = try managedObjects()
        XCTAssertEqual(daemon.stop(), 0)
        daemon = try startDaemon(["--max-string-length", "3"])
        XCTAssertEqual(try call(root, "org.freedesktop.DBus.Properties", "Get", [.string(managerInterface), .string("Widgets")]).first?.variantValue?.arrayElements?.count, 0,
                       "titles, headers and the form's spec are longer than 3 characters now")
        XCTAssertEqual(try call(root, "org.freedesktop.DBus.Peer", "Ping"), [], "the daemon answers")
        XCTAssertEqual(daemon.stop(), 0)
        XCTAssertTrue(daemon.log.contains("picker.fruit.state is not restored now"), daemon.log)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: stateDirectory.path).sorted(),
                       ["form.me.state", "picker.fruit.state", "picker.sheet.state", "table.letters.state"], "nothing moved aside")
        daemon = try startDaemon()
        XCTAssertEqual(try managedObjects(), before, "restored, Revisions and all, once the limits allow it again")
        XCTAssertEqual(daemon.stop(), 0)
    }
}
