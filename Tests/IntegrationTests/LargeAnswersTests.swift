import BusTestSupport
import DBus
import Foundation
import Glibc
import RxCoreEssentials
import WidgetsAPI
import XCTest

/// A client's large answer is read off the daemon's loop: a data source's
/// valid 61 MB page of titles was checked whole on the loop (libdbus's
/// check, then every value read), holding every other client 350–555 ms.
/// The daemon's main thread now spends on it only what handing it over
/// costs; the reading is the reply reader's.
final class LargeAnswersTests: DaemonTestCase {
    private final class Pages {
        let title = String(repeating: "t", count: 15_000)
        /// The rows each `Titles` question asked for.
        var asked: [Int32] = []
    }

    /// Serves `rows` titles of 15,000 characters at `path`, counting the questions.
    private func servePages(rows: Int32, at path: String, on connection: Connection) throws -> Pages {
        let server = ObjectServer(connection: connection)
        let rowCounts = PickerDataSourceContract.rowCounts.serve { (_: Pages, _, _) in [rows] }
        let titles = PickerDataSourceContract.titles.serve { (pages: Pages, arguments, _) in
            pages.asked.append(arguments.2)
            return Array(repeating: pages.title, count: Int(arguments.2))
        }
        let pages = Pages()
        try server.export(ObjectPath(path)!, interfaces: [InterfaceDeclaration<Pages>(PickerDataSourceContract.name, methods: [rowCounts, titles]).bind(to: pages)])
        servers.append(server)
        return pages
    }

    private var servers: [ObjectServer] = []

    func testALargePageIsReadOffTheLoop() throws {
        let connection = try Connection(bus: .address(bus.address))
        defer { connection.close() }
        let pages = try servePages(rows: 4_096, at: "/test/pages", on: connection)
        let object = ObjectPath("/test/pages")!
        try call(root, managerInterface, "CreatePicker", [.string("large"), options([])])
        _ = try connection.callAndWait(destination: busName, path: "\(root)/picker/large", interface: pickerInterface, member: "AttachDataSource",
                                       [.objectPath(object), options([("page", .int32(4_096)), ("timeout", .int32(60_000))])])
        let before = mainThreadMilliseconds(of: daemon.process.processIdentifier)
        let total = cpuMilliseconds(of: daemon.process.processIdentifier)
        let reply = try client.callAndWait(destination: busName, path: "\(root)/picker/large", interface: pickerInterface, member: "TitleForRow",
                                           [.int32(4_095), .int32(0)], timeoutMilliseconds: 60_000)
        let onLoop = mainThreadMilliseconds(of: daemon.process.processIdentifier) - before
        let all = cpuMilliseconds(of: daemon.process.processIdentifier) - total
        print("LargeAnswersTests: a 61 MB page cost the daemon \(all) ms of CPU, \(onLoop) ms of it on its main thread")
        XCTAssertEqual(reply, [.string(pages.title)])
        // Read on the loop it took 270 ms of the main thread, all of the daemon's
        // CPU for it; off the loop, the main thread only cuts it from the
        // socket and checks its titles' lengths (~50 ms).
        XCTAssertLessThan(onLoop, 150, "the page is read off the loop (\(all) ms in all)")
    }

    /// A page larger than the cache was let go of as soon as it was read, so
    /// every `TitleForRow` asked the source for the whole page again (15 MB
    /// each time). The pages become small enough for the cache to hold.
    func testAPageLargerThanTheCacheIsNotAskedForAgain() throws {
        let connection = try Connection(bus: .address(bus.address))
        defer { connection.close() }
        let pages = try servePages(rows: 4_096, at: "/test/oversized", on: connection)
        try call(root, managerInterface, "CreatePicker", [.string("oversized"), options([])])
        _ = try connection.callAndWait(destination: busName, path: "\(root)/picker/oversized", interface: pickerInterface, member: "AttachDataSource",
                                       [.objectPath(ObjectPath("/test/oversized")!), options([("page", .int32(1_024)), ("timeout", .int32(60_000))])])
        for row: Int32 in [10, 10, 11, 12, 10, 13] {
            let reply = try client.callAndWait(destination: busName, path: "\(root)/picker/oversized", interface: pickerInterface, member: "TitleForRow",
                                               [.int32(row), .int32(0)], timeoutMilliseconds: 60_000)
            XCTAssertEqual(reply, [.string(pages.title)])
        }
        // The first question asks for the 1,024-row page (15 MB); the next
        // for a page the cache can hold; the rest are answered from it.
        XCTAssertEqual(pages.asked.count, 2, "rows asked for: \(pages.asked)")
        XCTAssertEqual(pages.asked.first, 1_024)
        XCTAssertLessThanOrEqual(pages.asked.last ?? .max, 69)
    }
}
