import BusTestSupport
@testable import DBus
import RxCoreEssentials
import XCTest

/// Received calls wait for their client's turn (`FairCalls`): clients are
/// served round-robin, each in its own order, and what one client may have
/// waiting is bounded.
final class FairCallTests: BusTestCase {
    private func note(_ text: String, sleeping milliseconds: UInt32 = 0) throws -> Message {
        let message = try Message.methodCall(destination: serverConnection.uniqueName, path: TestService.path.rawValue, interface: TestService.interfaceName, member: "Note")
        try message.append([.string(text), .uint32(milliseconds)])
        return message
    }

    func testClientsAreServedInTurnsEachInItsOwnOrder() throws {
        let other = try Connection(bus: .address(bus.address))
        defer { other.close() }
        var answered = 0
        // The first call holds the loop while both clients' calls pile up behind it.
        client.call(try note("hold", sleeping: 300), timeoutMilliseconds: 20_000) { _ in answered += 1 }
        MainLoop.shared.run(while: { self.service.calls.isEmpty }, timeout: .seconds(5))
        // Each takes 2 ms, so calls arrive faster than they are served.
        for index in 0..<40 {
            client.call(try note("a\(index)", sleeping: 2), timeoutMilliseconds: 20_000) { _ in answered += 1 }
        }
        for index in 0..<5 {
            other.call(try note("b\(index)", sleeping: 2), timeoutMilliseconds: 20_000) { _ in answered += 1 }
        }
        XCTAssertTrue(MainLoop.shared.run(while: { answered < 46 }, timeout: .seconds(20)))
        let served = service.calls.dropFirst()
        XCTAssertEqual(served.filter { $0.hasPrefix("a") }, (0..<40).map { "a\($0)" }, "each client in its own order")
        XCTAssertEqual(served.filter { $0.hasPrefix("b") }, (0..<5).map { "b\($0)" })
        let lastOfOther = served.firstIndex(of: "b4") ?? served.endIndex
        XCTAssertLessThan(served[..<lastOfOther].filter { $0.hasPrefix("a") }.count, 20, "the other client's calls took turns with the first's 40: \(Array(served))")
    }

    /// A client whose first call comes while another client's call runs is
    /// served next, ahead of that client's next call: before, the running
    /// client had already taken the next turn, so a newcomer behind a
    /// backlog of long calls waited for two of them.
    func testAClientWhoseCallCameDuringAnothersCallIsServedNext() throws {
        let other = try Connection(bus: .address(bus.address))
        defer { other.close() }
        var answered = 0
        service.onWork = { [unowned self] in
            service.onWork = nil
            other.call(try! note("b0"), timeoutMilliseconds: 20_000) { _ in answered += 1 }
            // Written now, not when the loop next turns (after this call).
            other.pump()
            // a0 runs on until its breaths have queued b0, however long the bus takes.
            service.workUntil = { [unowned self] in
                guard service.server.fairCalls.hasCalls(from: other.uniqueName) else { return false }
                service.workUntil = nil
                return true
            }
        }
        for index in 0..<3 {
            let work = try Message.methodCall(destination: serverConnection.uniqueName, path: TestService.path.rawValue, interface: TestService.interfaceName, member: "Work")
            try work.append([.string("a\(index)"), .uint32(300)])
            client.call(work, timeoutMilliseconds: 20_000) { _ in answered += 1 }
        }
        XCTAssertTrue(MainLoop.shared.run(while: { answered < 4 }, timeout: .seconds(20)))
        XCTAssertEqual(service.calls, ["a0", "a0 done", "b0", "a1", "a1 done", "a2", "a2 done"])
    }

    /// The same rule when the served client's next call comes during its
    /// own call, ahead of a newcomer's: it had its turn, so the newcomer
    /// goes first (the bus test above saw `a0, a1, b0` when a1 was read
    /// before b0 in a0's breaths).
    func testAClientJustServedGoesBehindANewcomerEvenForACallThatCameFirst() throws {
        let calls = FairCalls()
        let ready = { (_: String) in true }
        try calls.enqueue(try note("a0"), from: ":1.a", bytes: 10)
        XCTAssertEqual(calls.next(isReady: ready)?.sender, ":1.a", "a0 runs, and A has nothing else waiting")
        try calls.enqueue(try note("a1"), from: ":1.a", bytes: 10)
        try calls.enqueue(try note("b0"), from: ":1.b", bytes: 10)
        XCTAssertTrue(calls.hasReady(ready))
        XCTAssertEqual(calls.next(isReady: ready)?.sender, ":1.b")
        XCTAssertEqual(calls.next(isReady: ready)?.sender, ":1.a")
        XCTAssertNil(calls.next(isReady: ready))
        XCTAssertFalse(calls.hasReady(ready), "nothing waits once A's last call was taken")
        XCTAssertTrue(calls.isEmpty)
    }

    func testAClientMayHaveAtMostItsBudgetOfCallsWaiting() throws {
        let sent = FairCalls.perSender + 300
        var refusals: [DBusError] = []
        var answered = 0
        client.call(try note("hold", sleeping: 300), timeoutMilliseconds: 20_000) { _ in answered += 1 }
        MainLoop.shared.run(while: { self.service.calls.isEmpty }, timeout: .seconds(5))
        for index in 0..<sent {
            client.call(try note("n\(index)", sleeping: 1), timeoutMilliseconds: 60_000) { result in
                answered += 1
                if case .failure(let error) = result { refusals.append(error) }
            }
        }
        XCTAssertTrue(MainLoop.shared.run(while: { answered < sent + 1 }, timeout: .seconds(60)), "\(answered) answered")
        XCTAssertFalse(refusals.isEmpty, "past \(FairCalls.perSender) waiting, calls are refused")
        XCTAssertTrue(refusals.allSatisfy { $0.name == DBusError.Name.limitsExceeded && $0.message.contains("has \(FairCalls.perSender) calls") }, refusals.first.map { "\($0)" } ?? "")
        let served = service.calls.dropFirst()
        XCTAssertEqual(served.count + refusals.count, sent, "every call ran or was refused")
        XCTAssertEqual(served.map { Int($0.dropFirst())! }, served.map { Int($0.dropFirst())! }.sorted(), "the ones that ran, in order")
    }
}

/// With the uids asked of the bus, as the daemon runs.
final class FairCallDepartureTests: BusTestCase {
    override var resolvesCredentials: Bool { true }

    /// A client that sends calls and leaves at once: its calls still run,
    /// in order, and only then is its departure acted on (a transient
    /// widget it created is destroyed after, not before, it was created).
    func testCallsOfAClientThatLeftRunBeforeItsDepartureIsActedOn() throws {
        try service.server.watchPeers()
        service.server.onPeerGone = { [unowned self] _ in service.calls.append("gone") }
        // Three calls sent without waiting, then the client exits: the bus
        // announces its departure after them, while they wait for its uid.
        let script = """
        import dbus, sys
        bus = dbus.bus.BusConnection(sys.argv[1])
        for index in range(3):
            message = dbus.lowlevel.MethodCallMessage(sys.argv[2], "\(TestService.path.rawValue)", "\(TestService.interfaceName)", "Note")
            message.append("left %d" % index, dbus.UInt32(0), signature="su")
            message.set_no_reply(True)
            bus.send_message(message)
        bus.flush()
        """
        let result = try runCommand("/usr/bin/python3", ["-c", script, bus.address, serverConnection.uniqueName])
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertTrue(MainLoop.shared.run(while: { !self.service.calls.contains("gone") }, timeout: .seconds(10)))
        XCTAssertEqual(service.calls, ["left 0", "left 1", "left 2", "gone"])
    }

    private func note(_ text: String, sleeping milliseconds: UInt32 = 0) throws -> Message {
        let message = try Message.methodCall(destination: serverConnection.uniqueName, path: TestService.path.rawValue, interface: TestService.interfaceName, member: "Note")
        try message.append([.string(text), .uint32(milliseconds)])
        return message
    }
}
