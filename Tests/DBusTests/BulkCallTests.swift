import BusTestSupport
import DBus
import RxCoreEssentials
import XCTest

/// A call over `BulkCalls.threshold` is read and prepared off the loop:
/// other clients are served meanwhile, and what comes after it from the
/// same client, or on the same object, waits behind it in order.
final class BulkCallTests: BusTestCase {
    override var gatesBind: Bool { true }

    /// 20,000 rows of 24 characters: about 600 KB, over the threshold.
    private let rows = DBusValue.array(element: .string, (0..<20_000).map { .string(String(format: "row %020d", $0)) })

    private func message(_ member: String, _ arguments: [DBusValue], path: String = TestService.path.rawValue) throws -> Message {
        let message = try Message.methodCall(destination: serverConnection.uniqueName, path: path, interface: TestService.interfaceName, member: member)
        try message.append(arguments)
        return message
    }

    /// A reply's first value, or its error.
    private static func first(_ result: Result<Message, DBusError>) -> DBusValue? {
        switch result {
        case .success(let reply): return (try? reply.arguments())?.first
        case .failure(let error): return .string(error.name)
        }
    }

    private func send(_ connection: Connection, _ message: Message, into replies: @escaping (Result<Message, DBusError>) -> Void) {
        connection.call(message, timeoutMilliseconds: 20_000, reply: replies)
    }

    func testOtherClientsAreServedWhileABulkCallIsPreparedAndTheCallerWaitsInOrder() throws {
        XCTAssertEqual(try call("Spawn", [.string("elsewhere")]), [.objectPath(ObjectPath("/org/rxwidgets/elsewhere")!)])
        service.calls = []
        let other = try Connection(bus: .address(bus.address))
        defer { other.close() }
        var order: [String] = []
        send(client, try message("Bind", [rows])) { order.append("bind \(Self.first($0).map(String.init(describing:)) ?? "nothing")") }
        send(client, try message("Add", [.int32(1), .int32(2)])) { order.append("caller's add \(Self.first($0).map(String.init(describing:)) ?? "nothing")") }
        XCTAssertTrue(MainLoop.shared.run(while: { self.service.server.bulkState.held < 1 }, timeout: .seconds(10)), "the caller's Add is held behind its Bind")
        let read = try Message.methodCall(destination: serverConnection.uniqueName, path: "/org/rxwidgets/elsewhere", interface: StandardInterface.properties, member: "Get")
        try read.append([.string("org.rxwidgets.Child1"), .string("Label")])
        var label: DBusValue?
        send(other, read) { label = Self.first($0) }
        XCTAssertTrue(MainLoop.shared.run(while: { label == nil }, timeout: .seconds(10)), "another client is answered while the bulk call is being prepared")
        XCTAssertEqual(label, .variant(.string("elsewhere")))
        XCTAssertEqual(service.server.bulkState.held, 1)
        XCTAssertEqual(order, [], "the caller's next call waits behind its bulk call")
        XCTAssertEqual(service.calls, [])
        service.bindGate.signal()
        XCTAssertTrue(MainLoop.shared.run(while: { order.count < 2 }, timeout: .seconds(10)))
        XCTAssertEqual(order, ["bind \(DBusValue.uint32(20_000))", "caller's add \(DBusValue.int32(3))"])
        XCTAssertEqual(service.calls, ["Bind 20000 prepared", "Add"], "the prepared value reached the handler")
    }

    func testCallsOnTheSameObjectFromAnotherClientWaitToo() throws {
        let other = try Connection(bus: .address(bus.address))
        defer { other.close() }
        var order: [String] = []
        send(client, try message("Bind", [rows])) { _ in order.append("bind") }
        // The bulk call must have arrived first for the Add to wait behind it.
        XCTAssertTrue(MainLoop.shared.run(while: { !self.service.server.bulkState.reading }, timeout: .seconds(10)))
        send(other, try message("Add", [.int32(3), .int32(4)])) { _ in order.append("other's add") }
        XCTAssertTrue(MainLoop.shared.run(while: { self.service.server.bulkState.held < 1 }, timeout: .seconds(10)), "a call on the object being bound waits")
        XCTAssertEqual(order, [])
        service.bindGate.signal()
        XCTAssertTrue(MainLoop.shared.run(while: { order.count < 2 }, timeout: .seconds(10)))
        // The replies travel to two connections, so only the server's order is known.
        XCTAssertEqual(service.calls, ["Bind 20000 prepared", "Add"])
    }

    func testACallerMayHaveAtMostItsBudgetOfCallsWaiting() throws {
        var answered = 0
        var refusals: [DBusError] = []
        send(client, try message("Bind", [rows])) { _ in answered += 1 }
        let behind = BulkCalls.heldPerSender + 50
        for index in 0..<behind {
            send(client, try message("Add", [.int32(Int32(index)), .int32(0)])) { result in
                answered += 1
                if case .failure(let error) = result { refusals.append(error) }
            }
        }
        XCTAssertTrue(MainLoop.shared.run(while: { refusals.count < 50 }, timeout: .seconds(20)), "\(refusals.count) refused")
        XCTAssertEqual(refusals.first?.name, DBusError.Name.limitsExceeded)
        // Refused where they wait: behind the bulk call, or still to be served.
        XCTAssertTrue(refusals.first?.message.contains("has \(BulkCalls.heldPerSender) calls") ?? false, refusals.first?.message ?? "")
        XCTAssertEqual(answered, 50, "only the calls over the budget are answered before the bulk call")
        service.bindGate.signal()
        XCTAssertTrue(MainLoop.shared.run(while: { answered < behind + 1 }, timeout: .seconds(20)))
        XCTAssertEqual(service.calls.count, 1 + BulkCalls.heldPerSender, "the bulk call and every call that waited ran")
    }

    func testAnObjectGoneWhileItsBulkCallWasReadIsUnknown() throws {
        var result: Result<Message, DBusError>?
        send(client, try message("Bind", [rows])) { result = $0 }
        XCTAssertTrue(MainLoop.shared.run(while: { !self.service.server.bulkState.reading }, timeout: .seconds(10)))
        try service.server.unexport(TestService.path)
        service.bindGate.signal()
        XCTAssertTrue(MainLoop.shared.run(while: { result == nil }, timeout: .seconds(10)))
        guard case .failure(let error)? = result else { return XCTFail("\(String(describing: result))") }
        XCTAssertEqual(error.name, DBusError.Name.unknownObject)
        XCTAssertEqual(service.calls, [])
    }

    func testASmallCallIsPreparedByItsHandlerOnTheLoop() throws {
        service.bindGate.signal()
        XCTAssertEqual(try call("Bind", [.array(element: .string, [.string("a"), .string("b")])]), [.uint32(2)])
        XCTAssertEqual(service.calls, ["Bind 2"], "under the threshold nothing is prepared ahead")
    }
}
