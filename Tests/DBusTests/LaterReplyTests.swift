import BusTestSupport
import DBus
import RxCoreEssentials
import XCTest

/// A call answered later in order (`MethodCall.replyInOrder`) holds the
/// caller's next calls and the calls on its object until it is answered;
/// other clients' calls on other objects go on.
final class LaterReplyTests: BusTestCase {
    private func message(_ member: String, _ arguments: [DBusValue], path: String = TestService.path.rawValue) throws -> Message {
        let message = try Message.methodCall(destination: serverConnection.uniqueName, path: path, interface: TestService.interfaceName, member: member)
        try message.append(arguments)
        return message
    }

    private func send(_ connection: Connection, _ message: Message, _ note: String, into order: @escaping (String) -> Void) {
        connection.call(message, timeoutMilliseconds: 20_000) { result in
            switch result {
            case .success(let reply): order("\(note) \((try? reply.arguments())?.first.map(String.init(describing:)) ?? "")")
            case .failure(let error): order("\(note) \(error.name)")
            }
        }
    }

    func testTheCallersNextCallsAndCallsOnTheObjectWaitForALaterAnswer() throws {
        XCTAssertEqual(try call("Spawn", [.string("elsewhere")]), [.objectPath(ObjectPath("/org/rxwidgets/elsewhere")!)])
        let other = try Connection(bus: .address(bus.address))
        let third = try Connection(bus: .address(bus.address))
        defer {
            other.close()
            third.close()
        }
        var order: [String] = []
        send(client, try message("Later", [.string("first")]), "later") { order.append($0) }
        XCTAssertTrue(MainLoop.shared.run(while: { self.service.laterReplies.isEmpty }, timeout: .seconds(10)))
        send(client, try message("Add", [.int32(1), .int32(2)]), "caller's add") { order.append($0) }
        send(other, try message("Add", [.int32(3), .int32(4)]), "other's add on the object") { order.append($0) }
        let read = try Message.methodCall(destination: serverConnection.uniqueName, path: "/org/rxwidgets/elsewhere", interface: StandardInterface.properties, member: "Get")
        try read.append([.string("org.rxwidgets.Child1"), .string("Label")])
        send(third, read, "another's read elsewhere") { order.append($0) }
        XCTAssertTrue(MainLoop.shared.run(while: { order.isEmpty || self.service.server.bulkState.held < 2 }, timeout: .seconds(10)))
        XCTAssertEqual(order, ["another's read elsewhere \(DBusValue.variant(.string("elsewhere")))"], "only the call on another object, from a client with no call waiting, goes on")
        XCTAssertEqual(service.calls, ["Later"])
        service.laterReplies.removeFirst().send(.success([.string("done")]))
        XCTAssertTrue(MainLoop.shared.run(while: { order.count < 4 }, timeout: .seconds(10)))
        // Replies to two connections: only each one's own order is known.
        XCTAssertEqual(order.filter { !$0.hasPrefix("other") }.dropFirst(), ["later \(DBusValue.string("done"))", "caller's add \(DBusValue.int32(3))"], "the caller's calls are answered in order")
        XCTAssertEqual(service.calls, ["Later", "Add", "Add"], "the held calls ran once it was answered")
    }

    func testALaterReplyReleasedUnsentAnswersNoReplyAndLetsTheNextCallsGo() throws {
        var order: [String] = []
        send(client, try message("Later", [.string("first")]), "later") { order.append($0) }
        XCTAssertTrue(MainLoop.shared.run(while: { self.service.laterReplies.isEmpty }, timeout: .seconds(10)))
        send(client, try message("Add", [.int32(1), .int32(2)]), "add") { order.append($0) }
        XCTAssertTrue(MainLoop.shared.run(while: { self.service.server.bulkState.held < 1 }, timeout: .seconds(10)))
        XCTAssertEqual(order, [])
        service.laterReplies = []
        XCTAssertTrue(MainLoop.shared.run(while: { order.count < 2 }, timeout: .seconds(10)))
        XCTAssertEqual(order, ["later \(DBusError.Name.noReply)", "add \(DBusValue.int32(3))"])
    }
}
