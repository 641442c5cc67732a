import BusTestSupport
import DBus
import Foundation
import RxCoreEssentials
import RxWidgetsClient
import WidgetsAPI
import XCTest

/// A client as a table's forward delegate (`AttachDelegate`): the daemon
/// asks it before a user's delete, move or select, and its no ends the
/// gesture as documented.
final class TableDelegateTests: DaemonTestCase {
    private func editableTable(_ name: String, client owner: WidgetsClient) throws -> RemoteTable {
        let table = try owner.createTable(name, items: ["a", "b", "c", "d", "e"])
        try call(table.path.rawValue, "org.freedesktop.DBus.Properties", "Set", [.string(tableInterface), .string("Editable"), .variant(.boolean(true))])
        return table
    }

    func testADelegateRefusesTheDeleteOfRowTwoOnly() throws {
        let owner = try WidgetsClient(address: bus.address)
        let table = try editableTable("t", client: owner)
        let path = table.path.rawValue
        var asked: [IndexPath] = []
        let serving = try owner.serveTableDelegate(on: table, canEditRow: { row in
            asked.append(row)
            return row.row != 2
        })
        defer { serving.dispose() }
        let revision = try property(path, tableInterface, "Revision")
        _ = takeEvents()
        XCTAssertEqual(error(path, tableInterface, "DeleteRow", [.int32(0), .int32(2)]),
                       DBusError(name: errorPrefix + "NotEditable", message: "DeleteRow: the delegate /org/rxwidgets/Client/tabledelegate/rows_1 of \(owner.connection.uniqueName) says row 2 of section 0 of table 't' may not be edited"))
        XCTAssertEqual(takeEvents(), ["error NotEditable"], "a refused delete emits nothing")
        XCTAssertEqual(try property(path, tableInterface, "Revision"), revision)
        try call(path, tableInterface, "DeleteRow", [.int32(0), .int32(1)])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Table MatchCounts,RowCounts,Revision", "ItemDeleted(0, 1)", "ModelDeleted(<'b'>)", "ItemsChanged([(0, 1)], [], [], [])", "reply"])
        XCTAssertEqual(asked, [IndexPath(row: 2, section: 0), IndexPath(row: 1, section: 0)])
        try call(path, tableInterface, "MoveRow", [.int32(0), .int32(0), .int32(0), .int32(1)])
        XCTAssertEqual(takeEvents().filter { $0.hasPrefix("ItemMoved") }, ["ItemMoved(0, 0, 0, 1)"], "a question it does not serve is UIKit's default")
        serving.dispose()
        XCTAssertEqual(error(path, tableInterface, "DetachDelegate")?.name, DBusError.Name.notSupported, "disposing detached it")
    }

    func testADelegateThatSaysNoToASelectionSelectsNothingAndEmitsNothing() throws {
        let owner = try WidgetsClient(address: bus.address)
        let table = try editableTable("t", client: owner)
        let path = table.path.rawValue
        let serving = try owner.serveTableDelegate(on: table, shouldSelectRow: { $0.row % 2 == 1 })
        defer { serving.dispose() }
        _ = takeEvents()
        try call(path, tableInterface, "SelectRow", [.int32(0), .int32(0)])
        XCTAssertEqual(takeEvents(), ["reply"])
        XCTAssertEqual(try property(path, tableInterface, "SelectedIndexPaths"), .array(element: .structure([.int32, .int32]), []))
        try call(path, tableInterface, "SelectRow", [.int32(0), .int32(1)])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Table SelectedIndexPaths,Revision", "ItemSelected(0, 1)", "ModelSelected(<'b'>)", "reply"])
    }

    func testASilentDelegateTimesOutAndOneThatLeavesIsDetached() throws {
        let owner = try WidgetsClient(address: bus.address)
        let table = try editableTable("t", client: owner)
        let path = table.path.rawValue
        let delegate = try Connection(bus: .address(bus.address))
        let server = ObjectServer(connection: delegate)
        final class Holder {
            var waiting: [(Result<Bool, Error>) -> Void] = []
        }
        let holder = Holder()
        try server.export(ObjectPath("/silent")!, interfaces: [InterfaceDeclaration<Holder>(TableDelegateContract.name, methods: [
            TableDelegateContract.canEditRow.serveLater { holder, _, _, reply in holder.waiting.append(reply) },
        ]).bind(to: holder)])
        // Attached from the delegate's connection: it is the caller's object.
        _ = try delegate.callAndWait(destination: busName, path: path, interface: tableInterface, member: "AttachDelegate",
                                     [.objectPath(ObjectPath("/silent")!), options([("timeout", .int32(300))])])
        let silent = error(path, tableInterface, "DeleteRow", [.int32(0), .int32(0)])
        XCTAssertEqual(silent?.name, WidgetsErrorName.dataSourceUnavailable)
        XCTAssertEqual(silent?.message.contains("did not answer CanEditRow(0, 0) within 300 ms"), true, silent?.message ?? "")
        XCTAssertEqual(try property(path, tableInterface, "RowCounts"), .array(element: .int32, [.int32(5)]), "nothing was deleted")
        var outcome: Result<Message, DBusError>?
        let deleting = try Message.methodCall(destination: busName, path: path, interface: tableInterface, member: "DeleteRow")
        try deleting.append([.int32(0), .int32(0)])
        _ = try delegate.callAndWait(destination: busName, path: path, interface: tableInterface, member: "AttachDelegate", [.objectPath(ObjectPath("/silent")!), options([])])
        client.call(deleting, timeoutMilliseconds: 20_000) { outcome = $0 }
        XCTAssertTrue(waitUntil(timeout: 10) { holder.waiting.count >= 2 }, "the second question reached the delegate")
        delegate.close()
        XCTAssertTrue(waitUntil(timeout: 10) { outcome != nil })
        guard case .failure(let failure)? = outcome else { return XCTFail("the delete waiting for a departed delegate fails: \(String(describing: outcome))") }
        XCTAssertEqual(failure.name, WidgetsErrorName.dataSourceUnavailable)
        XCTAssertTrue(waitUntil(timeout: 10) { self.daemon.log.contains("left the bus; the table's own rules decide again") }, daemon.log)
        try call(path, tableInterface, "DeleteRow", [.int32(0), .int32(0)])
        XCTAssertEqual(try property(path, tableInterface, "RowCounts"), .array(element: .int32, [.int32(4)]), "without the delegate the table's own rules decide")
    }

    func testAnotherUIDMayNotAttachADelegate() throws {
        guard getuid() == 0 else { throw XCTSkip("switching to another uid needs root") }
        let owner = try WidgetsClient(address: bus.address)
        let table = try editableTable("mine", client: owner)
        let attach = try runCommand("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/gdbus", "call", "--address", bus.address,
                                                         "--dest", busName, "--object-path", table.path.rawValue, "--method", "\(tableInterface).AttachDelegate", "/x", "{}"],
                                    environment: ["HOME": "/tmp"])
        XCTAssertTrue(attach.error.contains("AccessDenied: table 'mine' belongs to uid 0; uid 65534 may only read it"), attach.error)
        try call(table.path.rawValue, tableInterface, "DeleteRow", [.int32(0), .int32(0)])
    }
}
