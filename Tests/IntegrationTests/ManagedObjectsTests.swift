import BusTestSupport
import DBus
import Foundation
import Glibc
import XCTest

/// `GetManagedObjects` over many widgets is written once and kept until
/// the widgets change: any uid may call it in a loop, and over 1,000
/// widgets each call read and wrote every property, 574 ms of the loop.
/// What is kept must never be stale: a change, a new widget, a destroyed
/// one and another reader's view each show at once. That only what changed
/// is read again is ObjectServerTests' to show; what a kept answer saves,
/// `make bench`'s managed-objects case.
final class ManagedObjectsTests: DaemonTestCase {
    private let propertiesInterface = "org.freedesktop.DBus.Properties"
    private let formInterface = "org.rxwidgets.Widgets1.Form"

    private func managedObjects() throws -> [DBusValue: DBusValue] {
        let reply = try client.callAndWait(destination: busName, path: root, interface: "org.freedesktop.DBus.ObjectManager", member: "GetManagedObjects", [], timeoutMilliseconds: 60_000)
        return Dictionary(uniqueKeysWithValues: (reply.first?.dictionaryEntries ?? []).map { ($0.key, $0.value) })
    }

    private func value(_ objects: [DBusValue: DBusValue], _ path: String, _ interface: String, _ name: String) -> DBusValue? {
        let interfaces = objects[.objectPath(ObjectPath(path)!)]?.dictionaryEntries ?? []
        let properties = interfaces.first { $0.key == .string(interface) }?.value.dictionaryEntries ?? []
        return properties.first { $0.key == .string(name) }?.value.variantValue
    }

    /// 100 pickers of 4 × 1,000 rows, 100 tables of 1,000 rows, 100 forms of 20 fields of 4,000 characters.
    private func makeWidgets() throws {
        let rows = (0..<1_000).map { "row \($0)" }
        for index in 0..<100 {
            try call(root, managerInterface, "CreatePicker", [.string("p\(index)"), options([("items", titles(Array(repeating: rows, count: 4)))])])
            try call(root, managerInterface, "CreateTable", [.string("t\(index)"), options([("items", .array(element: .string, rows.map { .string($0) }))])])
            let fields = (0..<20).map { #"{"name":"f\#($0)","kind":"text"}"# }.joined(separator: ",")
            try call(root, managerInterface, "CreateForm", [.string("f\(index)"), .string(#"{"fields":[\#(fields)]}"#), options([])])
            let text = String(repeating: "v", count: 4_000)
            try call("\(root)/form/f\(index)", formInterface, "SetValues", [options((0..<20).map { ("f\($0)", .string(text)) }), .uint64(0)])
        }
    }

    func testAKeptAnswerIsNeverStale() throws {
        try makeWidgets()
        let first = try managedObjects()
        XCTAssertEqual(first.count, 300, "every widget below the manager")
        XCTAssertEqual(try managedObjects(), first, "unchanged, the same answer")
        try call("\(root)/picker/p7", pickerInterface, "SelectRow", [.int32(999), .int32(2)])
        try call("\(root)/form/f3", formInterface, "SetValue", [.string("f0"), .variant(.string("changed"))])
        try call(root, managerInterface, "CreatePicker", [.string("new"), options([])])
        try call(root, managerInterface, "Destroy", [.objectPath(ObjectPath("\(root)/table/t5")!)])
        let changed = try managedObjects()
        XCTAssertEqual(value(changed, "\(root)/picker/p7", pickerInterface, "SelectedRows"), .array(element: .int32, [.int32(0), .int32(0), .int32(999), .int32(0)]))
        XCTAssertEqual(value(changed, "\(root)/form/f3", formInterface, "Values")?.dictionaryEntries?.first { $0.key == .string("f0") }?.value, .variant(.string("changed")))
        XCTAssertNotNil(changed[.objectPath(ObjectPath("\(root)/picker/new")!)], "a new widget")
        XCTAssertNil(changed[.objectPath(ObjectPath("\(root)/table/t5")!)], "a destroyed one")
        XCTAssertEqual(changed.count, 300)
        var expected = first
        expected[.objectPath(ObjectPath("\(root)/table/t5")!)] = nil
        for path in ["\(root)/picker/p7", "\(root)/form/f3", "\(root)/picker/new"] {
            expected[.objectPath(ObjectPath(path)!)] = changed[.objectPath(ObjectPath(path)!)]
        }
        XCTAssertEqual(changed, expected, "every other widget as it was")
    }

    /// A secret is shown to its owner and redacted for another uid, whoever asked first.
    func testEachReaderSeesItsOwnView() throws {
        guard getuid() == 0 else { throw XCTSkip("switching to another uid needs root") }
        try call(root, managerInterface, "CreateForm", [.string("s"), .string("sign-up"), options([])])
        try call("\(root)/form/s", formInterface, "SetValue", [.string("password"), .variant(.string("hunter22"))])
        let script = """
        import dbus
        bus = dbus.bus.BusConnection("\(bus.address)")
        manager = dbus.Interface(bus.get_object("\(busName)", "\(root)", introspect=False), "org.freedesktop.DBus.ObjectManager")
        print("hunter22" in repr(manager.GetManagedObjects()))
        """
        let nobody = ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3", "-c", script]
        XCTAssertEqual(try runCommand("/usr/bin/setpriv", nobody, timeout: .seconds(60)).output, "False\n", "redacted for another uid, asked first")
        XCTAssertEqual(value(try managedObjects(), "\(root)/form/s", formInterface, "Values")?.dictionaryEntries?.first { $0.key == .string("password") }?.value,
                       .variant(.string("hunter22")), "shown to its owner")
        XCTAssertEqual(try runCommand("/usr/bin/setpriv", nobody, timeout: .seconds(60)).output, "False\n", "redacted for another uid, asked again")
    }
}
