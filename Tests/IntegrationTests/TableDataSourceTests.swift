import BusTestSupport
import DBus
import Foundation
import Glibc
import RxCoreEssentials
import RxWidgetsClient
import WidgetsAPI
import XCTest

/// A client as a table's data source (`Table.AttachDataSource`): cells and
/// models are asked for as calls need them; binding and editing are the
/// client's while it serves; wrong answers fail only the calls that need them.
final class TableDataSourceTests: DaemonTestCase {
    private let unavailable = WidgetsErrorName.dataSourceUnavailable
    private let indexPathType = DBusType.structure([.int32, .int32])

    /// A data source on a connection of its own whose answers the test decides.
    private final class TestDataSource {
        let connection: Connection
        let server: ObjectServer
        let path = ObjectPath("/test/table")!
        var counts: [Int32] = [5]
        var cell: (Int, Int) -> String = { section, row in "s\(section) row \(row)" }
        var model: (Int, Int) -> DBusValue = { section, row in .int32(Int32(section * 1_000 + row)) }
        /// Models answered with one model too many.
        var longAnswers = false
        var asked: [String] = []

        init(address: String) throws {
            connection = try Connection(bus: .address(address))
            server = ObjectServer(connection: connection)
            let rowCounts = TableDataSourceContract.rowCounts.serve { (source: TestDataSource, _, _) in
                source.asked.append("RowCounts")
                return source.counts
            }
            let cells = TableDataSourceContract.cells.serve { (source: TestDataSource, arguments, _) in
                let (section, first, count) = arguments
                source.asked.append("Cells(\(section), \(first), \(count))")
                return (Int(first)..<Int(first) + Int(count)).map { DBusStruct("cell", source.cell(Int(section), $0)) }
            }
            let models = TableDataSourceContract.models.serve { (source: TestDataSource, arguments, _) in
                let (section, first, count) = arguments
                source.asked.append("Models(\(section), \(first), \(count))")
                let rows = Int(first)..<Int(first) + Int(count) + (source.longAnswers ? 1 : 0)
                return Raw(unchecked: .array(element: .variant, rows.map { .variant(source.model(Int(section), $0)) }))
            }
            try server.export(path, interfaces: [InterfaceDeclaration<TestDataSource>(TableDataSourceContract.name, methods: [rowCounts, cells, models]).bind(to: self)])
        }

        /// Attaches this source to `table`; the error the call fails with, if any.
        @discardableResult
        func attach(to table: String, _ options: [(String, DBusValue)] = []) -> DBusError? {
            let given = DBusValue.dictionary(key: .string, value: .variant, options.map { (.string($0.0), .variant($0.1)) })
            do {
                _ = try connection.callAndWait(destination: busName, path: table, interface: tableInterface, member: "AttachDataSource", [.objectPath(path), given])
                return nil
            } catch {
                return error as? DBusError
            }
        }
    }

    private func table(_ name: String, items: [String] = ["a", "b", "c"]) throws -> String {
        try call(root, managerInterface, "CreateTable", [.string(name), options([("items", .array(element: .string, items.map(DBusValue.string)))])])
        return "\(root)/table/\(name)"
    }

    private func cellTexts(_ path: String, _ section: Int32, _ first: Int32, _ count: Int32) throws -> [String] {
        let reply = try call(path, tableInterface, "Cells", [.int32(section), .int32(first), .int32(count)])
        return (reply.first?.arrayElements ?? []).compactMap { cell in
            guard case .structure(let fields) = cell, fields.count == 2 else { return nil }
            return fields[1].stringValue
        }
    }

    func testAMillionRowTableIsServedByAClientPageByPage() throws {
        let owner = try WidgetsClient(address: bus.address)
        let table = try owner.createTable("big")
        let path = table.path.rawValue
        var asked: [String] = []
        let serving = try owner.serveTableDataSource(on: table, rowCounts: { [1_000_000, 3] }, cells: { section, rows in
            asked.append("cells \(section) \(rows)")
            return rows.map { ("row", "\(section).\($0)") }
        }, models: { section, rows in
            asked.append("models \(section) \(rows)")
            return rows.map { .structure([.int32(Int32(section)), .string("model \($0)")]) }
        })
        defer { serving.dispose() }
        XCTAssertEqual(try property(path, tableInterface, "RowCounts"), .array(element: .int32, [.int32(1_000_000), .int32(3)]))
        XCTAssertEqual(try cellTexts(path, 0, 0, 50), (0..<50).map { "0.\($0)" })
        XCTAssertEqual(try call(path, tableInterface, "CellForRow", [.int32(1), .int32(2)]), [.string("row"), .string("1.2")])
        XCTAssertEqual(asked, ["cells 0 0..<256", "cells 1 0..<3"], "a page at a time, cells only")
        XCTAssertEqual(try call(path, tableInterface, "Headers"), [.array(element: .string, [.string(""), .string("")])], "served sections have no header")
        _ = takeEvents()
        try call(path, tableInterface, "SelectRow", [.int32(0), .int32(999_999)])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Table SelectedIndexPaths,Revision", "ItemSelected(0, 999999)", "ModelSelected(<(0, 'model 999999')>)", "reply"],
                       "state first, then the events, then the reply")
        try call(path, tableInterface, "SelectRow", [.int32(1), .int32(0)])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Table SelectedIndexPaths,Revision", "ItemDeselected(0, 999999)", "ModelDeselected(<(0, 'model 999999')>)",
                                      "ItemSelected(1, 0)", "ModelSelected(<(1, 'model 0')>)", "reply"], "the row it deselects has its model too")
        XCTAssertEqual(try call(path, tableInterface, "Model", [.int32(0), .int32(999_998)]), [.variant(.structure([.int32(0), .string("model 999998")]))])
        XCTAssertEqual(asked.filter { $0.hasPrefix("models") }, ["models 0 999936..<1000000", "models 1 0..<3"])
        XCTAssertEqual(try cellTexts(path, 0, 999_998, 50), ["0.999998", "0.999999"], "clipped at the end")
    }

    func testTheTerminalFrontEndPagesThroughAServedTable() throws {
        let owner = try WidgetsClient(address: bus.address)
        let table = try owner.createTable("served")
        var asked = 0
        let serving = try owner.serveTableDataSource(on: table, rowCounts: { [1_000_000] }, cells: { _, rows in
            asked += rows.count
            return rows.map { ("row", "row \($0)") }
        }, models: { _, rows in rows.map { .string("model \($0)") } })
        defer { serving.dispose() }
        let terminal = try TerminalSession(["attach", table.path.rawValue], address: bus.address, columns: 80, rows: 24)
        XCTAssertTrue(terminal.waitForScreen("row 0", timeout: 30), terminal.screen)
        terminal.send("End")
        XCTAssertTrue(terminal.waitForScreen("row 999999", timeout: 30), terminal.screen)
        terminal.send("PPage")
        XCTAssertTrue(waitUntil(timeout: 30) { !terminal.screen.contains("row 999999") }, terminal.screen)
        terminal.send("q")
        XCTAssertEqual(terminal.exitStatus(timeout: 30), 0, terminal.error)
        XCTAssertLessThan(asked, 100_000, "only the rows shown were asked for")
    }

    func testBindingAndEditingAreTheClientsWhileItServesAndDetachingRestores() throws {
        let path = try table("t")
        try call(path, "org.freedesktop.DBus.Properties", "Set", [.string(tableInterface), .string("Editable"), .variant(.boolean(true))])
        try call(path, tableInterface, "SelectRow", [.int32(0), .int32(2)])
        let source = try TestDataSource(address: bus.address)
        defer { source.connection.close() }
        XCTAssertEqual(source.attach(to: path, [("cache_pages", .int32(0))])?.message, "options 'cache_pages' 0 is out of range; expected 1 to 1024")
        XCTAssertEqual(error(path, tableInterface, "DetachDataSource")?.message, "table 't' has no data source attached")
        _ = takeEvents()
        XCTAssertNil(source.attach(to: path))
        XCTAssertEqual(try call(root, "org.freedesktop.DBus.Peer", "Ping"), [], "a round trip after the attaching client's")
        XCTAssertEqual(takeEvents().filter { !$0.hasPrefix("PropertiesChanged") }, ["Reloaded()", "reply"])
        XCTAssertEqual(try property(path, tableInterface, "SelectedIndexPaths"), .array(element: indexPathType, []), "a new data source clears the selection")
        XCTAssertEqual(try cellTexts(path, 0, 0, 10), (0..<5).map { "s0 row \($0)" })
        for (member, arguments) in [("SetItems", [DBusValue.array(element: .variant, [.variant(.string("x"))])]), ("AppendItems", [.int32(0), .array(element: .variant, [])]),
                                    ("DeleteRow", [.int32(0), .int32(1)]), ("MoveRow", [.int32(0), .int32(0), .int32(0), .int32(1)])] {
            let refusal = error(path, tableInterface, member, arguments)
            XCTAssertEqual(refusal?.name, DBusError.Name.notSupported, member)
            XCTAssertEqual(refusal?.message.contains("which owns its rows; \(member) changes rows, so change them there and call ReloadData"), true, refusal?.message ?? "")
        }
        try call(path, tableInterface, "SelectRow", [.int32(0), .int32(1)])
        source.counts = [2, 4]
        source.cell = { section, row in "new \(section).\(row)" }
        _ = takeEvents()
        try call(path, tableInterface, "ReloadData")
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Table MatchCounts,NumberOfSections,RowCounts,SelectedIndexPaths,Revision", "Reloaded()", "reply"])
        XCTAssertEqual(try cellTexts(path, 1, 0, 10), (0..<4).map { "new 1.\($0)" }, "the reload dropped the cache")
        _ = takeEvents()
        try call(path, tableInterface, "DetachDataSource")
        XCTAssertEqual(takeEvents().filter { !$0.hasPrefix("PropertiesChanged") }, ["Reloaded()", "reply"])
        XCTAssertEqual(try property(path, tableInterface, "RowCounts"), .array(element: .int32, [.int32(3)]))
        XCTAssertEqual(try property(path, tableInterface, "SelectedIndexPaths"), .array(element: indexPathType, [.structure([.int32(0), .int32(2)])]), "with their selection")
        XCTAssertEqual(try cellTexts(path, 0, 0, 5), ["a", "b", "c"])
        try call(path, tableInterface, "DeleteRow", [.int32(0), .int32(0)])
        XCTAssertEqual(try cellTexts(path, 0, 0, 5), ["b", "c"], "the bound rows are the daemon's again")
        XCTAssertEqual(try call(path, tableInterface, "ReloadData"), [], "a bound table's reload changes nothing")
    }

    func testWrongAnswersFailTheCallAndChangeNothing() throws {
        let path = try table("t")
        let source = try TestDataSource(address: bus.address)
        defer { source.connection.close() }
        source.counts = Array(repeating: 1, count: 65)
        XCTAssertEqual(source.attach(to: path)?.message.contains("it answered 65 sections; the limit is 64"), true)
        XCTAssertEqual(try property(path, tableInterface, "Revision"), .uint64(1), "a refused attachment changes nothing")
        source.counts = [600]
        XCTAssertNil(source.attach(to: path))
        source.longAnswers = true
        XCTAssertEqual(try call(root, "org.freedesktop.DBus.Peer", "Ping"), [])
        _ = takeEvents()
        let long = error(path, tableInterface, "SelectRow", [.int32(0), .int32(3)])
        XCTAssertEqual(long?.name, unavailable)
        XCTAssertEqual(long?.message.contains("it answered 257 rows to Models(0, 0, 256); expected 256"), true, long?.message ?? "")
        XCTAssertEqual(takeEvents(), ["error DataSourceUnavailable"], "a selection whose model did not come emits nothing")
        XCTAssertEqual(try property(path, tableInterface, "SelectedIndexPaths"), .array(element: indexPathType, []))
        source.longAnswers = false
        source.cell = { _, row in row == 300 ? String(repeating: "x", count: 100_000) : "ok" }
        let huge = error(path, tableInterface, "CellForRow", [.int32(0), .int32(300)])
        XCTAssertEqual(huge?.name, unavailable)
        XCTAssertEqual(huge?.message.contains("the cell text of row 300 of section 0 has 100000 characters"), true, huge?.message ?? "")
        let descriptor = open("/dev/null", O_RDONLY)
        defer { close(descriptor) }
        source.model = { _, row in row == 400 ? .structure([.string("fd"), .unixFD(descriptor)]) : .string("fine") }
        let handle = error(path, tableInterface, "Model", [.int32(0), .int32(400)])
        XCTAssertEqual(handle?.name, unavailable)
        XCTAssertEqual(handle?.message.contains("a Unix file descriptor (h) inside a variant"), true, handle?.message ?? "")
        XCTAssertEqual(try call(path, tableInterface, "Model", [.int32(0), .int32(1)]), [.variant(.string("fine"))], "good answers are served")
        XCTAssertEqual(try call(root, "org.freedesktop.DBus.Peer", "Ping"), [])
    }

    func testTheModelOfTheRowASelectionDeselectsIsKeptWhileTheNewOneComes() throws {
        let path = try table("t")
        let source = try TestDataSource(address: bus.address)
        defer { source.connection.close() }
        XCTAssertNil(source.attach(to: path, [("page", .int32(1)), ("cache_pages", .int32(1))]))
        try call(path, tableInterface, "SelectRow", [.int32(0), .int32(0)])
        _ = takeEvents()
        try call(path, tableInterface, "SelectRow", [.int32(0), .int32(1)])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Table SelectedIndexPaths,Revision", "ItemDeselected(0, 0)", "ModelDeselected(<0>)", "ItemSelected(0, 1)", "ModelSelected(<1>)", "reply"])
    }

    func testADataSourceThatLeavesIsDetachedAndAServedTableIsKeptDetached() throws {
        let path = try table("t")
        let source = try TestDataSource(address: bus.address)
        source.counts = [1_000]
        XCTAssertNil(source.attach(to: path))
        XCTAssertEqual(try cellTexts(path, 0, 999, 1), ["s0 row 999"])
        source.connection.close()
        XCTAssertTrue(waitUntil(timeout: 10) { (try? self.property(path, tableInterface, "RowCounts")) == .array(element: .int32, [.int32(3)]) }, "the bound rows are back")
        XCTAssertTrue(daemon.log.contains("left the bus; the table shows its bound sections again"), daemon.log)
        XCTAssertEqual(try cellTexts(path, 0, 0, 5), ["a", "b", "c"])
    }

    func testAnotherUIDMayNotAttachADataSource() throws {
        guard getuid() == 0 else { throw XCTSkip("switching to another uid needs root") }
        let path = try table("mine")
        let attach = try runCommand("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/gdbus", "call", "--address", bus.address,
                                                         "--dest", busName, "--object-path", path, "--method", "\(tableInterface).AttachDataSource", "/x", "{}"],
                                    environment: ["HOME": "/tmp"])
        XCTAssertTrue(attach.error.contains("AccessDenied: table 'mine' belongs to uid 0; uid 65534 may only read it"), attach.error)
        XCTAssertEqual(try property(path, tableInterface, "Revision"), .uint64(1))
    }
}
