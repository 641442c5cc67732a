import BusTestSupport
import DBus
import Foundation
import RxCoreEssentials
import XCTest

final class ConnectionTests: BusTestCase {
    override var resolvesCredentials: Bool { true }

    func testCallerUniqueNameAndUIDReachTheHandler() throws {
        let reply = try call("WhoAmI")
        XCTAssertEqual(reply, [.string(client.uniqueName), .uint32(getuid())])
        XCTAssertEqual(try call("WhoAmI"), reply, "the cached uid serves later calls")
    }

    /// A match rule is sent without waiting; the bus refusing it is thrown
    /// by the next call the connection waits for, and only once.
    func testARefusedMatchRuleIsThrownByTheNextWaitedCall() throws {
        let client = try Connection(bus: .address(bus.address))
        try client.addMatch("type='no such type'")
        XCTAssertThrowsError(try client.callAndWait(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "GetId")) {
            XCTAssertEqual(($0 as? DBusError)?.name, "org.freedesktop.DBus.Error.MatchRuleInvalid", "\($0)")
        }
        XCTAssertNoThrow(try client.callAndWait(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "GetId"))
        try client.addMatch("type='signal',member='Anything'")
        XCTAssertNoThrow(try client.callAndWait(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "GetId"),
                         "a rule the bus takes throws nothing")
    }

    func testRequestNameFlags() throws {
        let name = "org.rxwidgets.NameTest"
        XCTAssertEqual(try serverConnection.requestName(name, flags: [.allowReplacement, .doNotQueue]), .primaryOwner)
        XCTAssertEqual(try serverConnection.requestName(name, flags: [.allowReplacement, .doNotQueue]), .alreadyOwner)
        XCTAssertEqual(try client.requestName(name, flags: [.doNotQueue]), .exists)
        var lost: [String] = []
        let watch = serverConnection.onSignal { message in
            if message.isSignal(interface: "org.freedesktop.DBus", member: "NameLost") {
                lost.append((try? message.arguments())?.first?.stringValue ?? "")
            }
        }
        XCTAssertEqual(try client.requestName(name, flags: [.replaceExisting, .doNotQueue]), .primaryOwner)
        MainLoop.shared.run(while: { lost.isEmpty }, timeout: .seconds(5))
        XCTAssertEqual(lost, [name], "the server hears it lost the name")
        XCTAssertThrowsError(try client.requestName("not a name", flags: []))
        XCTAssertThrowsError(try client.requestName(":1.5", flags: []))
        watch.dispose()
    }

    func testAClientLeavingTheBusIsObserved() throws {
        try service.server.watchPeers()
        var gone: [String] = []
        service.server.onPeerGone = { gone.append($0) }
        let leaving = try Connection(bus: .address(bus.address))
        let name = leaving.uniqueName
        _ = try leaving.callAndWait(destination: serverConnection.uniqueName, path: TestService.path.rawValue, interface: TestService.interfaceName, member: "WhoAmI")
        leaving.close()
        MainLoop.shared.run(while: { !gone.contains(name) }, timeout: .seconds(5))
        XCTAssertTrue(gone.contains(name))
    }

    func testTheBusGoingAwayIsReportedNotFatal() throws {
        var disconnected = false
        serverConnection.onDisconnected = { disconnected = true }
        bus.stop()
        MainLoop.shared.run(while: { !disconnected }, timeout: .seconds(5))
        XCTAssertTrue(disconnected, "the connection reports the loss instead of exiting the process")
        XCTAssertFalse(serverConnection.isOpen)
        XCTAssertThrowsError(try serverConnection.send(try Message.signal(path: "/", interface: "a.b", member: "C")))
    }

    func testPipelinedCallsAllAnswerInOrder() throws {
        var replies: [Int32] = []
        for index in 0..<500 {
            let message = try Message.methodCall(destination: serverConnection.uniqueName, path: TestService.path.rawValue, interface: TestService.interfaceName, member: "Add")
            try message.append(.int32(Int32(index)), .int32(0))
            client.call(message) { result in
                if case .int32(let value)? = (try? result.get().arguments())?.first {
                    replies.append(value)
                }
            }
        }
        MainLoop.shared.run(while: { replies.count < 500 }, timeout: .seconds(20))
        XCTAssertEqual(replies, (0..<500).map(Int32.init))
    }
}
