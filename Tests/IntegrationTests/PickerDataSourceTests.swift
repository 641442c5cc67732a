import BusTestSupport
import DBus
import Foundation
import Glibc
import RxCoreEssentials
import RxWidgetsClient
import WidgetsAPI
import XCTest

/// A client as a picker's data source (`AttachDataSource`): the daemon asks
/// it for rows as calls need them; wrong, slow, silent and departing data
/// sources fail only the calls that need them.
final class PickerDataSourceTests: DaemonTestCase {
    private let unavailable = WidgetsErrorName.dataSourceUnavailable

    /// A data source on a connection of its own whose answers the test decides.
    private final class TestDataSource {
        let connection: Connection
        let server: ObjectServer
        let path = ObjectPath("/test/rows")!
        var counts: [Int32] = [5]
        var title: (Int, Int) -> String = { component, row in "c\(component) row \(row)" }
        /// Titles answered with one title too few.
        var shortAnswers = false
        /// Titles kept waiting, never answered.
        var withholds = false
        var asked: [String] = []
        var waiting: [(Result<[String], Error>) -> Void] = []

        /// With `answersWithStrings`, RowCounts is declared `→ as`: a reply of the wrong type.
        init(address: String, answersWithStrings: Bool = false) throws {
            connection = try Connection(bus: .address(address))
            server = ObjectServer(connection: connection)
            let rowCounts: MethodDeclaration<TestDataSource>
            if answersWithStrings {
                rowCounts = MethodContract("RowCounts", in: NoArguments(), out: Parameters(("counts", [String].self)), "").serve { source, _, _ in
                    source.asked.append("RowCounts")
                    return source.counts.map(String.init)
                }
            } else {
                rowCounts = PickerDataSourceContract.rowCounts.serve { source, _, _ in
                    source.asked.append("RowCounts")
                    return source.counts
                }
            }
            let titles = PickerDataSourceContract.titles.serveLater { (source: TestDataSource, arguments, _, reply) in
                let (component, first, count) = arguments
                source.asked.append("Titles(\(component), \(first), \(count))")
                let rows = Int(first)..<Int(first) + Int(count) - (source.shortAnswers ? 1 : 0)
                let titles = rows.map { source.title(Int(component), $0) }
                if source.withholds {
                    source.waiting.append(reply)
                } else {
                    reply(.success(titles))
                }
            }
            try server.export(path, interfaces: [InterfaceDeclaration<TestDataSource>(PickerDataSourceContract.name, methods: [rowCounts, titles]).bind(to: self)])
        }

        /// Attaches this source to `picker`; the error the call fails with, if any.
        @discardableResult
        func attach(to picker: String, _ options: [(String, DBusValue)] = []) -> DBusError? {
            let given = DBusValue.dictionary(key: .string, value: .variant, options.map { (.string($0.0), .variant($0.1)) })
            do {
                _ = try connection.callAndWait(destination: busName, path: picker, interface: pickerInterface, member: "AttachDataSource", [.objectPath(path), given])
                return nil
            } catch {
                return error as? DBusError
            }
        }
    }

    private func picker(_ name: String, items: [[String]] = [["a", "b", "c"]]) throws -> String {
        try call(root, managerInterface, "CreatePicker", [.string(name), options([("items", titles(items))])])
        return "\(root)/picker/\(name)"
    }

    private func titleStrings(_ path: String, _ component: Int32, _ first: Int32, _ count: Int32) throws -> [String] {
        let reply = try call(path, pickerInterface, "Titles", [.int32(component), .int32(first), .int32(count)])
        return (reply.first?.arrayElements ?? []).compactMap(\.stringValue)
    }

    func testATenMillionRowPickerIsServedByAClientWithoutBeingCopied() throws {
        let rows = 10_000_000
        let owner = try WidgetsClient(address: bus.address)
        let picker = try owner.createPicker("big")
        let path = picker.path.rawValue
        let before = residentKiB(of: daemon.process.processIdentifier)
        var asked: [Range<Int>] = []
        let serving = try owner.servePickerDataSource(on: picker, rowCounts: { [rows] }) { _, range in
            asked.append(range)
            return range.map { "row \($0)" }
        }
        defer { serving.dispose() }
        XCTAssertEqual(try property(path, pickerInterface, "RowCounts"), .array(element: .int32, [.int32(Int32(rows))]))
        _ = takeEvents()
        let started = Date()
        XCTAssertEqual(try titleStrings(path, 0, 0, 50), (0..<50).map { "row \($0)" })
        print("first Titles(0, 0, 50) of a served 10,000,000-row picker: \(String(format: "%.1f", Date().timeIntervalSince(started) * 1_000)) ms")
        XCTAssertEqual(asked, [0..<256], "one page asked for")
        XCTAssertEqual(try titleStrings(path, 0, 10, 5), (10..<15).map { "row \($0)" })
        XCTAssertEqual(asked.count, 1, "cached rows are not asked for again")
        _ = takeEvents()
        try call(path, pickerInterface, "SelectRow", [.int32(Int32(rows - 1)), .int32(0)])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Picker SelectedRows,Revision", "ItemSelected(9999999, 0)", "ModelSelected([<'row 9999999'>])", "reply"], "state first, then the events, then the reply")
        XCTAssertEqual(try call(path, pickerInterface, "Model", [.int32(9_999_998), .int32(0)]), [.variant(.string("row 9999998"))])
        XCTAssertEqual(try titleStrings(path, 0, Int32(rows - 3), 50), ["row 9999997", "row 9999998", "row 9999999"], "clipped at the end")
        for first in stride(from: 0, to: rows, by: 499_999) {
            XCTAssertEqual(try titleStrings(path, 0, Int32(first), 1), ["row \(first)"])
        }
        let growth = residentKiB(of: daemon.process.processIdentifier) - before
        print("daemon RSS growth serving 10,000,000 rows: \(growth) KiB")
        XCTAssertLessThan(growth, 16 * 1_024, "the rows are never copied into the daemon")
    }

    /// A deadline answers with the selected titles as Finish does: read
    /// from the data source when the cache no longer holds them.
    func testADeadlineReadsTheSelectedTitleFromTheDataSource() throws {
        let owner = try WidgetsClient(address: bus.address)
        try call(root, managerInterface, "CreatePicker", [.string("late"), options([("prompt", options([("timeout", .uint32(1_500))]))])])
        let picker = try owner.picker("late")
        let serving = try owner.servePickerDataSource(on: picker, page: 16, cachePages: 1, rowCounts: { [1_000_000] }) { _, range in range.map { "row \($0)" } }
        defer { serving.dispose() }
        try call("\(root)/picker/late", pickerInterface, "SelectRow", [.int32(999_999), .int32(0)])
        XCTAssertEqual(try titleStrings("\(root)/picker/late", 0, 0, 1), ["row 0"], "the one cached page is another now")
        XCTAssertTrue(waitUntil(timeout: 10) { (try? self.property("\(root)/picker/late", "org.rxwidgets.Widgets1.Prompt", "State")) == .string("timedOut") })
        XCTAssertEqual(try property("\(root)/picker/late", "org.rxwidgets.Widgets1.Prompt", "Answer"), .variant(.array(element: .string, [.string("row 999999")])))
    }

    func testTheTerminalFrontEndPagesThroughAServedPicker() throws {
        let owner = try WidgetsClient(address: bus.address)
        let picker = try owner.createPicker("served")
        var asked = 0
        let serving = try owner.servePickerDataSource(on: picker, rowCounts: { [10_000_000] }) { _, rows in
            asked += rows.count
            return rows.map { "row \($0)" }
        }
        defer { serving.dispose() }
        let terminal = try TerminalSession(["attach", picker.path.rawValue], address: bus.address, columns: 80, rows: 24)
        XCTAssertTrue(terminal.waitForScreen("› row 0", timeout: 30))
        terminal.send("End")
        XCTAssertTrue(terminal.waitForScreen("› row 9999999", timeout: 30))
        terminal.send("PPage")
        XCTAssertTrue(waitUntil(timeout: 30) { terminal.screen.contains("› row 99999") && !terminal.screen.contains("› row 9999999") }, terminal.screen)
        let shown = terminal.screen.split(separator: "\n").first { $0.contains("› row ") }.map { String($0.split(separator: "›").last ?? "").trimmingCharacters(in: .whitespaces) } ?? ""
        terminal.send("q")
        XCTAssertEqual(terminal.exitStatus(timeout: 30), 0, terminal.error)
        let selected = try property(picker.path.rawValue, pickerInterface, "SelectedRows")?.arrayElements?.first
        XCTAssertEqual(selected.map { "row \($0.description)" }, shown, "the row under the cursor is the picker's selection")
        XCTAssertLessThan(asked, 100_000, "only the rows shown were asked for")
    }

    func testAttachingRefusesBadOptionsOtherCallersAndBindingWhileServed() throws {
        let path = try picker("p")
        let source = try TestDataSource(address: bus.address)
        defer { source.connection.close() }
        XCTAssertEqual(source.attach(to: path, [("page", .int32(0))])?.message, "options 'page' 0 is out of range; expected 1 to 4096")
        XCTAssertEqual(source.attach(to: path, [("timeout", .string("x"))])?.name, DBusError.Name.invalidArgs)
        XCTAssertEqual(source.asked, [], "nothing is asked before the call is checked")
        XCTAssertEqual(error(path, pickerInterface, "DetachDataSource")?.message, "picker 'p' has no data source attached")
        XCTAssertNil(source.attach(to: path))
        XCTAssertEqual(source.asked, ["RowCounts"])
        XCTAssertEqual(try property(path, pickerInterface, "RowCounts"), .array(element: .int32, [.int32(5)]))
        XCTAssertEqual(try titleStrings(path, 0, 0, 10), (0..<5).map { "c0 row \($0)" })
        XCTAssertEqual(error(path, pickerInterface, "SetItems", [titles([["x"]])])?.message.hasPrefix("picker 'p' is served by the data source /test/rows of :"), true)
        XCTAssertEqual(error(path, pickerInterface, "SetItems", [titles([["x"]])])?.name, DBusError.Name.notSupported)
        XCTAssertEqual(error(path, pickerInterface, "AppendItems", [titles([["x"]])])?.name, DBusError.Name.notSupported)
        let dependent = try call(root, managerInterface, "CreatePicker", [.string("d"), options([("items", titles([["a"]])), ("dependent", .array(element: .array(.dictEntry(key: .string, value: .array(.string))), [.dictionary(key: .string, value: .array(.string), [(.string("a"), .array(element: .string, [.string("b")]))])]))])])
        XCTAssertEqual(dependent.first, .objectPath(ObjectPath("\(root)/picker/d")!))
        XCTAssertEqual(source.attach(to: "\(root)/picker/d")?.name, DBusError.Name.notSupported)
    }

    func testAnotherUIDMayNotAttachADataSource() throws {
        guard getuid() == 0 else { throw XCTSkip("switching to another uid needs root") }
        let path = try picker("mine")
        let attach = try runCommand("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/gdbus", "call", "--address", bus.address,
                                                         "--dest", busName, "--object-path", path, "--method", "\(pickerInterface).AttachDataSource", "/x", "{}"],
                                    environment: ["HOME": "/tmp"])
        XCTAssertTrue(attach.error.contains("AccessDenied: picker 'mine' belongs to uid 0; uid 65534 may only read it"), attach.error)
        XCTAssertEqual(try property(path, pickerInterface, "Revision"), .uint64(1))
    }

    func testDetachingShowsTheBoundItemsAndTheirSelectionAgain() throws {
        let path = try picker("p")
        try call(path, pickerInterface, "SelectRow", [.int32(2), .int32(0)])
        let source = try TestDataSource(address: bus.address)
        defer { source.connection.close() }
        source.counts = [7, 9]
        XCTAssertNil(source.attach(to: path))
        XCTAssertEqual(try property(path, pickerInterface, "RowCounts"), .array(element: .int32, [.int32(7), .int32(9)]))
        XCTAssertEqual(try titleStrings(path, 1, 8, 1), ["c1 row 8"])
        _ = takeEvents()
        try call(path, pickerInterface, "DetachDataSource")
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Picker MatchCounts,NumberOfComponents,RowCounts,SelectedRows,Revision", "reply"])
        XCTAssertEqual(try property(path, pickerInterface, "RowCounts"), .array(element: .int32, [.int32(3)]))
        XCTAssertEqual(try property(path, pickerInterface, "SelectedRows"), .array(element: .int32, [.int32(2)]))
        XCTAssertEqual(try titleStrings(path, 0, 0, 5), ["a", "b", "c"])
        try call(path, pickerInterface, "SetItems", [titles([["x", "y"]])])
        XCTAssertEqual(try titleStrings(path, 0, 0, 5), ["x", "y"])
    }

    func testWrongAnswersFailTheCallAndChangeNothing() throws {
        let path = try picker("p")
        let strings = try TestDataSource(address: bus.address, answersWithStrings: true)
        defer { strings.connection.close() }
        let refusal = strings.attach(to: path)
        XCTAssertEqual(refusal?.name, unavailable)
        XCTAssertEqual(refusal?.message.contains("answered RowCounts() wrongly: 'org.freedesktop.DBus.Error.InvalidArgs: a reply to RowCounts must be 'ai', got 'as''"), true, refusal?.message ?? "")
        let source = try TestDataSource(address: bus.address)
        defer { source.connection.close() }
        source.counts = [-1]
        XCTAssertEqual(source.attach(to: path)?.message.contains("it answered -1 rows for component 0; expected 0 or more"), true)
        source.counts = Array(repeating: 1, count: 65)
        XCTAssertEqual(source.attach(to: path)?.message.contains("it answered 65 components; the limit is 64"), true)
        XCTAssertEqual(try property(path, pickerInterface, "Revision"), .uint64(1), "a refused attachment changes nothing")
        XCTAssertEqual(try titleStrings(path, 0, 0, 5), ["a", "b", "c"])
        source.counts = [1_000]
        XCTAssertNil(source.attach(to: path))
        source.shortAnswers = true
        let short = error(path, pickerInterface, "Titles", [.int32(0), .int32(0), .int32(10)])
        XCTAssertEqual(short?.name, unavailable)
        XCTAssertEqual(short?.message.contains("it answered 255 rows to Titles(0, 0, 256); expected 256"), true, short?.message ?? "")
        source.shortAnswers = false
        source.title = { _, row in row == 300 ? String(repeating: "x", count: 100_000) : "ok" }
        let long = error(path, pickerInterface, "TitleForRow", [.int32(300), .int32(0)])
        XCTAssertEqual(long?.name, unavailable)
        XCTAssertEqual(long?.message.contains("the title of row 300 of component 0"), true, long?.message ?? "")
        _ = takeEvents()
        XCTAssertEqual(error(path, pickerInterface, "SelectRow", [.int32(300), .int32(0)])?.name, unavailable)
        XCTAssertEqual(takeEvents(), ["error DataSourceUnavailable"], "a selection whose model did not come emits nothing")
        XCTAssertEqual(try property(path, pickerInterface, "SelectedRows"), .array(element: .int32, [.int32(0)]))
        XCTAssertEqual(try titleStrings(path, 0, 0, 2), ["ok", "ok"], "good answers are served")
    }

    /// Attaching a data source, reading a page through it and detaching,
    /// over and over, holds no memory: after 200 rounds to warm up, 3,000
    /// more grow the daemon's resident size by less than 2 MiB.
    func testThousandsOfAttachesHoldNoMemory() throws {
        let path = try picker("p")
        let source = try TestDataSource(address: bus.address)
        defer { source.connection.close() }
        source.counts = [100_000]
        var round = 0
        func rounds(_ count: Int) throws {
            for _ in 0..<count {
                if let refusal = source.attach(to: path) {
                    return XCTFail("round \(round): \(refusal)")
                }
                XCTAssertEqual(try titleStrings(path, 0, Int32(round % 1_000) * 100, 1), ["c0 row \(round % 1_000 * 100)"], "round \(round)")
                _ = try source.connection.callAndWait(destination: busName, path: path, interface: pickerInterface, member: "DetachDataSource")
                source.asked = []
                round += 1
            }
        }
        try rounds(200)
        let pid = daemon.process.processIdentifier
        let before = residentKiB(of: pid)
        let started = Date()
        try rounds(3_000)
        let growth = residentKiB(of: pid) - before
        print("PickerDataSourceTests: 3,000 attach, read and detach rounds in \(String(format: "%.1f", Date().timeIntervalSince(started))) s grew the daemon's resident size by \(growth) KiB (peak \(peakResidentKiB(of: pid)) KiB)")
        XCTAssertLessThan(growth, 2 * 1_024, "an attachment leaves nothing behind once detached")
        XCTAssertEqual(try property(path, pickerInterface, "RowCounts"), .array(element: .int32, [.int32(3)]), "the bound items are back")
        XCTAssertEqual(try titleStrings(path, 0, 0, 5), ["a", "b", "c"])
    }

    func testACallKeepsTheCachedRowsItReadsWhileTheMissingOnesCome() throws {
        let path = try picker("p")
        let source = try TestDataSource(address: bus.address)
        defer { source.connection.close() }
        source.counts = [10]
        XCTAssertNil(source.attach(to: path, [("page", .int32(1)), ("cache_pages", .int32(1))]))
        XCTAssertEqual(try titleStrings(path, 0, 0, 1), ["c0 row 0"])
        XCTAssertEqual(try titleStrings(path, 0, 0, 3), ["c0 row 0", "c0 row 1", "c0 row 2"], "the cached row 0 is not lost to the rows fetched after it")
    }

    func testAReplyOfServedRowsEndsWhereTheFetchedOnesEnd() throws {
        let path = try picker("p")
        let source = try TestDataSource(address: bus.address)
        defer { source.connection.close() }
        source.counts = [65_536]
        source.title = { _, row in "\(row) " + String(repeating: "x", count: 1_000) }
        XCTAssertNil(source.attach(to: path))
        let first = try titleStrings(path, 0, 0, 65_536)
        XCTAssertGreaterThan(first.count, 0)
        XCTAssertLessThan(first.count, 65_536, "the reply is clipped by bytes")
        XCTAssertEqual(first, (0..<first.count).map { source.title(0, $0) }, "every title the reply gives is the served one")
        let next = try titleStrings(path, 0, Int32(first.count), 10)
        XCTAssertEqual(next, (first.count..<first.count + 10).map { source.title(0, $0) }, "the reader reads on from where the reply ended")
    }

    func testASilentDataSourceTimesOutAndTheCacheKeepsServing() throws {
        let path = try picker("p")
        let source = try TestDataSource(address: bus.address)
        defer { source.connection.close() }
        source.counts = [100_000]
        XCTAssertNil(source.attach(to: path, [("timeout", .int32(300)), ("page", .int32(100))]))
        XCTAssertEqual(try titleStrings(path, 0, 0, 3), ["c0 row 0", "c0 row 1", "c0 row 2"])
        source.withholds = true
        let started = Date()
        let silent = error(path, pickerInterface, "Titles", [.int32(0), .int32(5_000), .int32(3)])
        XCTAssertEqual(silent?.name, unavailable)
        XCTAssertEqual(silent?.message.contains("did not answer Titles(0, 5000, 100) within 300 ms"), true, silent?.message ?? "")
        XCTAssertLessThan(Date().timeIntervalSince(started), 20, "the timeout ended the wait")
        XCTAssertEqual(try titleStrings(path, 0, 97, 3), ["c0 row 97", "c0 row 98", "c0 row 99"], "cached rows are still served")
        XCTAssertEqual(try call(root, "org.freedesktop.DBus.Peer", "Ping"), [])
    }

    func testADataSourceThatLeavesMidCallIsDetached() throws {
        let path = try picker("p")
        let source = try TestDataSource(address: bus.address)
        source.counts = [1_000]
        XCTAssertNil(source.attach(to: path))
        source.withholds = true
        var outcome: Result<Message, DBusError>?
        let message = try Message.methodCall(destination: busName, path: path, interface: pickerInterface, member: "Titles")
        try message.append([.int32(0), .int32(500), .int32(5)])
        client.call(message, timeoutMilliseconds: 20_000) { outcome = $0 }
        XCTAssertTrue(waitUntil(timeout: 10) { !source.waiting.isEmpty }, "the question reached the data source")
        source.connection.close()
        XCTAssertTrue(waitUntil(timeout: 10) { outcome != nil })
        guard case .failure(let error)? = outcome else { return XCTFail("the call failed: \(String(describing: outcome))") }
        XCTAssertEqual(error.name, unavailable)
        XCTAssertTrue(waitUntil(timeout: 10) { (try? self.property(path, pickerInterface, "RowCounts")) == .array(element: .int32, [.int32(3)]) }, "the bound items are back")
        XCTAssertTrue(daemon.log.contains("left the bus; the picker shows its bound items again"), daemon.log)
    }

    func testTwoClientsSeeOneConsistentPickerWhileTheDataSourceReloads() throws {
        let path = try picker("p")
        let source = try TestDataSource(address: bus.address)
        defer { source.connection.close() }
        source.counts = [3]
        source.title = { _, row in "old \(row)" }
        XCTAssertNil(source.attach(to: path))
        XCTAssertEqual(try titleStrings(path, 0, 0, 10), ["old 0", "old 1", "old 2"])
        let revision = try property(path, pickerInterface, "Revision")
        source.counts = [5]
        source.title = { _, row in "new \(row)" }
        let other = try Connection(bus: .address(bus.address))
        defer { other.close() }
        var reloaded: Result<Message, DBusError>?
        var read: Result<Message, DBusError>?
        let reload = try Message.methodCall(destination: busName, path: path, interface: pickerInterface, member: "ReloadAllComponents")
        let titles = try Message.methodCall(destination: busName, path: path, interface: pickerInterface, member: "Titles")
        try titles.append([.int32(0), .int32(0), .int32(10)])
        source.connection.call(reload, timeoutMilliseconds: 20_000) { reloaded = $0 }
        other.call(titles, timeoutMilliseconds: 20_000) { read = $0 }
        XCTAssertTrue(waitUntil(timeout: 10) { reloaded != nil && read != nil })
        XCTAssertNoThrow(try reloaded?.get())
        let values = try XCTUnwrap(try read?.get().arguments())
        let shown = (values.first?.arrayElements ?? []).compactMap(\.stringValue)
        // Whichever came first, the titles belong to the Revision they came with.
        if values.last == revision {
            XCTAssertEqual(shown, ["old 0", "old 1", "old 2"])
        } else {
            XCTAssertEqual(shown, (0..<5).map { "new \($0)" })
        }
        XCTAssertEqual(try titleStrings(path, 0, 0, 10), (0..<5).map { "new \($0)" }, "the reload dropped the cache")
    }

    func testASlowDataSourceDelaysNoOtherWidget() throws {
        let path = try picker("slow")
        let fast = try picker("fast")
        let script = """
        import sys, time, dbus, dbus.service
        from dbus.mainloop.glib import DBusGMainLoop
        from gi.repository import GLib
        DBusGMainLoop(set_as_default=True)
        bus = dbus.bus.BusConnection(sys.argv[1])
        class Rows(dbus.service.Object):
            @dbus.service.method("\(PickerDataSourceContract.name)", in_signature="", out_signature="ai")
            def RowCounts(self):
                return dbus.Array([1000000], signature="i")
            @dbus.service.method("\(PickerDataSourceContract.name)", in_signature="iii", out_signature="as")
            def Titles(self, component, first, count):
                time.sleep(10)
                return dbus.Array(["slow"] * count, signature="s")
        Rows(bus, "/slow/rows")
        loop = GLib.MainLoop()
        def attached(*args):
            print("attached", flush=True)
        def failed(error):
            print("failed", error, flush=True)
            loop.quit()
        bus.call_async("\(busName)", "\(path)", "\(pickerInterface)", "AttachDataSource", "oa{sv}", ("/slow/rows", {"timeout": dbus.Int32(15000, variant_level=1)}), attached, failed)
        GLib.timeout_add(20000, loop.quit)
        loop.run()
        """
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        python.arguments = ["-c", script, bus.address]
        let output = Pipe()
        python.standardOutput = output
        try python.run()
        defer {
            python.terminate()
            python.waitUntilExit()
        }
        XCTAssertTrue(waitUntil(timeout: 10) { (try? self.property(path, pickerInterface, "RowCounts")) == .array(element: .int32, [.int32(1_000_000)]) }, "the python data source attached")
        var slowAnswer: Result<Message, DBusError>?
        let slowRead = try Message.methodCall(destination: busName, path: path, interface: pickerInterface, member: "Titles")
        try slowRead.append([.int32(0), .int32(0), .int32(10)])
        let reader = try Connection(bus: .address(bus.address))
        defer { reader.close() }
        reader.call(slowRead, timeoutMilliseconds: 30_000) { slowAnswer = $0 }
        MainLoop.shared.run(while: { true }, timeout: .milliseconds(200))
        let started = Date()
        try call(fast, pickerInterface, "SelectRow", [.int32(1), .int32(0)])
        let elapsed = Date().timeIntervalSince(started)
        print("SelectRow on another picker while a data source sleeps 10 s: \(String(format: "%.1f", elapsed * 1_000)) ms")
        XCTAssertNil(slowAnswer, "the slow data source has not answered yet")
        XCTAssertLessThan(elapsed, 5, "another widget's call did not wait for the slow data source")
        XCTAssertTrue(waitUntil(timeout: 20) { slowAnswer != nil })
        XCTAssertEqual(try slowAnswer?.get().arguments().first, .array(element: .string, Array(repeating: .string("slow"), count: 10)))
    }

    /// The daemon does not hold a served picker's rows: it does not search
    /// them, and a filter set before drops when a source is attached;
    /// `Matches` still reads every row, through the source.
    func testAServedPickerIsNotSearchedAndMatchesReadsThroughTheSource() throws {
        let path = try picker("p", items: [["apple", "banana"]])
        XCTAssertNil(error(path, pickerInterface, "SetFilter", [.string("an"), options([])]))
        let source = try TestDataSource(address: bus.address)
        source.counts = [3]
        XCTAssertNil(source.attach(to: path))
        XCTAssertEqual(try property(path, pickerInterface, "Filter"), .string(""), "attaching dropped the filter")
        XCTAssertEqual(try property(path, pickerInterface, "MatchCounts"), .array(element: .int32, [.int32(3)]))
        let refused = error(path, pickerInterface, "SetFilter", [.string("row"), options([])])
        XCTAssertEqual(refused?.name, "org.freedesktop.DBus.Error.NotSupported")
        XCTAssertTrue(refused?.message.contains("DetachDataSource") == true, refused?.message ?? "")
        var matches: [DBusValue] = []
        let request = try Message.methodCall(destination: busName, path: path, interface: pickerInterface, member: "Matches")
        try request.append([.int32(0), .int32(0), .int32(3)])
        _ = client.call(request) { reply in matches = ((try? reply.get().arguments()) ?? []).first?.arrayElements ?? [.string("failed")] }
        MainLoop.shared.run(while: { matches.isEmpty }, timeout: .seconds(10))
        XCTAssertEqual(matches.map { value -> String in
            guard case .structure(let fields) = value else { return "?" }
            return fields[1].stringValue ?? "?"
        }, ["c0 row 0", "c0 row 1", "c0 row 2"])
    }
}
