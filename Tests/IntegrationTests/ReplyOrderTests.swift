import BusTestSupport
import DBus
import RxCoreEssentials
import WidgetsAPI
import XCTest

/// A client's pipelined calls are answered in the order they came, `Peer`'s
/// too: a client that sends a call and then, without waiting, a `Ping` (a
/// common barrier) has the call's reply first. Before, the connection
/// answered `Peer` as it read it while the call waited its turn: the Ping's
/// reply came first 50 of 50 times after `CreatePicker`.
final class ReplyOrderTests: DaemonTestCase {
    private let rounds = 50

    private func message(_ path: String, _ interface: String, _ member: String, _ arguments: [DBusValue] = []) throws -> Message {
        let message = try Message.methodCall(destination: busName, path: path, interface: interface, member: member)
        try message.append(arguments)
        return message
    }

    /// Sends `calls` without waiting and returns the names of their replies in the order they came.
    private func replyOrder(_ calls: [(name: String, message: Message)]) -> [String] {
        var order: [String] = []
        for (name, message) in calls {
            client.call(message) { result in
                switch result {
                case .success: order.append(name)
                case .failure(let error): order.append("\(name) \(error.name): \(error.message)")
                }
            }
        }
        XCTAssertTrue(MainLoop.shared.run(while: { order.count < calls.count }, timeout: .seconds(30)), "\(order)")
        return order
    }

    func testAPingSentBehindACallIsAnsweredAfterIt() throws {
        for round in 0..<rounds {
            let create = try message(root, managerInterface, "CreatePicker", [.string("p\(round)"), options([("items", titles([["a", "b", "c"]]))])])
            let ping = try message(root, StandardInterface.peer, "Ping")
            XCTAssertEqual(replyOrder([("CreatePicker", create), ("Ping", ping)]), ["CreatePicker", "Ping"], "round \(round)")
            let picker = "\(root)/picker/p\(round)"
            let select = try message(picker, pickerInterface, "SelectRow", [.int32(Int32(round % 3)), .int32(0)])
            let machine = try message(picker, StandardInterface.peer, "GetMachineId")
            XCTAssertEqual(replyOrder([("SelectRow", select), ("GetMachineId", machine)]), ["SelectRow", "GetMachineId"], "round \(round)")
        }
    }

    /// `Peer` is answered on every path, as libdbus answers it, also when it waits its turn.
    func testAPingBehindACallIsAnsweredOnAnyPath() throws {
        let create = try message(root, managerInterface, "CreatePicker", [.string("p"), options([])])
        let nowhere = try message("/no/such/object", StandardInterface.peer, "Ping")
        let wrong = try message(root, StandardInterface.peer, "Ping", [.string("extra")])
        let order = replyOrder([("CreatePicker", create), ("Ping", nowhere), ("Ping with an argument", wrong)])
        XCTAssertEqual(order.prefix(2), ["CreatePicker", "Ping"])
        XCTAssertEqual(order.last?.hasPrefix("Ping with an argument \(DBusError.Name.invalidArgs)"), true, "\(order)")
    }

    /// The barrier a Ping gives holds for errors too: a refused call's error comes before the Ping's reply.
    func testAPingBehindARefusedCallIsAnsweredAfterItsError() throws {
        for round in 0..<rounds {
            let refused = try message("\(root)/picker/none", pickerInterface, "SelectRow", [.int32(0), .int32(0)])
            let ping = try message("\(root)/picker/none", StandardInterface.peer, "Ping")
            let order = replyOrder([("SelectRow", refused), ("Ping", ping)])
            XCTAssertEqual(order.count, 2)
            XCTAssertEqual(order.first?.hasPrefix("SelectRow \(DBusError.Name.unknownObject)"), true, "round \(round): \(order)")
            XCTAssertEqual(order.last, "Ping", "round \(round)")
        }
    }
}
