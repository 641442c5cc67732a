import BusTestSupport
import DBus
import RxCoreEssentials
import XCTest

/// A private bus, a server connection serving `TestService`, and a client connection.
class BusTestCase: XCTestCase {
    var bus: PrivateBus!
    var serverConnection: Connection!
    var client: Connection!
    var service: TestService!

    var resolvesCredentials: Bool { false }
    /// Whether `TestService`'s `Bind` waits for `service.bindGate`.
    var gatesBind: Bool { false }

    override func setUpWithError() throws {
        try super.setUpWithError()
        bus = try PrivateBus()
        serverConnection = try Connection(bus: .address(bus.address))
        service = try TestService(connection: serverConnection, resolvesCredentials: resolvesCredentials, gatesBind: gatesBind)
        client = try Connection(bus: .address(bus.address))
    }

    override func tearDown() {
        client?.close()
        serverConnection?.close()
        service = nil
        client = nil
        serverConnection = nil
        bus?.stop()
        bus = nil
        super.tearDown()
    }

    /// Calls the test service and waits.
    func call(_ member: String, _ arguments: [DBusValue] = [], interface: String? = TestService.interfaceName, path: String = TestService.path.rawValue) throws -> [DBusValue] {
        try client.callAndWait(destination: serverConnection.uniqueName, path: path, interface: interface, member: member, arguments)
    }

    /// The error a call fails with.
    func error(of member: String, _ arguments: [DBusValue] = [], interface: String? = TestService.interfaceName, path: String = TestService.path.rawValue) -> DBusError? {
        do {
            _ = try call(member, arguments, interface: interface, path: path)
            return nil
        } catch {
            return error as? DBusError
        }
    }

    /// Runs busctl against the private bus.
    func busctl(_ arguments: [String]) throws -> CommandResult {
        try runCommand("/usr/bin/busctl", ["--address=\(bus.address)"] + arguments)
    }
}
