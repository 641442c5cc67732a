import BusTestSupport
import DBus
import Foundation
import RxCore
import XCTest

final class MalformedInputTests: BusTestCase {
    func testMalformedWireMessagesLeaveTheServerRunning() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts/malformed_client.py").path
        let result = try runCommand("/usr/bin/python3", [script, bus.address, serverConnection.uniqueName, TestService.path.rawValue])
        XCTAssertEqual(result.status, 0, result.error)
        let outcomes = result.output.split(separator: "\n")
        XCTAssertEqual(outcomes.count, 7, result.output + result.error)
        XCTAssertTrue(outcomes.allSatisfy { $0.hasSuffix(": disconnected") }, "the bus drops every malformed sender: \(result.output)")
        XCTAssertEqual(try call("Add", [.int32(1), .int32(2)]), [.int32(3)], "the server still answers")
    }

    func testBadCallsAreAllAnsweredAndChangeNothing() throws {
        var generator = SystemRandomNumberGenerator()
        let members = ["Add", "Echo", "Touch", "Nope", "Get", "Set", "GetAll", "Introspect", "Spawn", "Remove", "Fail"]
        let interfaces: [String?] = [nil, TestService.interfaceName, StandardInterface.properties, "org.rxwidgets.Nope", StandardInterface.introspectable]
        let paths = [TestService.path.rawValue, "/", "/org", "/nope", TestService.managerPath.rawValue]
        let argumentSets: [[DBusValue]] = [
            [], [.string(String(repeating: "x", count: 70_000))], [.int32(-1)], [.string(""), .string("")],
            [.variant(.array(element: .string, []))], [.string("Spawn child/with/slash")], [.objectPath(ObjectPath("/nope")!)],
            [.string(TestService.interfaceName), .string("Name"), .variant(.string(""))],
            [.string("not an error name"), .string("x")], [.double(.nan)], [.int32(2), .string("x")],
        ]
        var answered = 0
        let countBefore = service.count
        for _ in 0..<200 {
            let member = members.randomElement(using: &generator) ?? "Add"
            let arguments = argumentSets.randomElement(using: &generator) ?? []
            guard member != "Touch" || arguments.first?.type != .int32 else { continue }
            let message = try Message.methodCall(
                destination: serverConnection.uniqueName,
                path: paths.randomElement(using: &generator) ?? "/",
                interface: interfaces.randomElement(using: &generator) ?? nil,
                member: member
            )
            try message.append(arguments)
            do {
                _ = try client.callAndWait(message, timeoutMilliseconds: 5_000)
            } catch let error as DBusError {
                XCTAssertNotEqual(error.name, DBusError.Name.noReply, "every call is answered")
            }
            answered += 1
        }
        XCTAssertGreaterThan(answered, 150)
        XCTAssertEqual(service.count, countBefore)
        XCTAssertEqual(service.name, "initial", "a refused Set changes nothing")
        XCTAssertEqual(try call("Add", [.int32(20), .int32(22)]), [.int32(42)])
    }
}
