import BusTestSupport
import DBus
import Foundation
import Glibc
import WidgetsAPI
import XCTest

/// On a bus with the machine's system configuration and the shipped policy
/// (dbus/org.rxwidgets.Widgets1.conf), another uid's client uses the
/// daemon and serves it: the system bus denies every method call that no
/// policy admits, and the shipped policy once admitted only calls to the
/// daemon, so every call the daemon made to a client — a data source, a
/// delegate, a validator, an options provider — failed `AccessDenied`.
final class SystemPolicyTests: XCTestCase {
    /// Every interface a client serves the daemon, and every one it serves
    /// clients, is named in the shipped policy.
    func testThePolicyNamesEveryInterfaceOfTheContract() throws {
        let policy = try String(contentsOf: repositoryRoot.appendingPathComponent("dbus/org.rxwidgets.Widgets1.conf"), encoding: .utf8)
        for interface in WidgetsAPI.clientInterfaces {
            XCTAssertTrue(policy.contains(#"<allow send_type="method_call" send_interface="\#(interface.name)"/>"#), "the daemon may call \(interface.name)")
        }
        for interface in WidgetsAPI.interfaces {
            XCTAssertTrue(policy.contains(#"send_destination="org.rxwidgets.Widgets1" send_interface="\#(interface.name)""#), "clients may call \(interface.name)")
        }
    }

    func testAnotherUIDsClientServesTheDaemonOnTheSystemBus() throws {
        guard getuid() == 0 else { throw XCTSkip("the daemon owns its name on the system bus as root; the client switches to another uid") }
        let policy = repositoryRoot.appendingPathComponent("dbus/org.rxwidgets.Widgets1.conf").path
        let bus = try PrivateBus(systemConfigurationIncluding: [policy])
        defer { bus.stop() }
        let daemon = try Daemon(bus: bus)
        let client = try Connection(bus: .address(bus.address))
        defer { client.close() }
        XCTAssertTrue(waitForName(busName, on: client), "the daemon owns its name under the shipped policy; log:\n\(daemon.log)")
        let script = """
        import dbus, dbus.service
        from gi.repository import GLib
        from dbus.mainloop.glib import DBusGMainLoop
        DBusGMainLoop(set_as_default=True)
        bus = dbus.bus.BusConnection("\(bus.address)")
        NAME, ROOT = "\(busName)", "\(root)"
        SOURCE, VALIDATOR = "org.rxwidgets.Widgets1.PickerDataSource", "org.rxwidgets.Widgets1.Validator"
        class Client(dbus.service.Object):
            @dbus.service.method(SOURCE, in_signature="", out_signature="ai")
            def RowCounts(self): return [3]
            @dbus.service.method(SOURCE, in_signature="iii", out_signature="as")
            def Titles(self, component, first, count): return ["row %d" % i for i in range(first, first + count)]
        Client(bus, "/client")
        loop = GLib.MainLoop()
        results = []
        def fail(error):
            results.append(error.get_dbus_name() + " " + error.get_dbus_message())
            loop.quit()
        def proxy(path, interface):
            return dbus.Interface(bus.get_object(NAME, path, introspect=False), interface)
        def titled(title):
            results.append(str(title))
            loop.quit()
        def attached(*_):
            proxy(ROOT + "/picker/served", "org.rxwidgets.Widgets1.Picker").TitleForRow(2, 0, reply_handler=titled, error_handler=fail)
        def created(path):
            proxy(path, "org.rxwidgets.Widgets1.Picker").AttachDataSource(dbus.ObjectPath("/client"), dbus.Dictionary({}, signature="sv"),
                                                                          reply_handler=attached, error_handler=fail)
        proxy(ROOT, "org.rxwidgets.Widgets1.Manager").CreatePicker("served", dbus.Dictionary({}, signature="sv"), reply_handler=created, error_handler=fail)
        GLib.timeout_add(30000, loop.quit)
        loop.run()
        print(results)
        """
        let result = try runCommand("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3", "-c", script], timeout: .seconds(60))
        XCTAssertEqual(result.output, "['row 2']\n", "\(result.error)\nlog:\n\(daemon.log.suffix(2_000))")
        XCTAssertEqual(daemon.stop(), 0)
    }
}
