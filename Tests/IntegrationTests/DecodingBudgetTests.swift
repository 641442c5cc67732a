import BusTestSupport
import DBus
import Foundation
import XCTest

/// A call is read under a memory budget: what the called widget holds and
/// may still grow by, and API rule 8's 64 MiB. A body whose values would
/// pass it is refused as soon as they would, not after it has been read
/// whole: a 64 MiB byte array (each byte a value once read) took 1.6 GiB
/// before it was refused, 16.77 million empty components 586 MiB. The
/// daemon runs with a 64 MiB memory budget under a 1 GiB address space.
final class DecodingBudgetTests: DaemonTestCase {
    override var daemonArguments: [String] { ["--max-memory", "\(64 << 20)"] }
    override var daemonAddressSpaceLimit: Int? { 1 << 30 }

    /// The budget of a call on a widget that holds next to nothing.
    private let budget = (64 << 20) + (64 << 20)

    private func python(_ script: String) throws -> [String] {
        let preamble = """
        import dbus
        bus = dbus.bus.BusConnection("\(bus.address)")
        def attempt(path, interface, member, signature, *arguments):
            proxy = bus.get_object("\(busName)", path, introspect=False)
            try:
                proxy.get_dbus_method(member, interface)(*arguments, signature=signature, timeout=120)
                return "reply"
            except dbus.exceptions.DBusException as error:
                return error.get_dbus_name() + " " + error.get_dbus_message()[:300]

        """
        let result = try runCommand("/usr/bin/python3", ["-c", preamble + script], timeout: .seconds(300))
        return result.output.split(separator: "\n").map(String.init)
    }

    /// Refused at `location…` for the budget; the daemon's peak grew by at
    /// most the budget twice over (an array being read doubles its
    /// storage as it grows) and the message in flight.
    private func assertRefusedWithinTheBudget(_ lines: [String], at location: String, grown: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(lines.count, 1, "log:\n\(daemon.log.suffix(2_000))", file: file, line: line)
        XCTAssertEqual(lines.first?.hasPrefix("\(errorPrefix)LimitExceeded \(location)"), true, "\(lines)", file: file, line: line)
        XCTAssertEqual(lines.first?.hasSuffix(": reading the values up to here would take more than \(budget) bytes of memory, all that may be spent on reading one message here; the rest was not read"), true,
                       "\(lines)", file: file, line: line)
        XCTAssertLessThan(grown, (2 * budget + (64 << 20)) >> 10, "reading stopped at the budget", file: file, line: line)
        XCTAssertNoThrow(try client.callAndWait(destination: busName, path: root, interface: "org.freedesktop.DBus.Peer", member: "Ping"), file: file, line: line)
    }

    func testAByteArrayModelPastTheBudgetStopsBeingRead() throws {
        try call(root, managerInterface, "CreateTable", [.string("t"), options([])])
        let before = peakResidentKiB(of: daemon.process.processIdentifier)
        let lines = try python("""
        model = dbus.ByteArray(b"\\0" * 60_000_000)
        print(attempt("\(root)/table/t", "\(tableInterface)", "SetItems", "av", dbus.Array([dbus.ByteArray(model, variant_level=1)], signature="v")))
        """)
        let grown = peakResidentKiB(of: daemon.process.processIdentifier) - before
        print("DecodingBudgetTests: a 60 MB byte-array model grew the daemon's peak \(grown) KiB")
        assertRefusedWithinTheBudget(lines, at: "models[0][", grown: grown)
        XCTAssertEqual(error("\(root)/table/t", tableInterface, "Model", [.int32(0), .int32(0)])?.name, errorPrefix + "ItemsNotBound", "nothing was bound")
    }

    func testMillionsOfEmptyComponentsStopBeingRead() throws {
        try call(root, managerInterface, "CreatePicker", [.string("p"), options([])])
        let before = peakResidentKiB(of: daemon.process.processIdentifier)
        let lines = try python("""
        print(attempt("\(root)/picker/p", "\(pickerInterface)", "SetItems", "aas", dbus.Array([dbus.Array([], signature="s")] * 8_000_000, signature="as")))
        """)
        let grown = peakResidentKiB(of: daemon.process.processIdentifier) - before
        print("DecodingBudgetTests: 8,000,000 empty components grew the daemon's peak \(grown) KiB")
        assertRefusedWithinTheBudget(lines, at: "items[", grown: grown)
    }
}
