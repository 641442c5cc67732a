import BusTestSupport
import DBus
import RxCoreEssentials
import XCTest

/// A long call breathes (`Breathing`): `Peer` calls that come meanwhile are
/// answered in its middle, while replies and signals the server receives
/// wait until it has returned.
final class BreathingTests: BusTestCase {
    /// Another process pings while a call works for 1.5 s. Before breathing,
    /// the ping's answer came after the call's reply: the loop read nothing
    /// while a call ran.
    func testAPingIsAnsweredInTheMiddleOfALongCall() throws {
        let script = """
        import dbus, sys, threading, time
        address, server = sys.argv[1], sys.argv[2]
        order = []
        def work():
            bus = dbus.bus.BusConnection(address)
            bus.call_blocking(server, "\(TestService.path.rawValue)", "\(TestService.interfaceName)", "Work", "su", ("long", 1500), timeout=60)
            order.append("work")
        worker = threading.Thread(target=work)
        worker.start()
        time.sleep(0.4)
        pinger = dbus.bus.BusConnection(address)
        pinger.call_blocking(server, "/", "org.freedesktop.DBus.Peer", "Ping", "", (), timeout=60)
        order.append("ping")
        worker.join()
        print(" ".join(order))
        """
        let result = try runCommand("/usr/bin/python3", ["-c", script, bus.address, serverConnection.uniqueName], timeout: .seconds(60))
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(result.output.trimmingCharacters(in: .whitespacesAndNewlines), "ping work", "the ping is answered before the call it came during")
        XCTAssertEqual(service.calls, ["long", "long done"])
    }

    /// A reply the server receives while a call breathes is handed to its
    /// handler after the call, never in its middle, where the handler could
    /// change what the call is changing.
    func testAReplyReceivedDuringALongCallIsHandledAfterIt() throws {
        service.onWork = { [unowned self] in
            let question = try! Message.methodCall(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "GetId")
            serverConnection.call(question) { [unowned self] _ in service.calls.append("reply") }
        }
        var answered = false
        let work = try Message.methodCall(destination: serverConnection.uniqueName, path: TestService.path.rawValue, interface: TestService.interfaceName, member: "Work")
        try work.append([.string("long"), .uint32(300)])
        client.call(work) { _ in answered = true }
        XCTAssertTrue(MainLoop.shared.run(while: { !answered || !self.service.calls.contains("reply") }, timeout: .seconds(10)))
        XCTAssertEqual(service.calls, ["long", "long done", "reply"])
    }

    /// What a breath held is handed over as soon as the call returns, before
    /// the next call runs in the same turn: a held answer about a client (its
    /// uid) would otherwise pass that client over for a turn.
    func testWhatABreathHeldIsHandedOverBeforeTheNextCall() throws {
        service.onWork = { [unowned self] in
            service.onWork = nil
            let question = try! Message.methodCall(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "GetId")
            serverConnection.call(question) { [unowned self] _ in service.calls.append("reply") }
        }
        var answered = 0
        let work = try Message.methodCall(destination: serverConnection.uniqueName, path: TestService.path.rawValue, interface: TestService.interfaceName, member: "Work")
        try work.append([.string("w"), .uint32(4)])
        let note = try Message.methodCall(destination: serverConnection.uniqueName, path: TestService.path.rawValue, interface: TestService.interfaceName, member: "Note")
        try note.append([.string("n"), .uint32(0)])
        client.call(work) { _ in answered += 1 }
        client.call(note) { _ in answered += 1 }
        XCTAssertTrue(MainLoop.shared.run(while: { answered < 2 || !self.service.calls.contains("reply") }, timeout: .seconds(10)))
        XCTAssertEqual(service.calls, ["w", "w done", "reply", "n"])
    }
}
