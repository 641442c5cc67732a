import BusTestSupport
import DBus
import Foundation
import RxCoreEssentials
import XCTest

/// Random well-formed but wrong calls: each is answered and none changes
/// the server. (Malformed wire data never reaches a server: libdbus and the
/// bus drop such a sender, so there is nothing of ours to test there.)
final class BadCallTests: BusTestCase {
    func testBadCallsAreAllAnsweredAndChangeNothing() throws {
        var generator = SeededGenerator(for: "testBadCallsAreAllAnsweredAndChangeNothing")
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
