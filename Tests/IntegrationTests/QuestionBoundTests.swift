import BusTestSupport
import DBus
import Foundation
import Glibc
import RxCoreEssentials
import WidgetsAPI
import XCTest

/// The bus counts every call the daemon makes until it is answered — past
/// the system bus's `max_replies_per_connection` (128) it refuses the
/// daemon's further calls — and the daemon's own timeout cancels only its
/// side. One `SetValues` of uid 65534 on a form of 256 remote fields whose
/// validator never answers took all 128: root's `AttachDataSource` then
/// failed `LimitsExceeded`. The daemon keeps its calls to clients within
/// bounds per client, per uid and in all (`QuestionGate`), so another uid's
/// remote features keep working.
final class QuestionBoundTests: DaemonTestCase {
    override var busConfiguration: String { #"<limit name="max_replies_per_connection">128</limit>"# }
    /// As the daemon bounds itself on the system bus, whose limit this bus has.
    override var daemonArguments: [String] { ["--max-questions", "96"] }

    private final class Rows {
        func counts() -> [Int32] { [3] }
    }

    func testASilentValidatorOfAnotherUIDLeavesRootsDataSourceWorking() throws {
        guard getuid() == 0 else { throw XCTSkip("switching to another uid needs root") }
        let fields = (0..<256).map { #"{"name":"f\#($0)","kind":"text","rules":{"remote":"silent","debounce":0,"timeout":1}}"# }.joined(separator: ",")
        let script = """
        import dbus, dbus.service, sys
        from gi.repository import GLib
        from dbus.mainloop.glib import DBusGMainLoop
        DBusGMainLoop(set_as_default=True)
        bus = dbus.bus.BusConnection("\(bus.address)")
        NAME, ROOT = "\(busName)", "\(root)"
        kept = []
        class Silent(dbus.service.Object):
            @dbus.service.method("org.rxwidgets.Widgets1.Validator", in_signature="ssvt", out_signature="bs", async_callbacks=("ok", "fail"))
            def Validate(self, form, field, value, revision, ok, fail):
                kept.append(ok)
        Silent(bus, "/silent")
        manager = dbus.Interface(bus.get_object(NAME, ROOT, introspect=False), "org.rxwidgets.Widgets1.Manager")
        path = manager.CreateForm("attack", '{"fields":[\(fields)]}', dbus.Dictionary({}, signature="sv"))
        form = dbus.Interface(bus.get_object(NAME, path, introspect=False), "org.rxwidgets.Widgets1.Form")
        form.AttachValidator("silent", dbus.ObjectPath("/silent"))
        form.SetValues(dbus.Dictionary({"f%d" % i: dbus.String("x", variant_level=1) for i in range(256)}, signature="sv"), dbus.UInt64(0))
        def report():
            print("asked", len(kept), flush=True)
            return True
        GLib.timeout_add(500, report)
        GLib.MainLoop().run()
        """
        let attacker = Process()
        attacker.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        attacker.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3", "-c", script]
        let output = Pipe()
        attacker.standardOutput = output
        try attacker.run()
        defer { attacker.terminate() }
        var asked = 0
        var line = Data()
        // Its validator has been asked what the daemon lets through once two reports agree.
        var reports: [Int] = []
        while reports.count < 2 || reports.suffix(2).first != reports.last {
            guard let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty else { break }
            if byte == Data("\n".utf8) {
                asked = Int(String(decoding: line, as: UTF8.self).split(separator: " ").last ?? "") ?? -1
                reports.append(asked)
                line = Data()
            } else {
                line.append(byte)
            }
        }
        print("QuestionBoundTests: the silent validator of uid 65534 was asked \(asked) times")
        XCTAssertGreaterThan(asked, 0, "the attack ran; log:\n\(daemon.log.suffix(1_500))")
        XCTAssertLessThanOrEqual(asked, QuestionGate.Bounds.systemBus.perClient, "one client's calls in flight are bounded")

        let rowsConnection = try Connection(bus: .address(bus.address))
        defer { rowsConnection.close() }
        let server = ObjectServer(connection: rowsConnection)
        let rowCounts = PickerDataSourceContract.rowCounts.serve { (rows: Rows, _, _) in rows.counts() }
        let titles = PickerDataSourceContract.titles.serve { (_: Rows, arguments, _) in
            (Int(arguments.1)..<Int(arguments.1) + Int(arguments.2)).map { "served \($0)" }
        }
        let rows = Rows()
        let object = ObjectPath("/test/rows")!
        try server.export(object, interfaces: [InterfaceDeclaration<Rows>(PickerDataSourceContract.name, methods: [rowCounts, titles]).bind(to: rows)])
        try call(root, managerInterface, "CreatePicker", [.string("mine"), options([])])
        XCTAssertNoThrow(try rowsConnection.callAndWait(destination: busName, path: "\(root)/picker/mine", interface: pickerInterface, member: "AttachDataSource", [.objectPath(object), options([])]),
                         "root's data source is asked; log:\n\(daemon.log.suffix(1_500))")
        XCTAssertEqual(try call("\(root)/picker/mine", pickerInterface, "TitleForRow", [.int32(2), .int32(0)]), [.string("served 2")])
    }
}
