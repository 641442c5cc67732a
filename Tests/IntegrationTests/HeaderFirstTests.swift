import BusTestSupport
import DBus
import Foundation
import Glibc
import RxCoreEssentials
import WidgetsAPI
import XCTest

/// A call is judged by its header before its body is read: a body that
/// came with a descriptor is not decoded on the loop, another uid's call
/// that would be refused anyway is refused before its body is read, and
/// calls held behind a call still running are bounded in bytes. The daemon
/// runs under an address-space limit, so an allocation that would once
/// have taken gigabytes fails the daemon (and the test), not the machine.
final class HeaderFirstTests: DaemonTestCase {
    /// Well above what the daemon needs to serve these attacks once they are
    /// judged by their headers (a body in flight, its copy), and well below
    /// what each took before: 2.9 GiB for a 60 MB body with a descriptor.
    private static let addressSpace = 1 << 30
    override var daemonAddressSpaceLimit: Int? { HeaderFirstTests.addressSpace }

    private let nobody = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]

    /// Runs a python3-dbus script (it can send descriptors and large byte
    /// arrays cheaply) with the bus's address and the daemon's names defined.
    private func python(_ script: String, as prefix: [String] = []) throws -> CommandResult {
        let preamble = """
        import dbus, os, sys
        bus = dbus.bus.BusConnection("\(bus.address)")
        NAME, ROOT = "\(busName)", "\(root)"
        def attempt(path, interface, member, signature, *arguments):
            proxy = bus.get_object(NAME, path, introspect=False)
            try:
                proxy.get_dbus_method(member, interface)(*arguments, signature=signature, timeout=120)
                return "reply"
            except dbus.exceptions.DBusException as error:
                return error.get_dbus_name() + " " + error.get_dbus_message()[:300]

        """
        let command = prefix + ["/usr/bin/python3", "-c", preamble + script]
        return try runCommand(command[0], Array(command.dropFirst()), timeout: .seconds(300))
    }

    private func assertAnswering(_ context: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNoThrow(try client.callAndWait(destination: busName, path: root, interface: "org.freedesktop.DBus.Peer", member: "Ping", timeoutMilliseconds: 10_000),
                         "the daemon answers after \(context); log:\n\(daemon.log.suffix(2_000))", file: file, line: line)
    }

    /// 1 descriptor + a 60 MB `ay`: its body was decoded on the loop
    /// (WireReader over all of it, then appended again through libdbus)
    /// before the method was even looked up — 11 s and 2.9 GiB. Kept as it
    /// came, its body is read only by a method that takes it.
    func testALargeBodyWithADescriptorIsNotDecodedBeforeItsMethodIsFound() throws {
        let before = peakResidentKiB(of: daemon.process.processIdentifier)
        let sent = try python("""
        r, w = os.pipe()
        body = dbus.ByteArray(b"\\0" * 60_000_000)
        print(attempt(ROOT, "org.rxwidgets.Widgets1.Manager", "NoSuchMethod", "ayh", body, dbus.types.UnixFd(r)))
        print(attempt(ROOT + "/picker/none", "org.rxwidgets.Widgets1.Picker", "LoadItems", "ayh", body, dbus.types.UnixFd(r)))
        print(attempt(ROOT, "org.rxwidgets.Widgets1.Manager", "CreatePicker", "ayh", body, dbus.types.UnixFd(r)))
        """)
        let lines = sent.output.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3, "every call is answered: \(sent.output) \(sent.error)\nlog:\n\(daemon.log.suffix(2_000))")
        XCTAssertEqual(lines.first?.hasPrefix("org.freedesktop.DBus.Error.UnknownMethod "), true, lines.first ?? "")
        XCTAssertEqual(lines.dropFirst().first?.hasPrefix("org.freedesktop.DBus.Error.UnknownObject "), true, lines.dropFirst().first ?? "")
        XCTAssertEqual(lines.last, "org.freedesktop.DBus.Error.InvalidArgs CreatePicker expects arguments 'sa{sv}', got 'ayh'")
        assertAnswering("three 60 MB bodies with a descriptor")
        let grown = peakResidentKiB(of: daemon.process.processIdentifier) - before
        print("HeaderFirstTests: the daemon's peak grew \(grown) KiB for three 60 MB bodies with a descriptor")
        // The body in flight is 60 MB; decoded, it took gigabytes.
        XCTAssertLessThan(grown, 200 << 10, "the daemon's peak grew \(grown) KiB for 60 MB bodies it never read")
    }

    /// uid 65534 sends 2,000,000-row `SetItems` at root's picker: each was
    /// read whole off the loop (and everything else on the picker waited
    /// behind it) before being refused. Decided from the header, it costs
    /// only its bytes in flight.
    func testAnotherUIDsBulkCallIsRefusedBeforeItsBodyIsRead() throws {
        guard getuid() == 0 else { throw XCTSkip("switching to another uid needs root") }
        try call(root, managerInterface, "CreatePicker", [.string("mine"), options([("items", titles([["a", "b"]]))])])
        let before = peakResidentKiB(of: daemon.process.processIdentifier)
        let sent = try python("""
        rows = dbus.Array([dbus.Array(["row %d" % i for i in range(2_000_000)], signature="s")], signature="as")
        for _ in range(6):
            print(attempt(ROOT + "/picker/mine", "org.rxwidgets.Widgets1.Picker", "SetItems", "aas", rows))
        """, as: nobody)
        let lines = sent.output.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 6, sent.error)
        XCTAssertEqual(Set(lines), ["org.freedesktop.DBus.Error.AccessDenied picker 'mine' belongs to uid 0; uid 65534 may only read it"])
        XCTAssertEqual(try property("\(root)/picker/mine", pickerInterface, "RowCounts"), .array(element: .int32, [.int32(2)]))
        XCTAssertEqual(try property("\(root)/picker/mine", pickerInterface, "Revision"), .uint64(1))
        let grown = peakResidentKiB(of: daemon.process.processIdentifier) - before
        print("HeaderFirstTests: the daemon's peak grew \(grown) KiB for six refused 2,000,000-row SetItems")
        // A 2,000,000-row body is 30 MiB on the wire and several times that read.
        XCTAssertLessThan(grown, 64 << 10, "the daemon's peak grew \(grown) KiB for calls it refused")
    }

    /// A client makes its own call wait (a delegate that never answers),
    /// then sends calls of 60 MB each: every one was held, 10 MiB → 2.9 GiB.
    /// Held calls now count against the per-client budget of 64 MiB.
    func testCallsHeldBehindAWaitingCallAreBoundedInBytes() throws {
        let picker = "\(root)/picker/sizes"
        try call(root, managerInterface, "CreatePicker", [.string("sizes"), options([("items", titles([["a"]]))])])
        let holder = try SilentPickerDelegate(address: bus.address)
        defer { holder.connection.close() }
        try holder.attach(to: picker, timeout: 60_000)
        var answers: [String] = []
        let waiting = try Message.methodCall(destination: busName, path: picker, interface: pickerInterface, member: "WidthForComponent")
        try waiting.append(.int32(0))
        let held = client.call(waiting, timeoutMilliseconds: 120_000) { _ in }
        defer { held.dispose() }
        XCTAssertTrue(waitUntil(timeout: 10) { !holder.waiting.isEmpty }, "the delegate was asked")
        let large = String(repeating: "x", count: 60_000_000)
        let count = 24
        var replies: [Disposable] = []
        for _ in 0..<count {
            let message = try Message.methodCall(destination: busName, path: picker, interface: "org.freedesktop.DBus.Properties", member: "Get")
            try message.append(.string(pickerInterface), .string(large))
            replies.append(client.call(message, timeoutMilliseconds: 120_000) { result in
                switch result {
                case .success: answers.append("reply")
                case .failure(let error): answers.append(error.name)
                }
            })
            MainLoop.shared.run(while: { true }, timeout: .milliseconds(1))
        }
        defer { replies.forEach { $0.dispose() } }
        XCTAssertTrue(waitUntil(timeout: 120) { answers.count >= count - 1 }, "the calls past the budget are refused at once: \(answers.count) answered; log:\n\(daemon.log.suffix(2_000))")
        XCTAssertGreaterThanOrEqual(answers.filter { $0 == errorPrefix + "LimitExceeded" }.count, count - 1, "\(answers)")
        let peak = peakResidentKiB(of: daemon.process.processIdentifier)
        print("HeaderFirstTests: the daemon's peak was \(peak) KiB with \(count) calls of 60 MB sent behind a waiting call")
        XCTAssertLessThan(peak, 400 << 10, "held calls are bounded in bytes")
        holder.waiting.forEach { $0(.success(1)) }
        XCTAssertTrue(waitUntil(timeout: 60) { answers.count == count }, "the held call runs once the delegate answers: \(answers)")
        assertAnswering("\(count) calls of 60 MB behind a waiting call")
    }

    /// A call without arrays holding one string of 127,000,000 characters
    /// (`Form.GetValue`, `Properties.Get`, `Form.Commit`): each was read and
    /// checked as UTF-8 on the loop, 323–367 ms of the daemon's CPU, before
    /// being refused for its length. Refused by its length prefix, unread.
    func testAStringLongerThanAnyTakenIsRefusedByItsLength() throws {
        let form = "\(root)/form/f"
        try call(root, managerInterface, "CreateForm", [.string("f"), .string("sign-up"), options([])])
        let before = cpuMilliseconds(of: daemon.process.processIdentifier)
        let sent = try python("""
        huge = "x" * 127_000_000
        print(attempt(ROOT + "/form/f", "org.rxwidgets.Widgets1.Form", "GetValue", "s", huge))
        print(attempt(ROOT + "/form/f", "org.freedesktop.DBus.Properties", "Get", "ss", "org.rxwidgets.Widgets1.Form", huge))
        print(attempt(ROOT + "/form/f", "org.rxwidgets.Widgets1.Form", "Commit", "s", huge))
        """)
        let spent = cpuMilliseconds(of: daemon.process.processIdentifier) - before
        print("HeaderFirstTests: three calls of one 127,000,000-character string cost the daemon \(spent) ms of CPU")
        let lines = sent.output.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, [
            "\(errorPrefix)LimitExceeded field: a string of 127000000 bytes; no string taken here may be longer than 1048576 bytes, so it was refused unread",
            "\(errorPrefix)LimitExceeded property_name: a string of 127000000 bytes; no string taken here may be longer than 1048576 bytes, so it was refused unread",
            "\(errorPrefix)LimitExceeded field: a string of 127000000 bytes; no string taken here may be longer than 1048576 bytes, so it was refused unread",
        ], sent.error)
        XCTAssertEqual(try call(form, "org.rxwidgets.Widgets1.Form", "GetValue", [.string("username")]), [.variant(.string(""))], "the form is as it was")
        assertAnswering("three 127 MB strings")
    }
}
