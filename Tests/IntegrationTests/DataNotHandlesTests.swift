import BusTestSupport
import CLinux
import DBus
import Foundation
import Glibc
import XCTest

/// API rule 12: a model, an option or any value inside a `v` is data. A
/// descriptor there once let one uid read another's descriptors: the daemon
/// kept the number, closed the descriptor after the call, and later sent
/// whatever it had open at that number to anyone who read the model. And a
/// dictionary says each key once.
final class DataNotHandlesTests: DaemonTestCase {
    private let picker = "\(root)/picker/p"
    private let table = "\(root)/table/t"
    private let form = "\(root)/form/f"

    /// A memfd holding `text`, as the victim's `LoadItems` used.
    private func memfd(_ text: String) -> Int32 {
        let fd = clinux_memfd("rows")
        XCTAssertGreaterThanOrEqual(fd, 0)
        _ = text.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count - 1) }
        return fd
    }

    /// What a refused call must leave as it was: a widget's Revision, the manager's Widgets.
    private func revision(_ path: String, _ interface: String) throws -> DBusValue? {
        try property(path, interface, interface == managerInterface ? "Widgets" : "Revision")
    }

    /// A refused call: `InvalidArgs` whose message starts with `location`,
    /// the widget's Revision as it was, no signal, and the daemon answering.
    private func assertRefused(_ path: String, _ interface: String, _ member: String, _ arguments: [DBusValue], at location: String,
                               widgetInterface: String? = nil, file: StaticString = #filePath, line: UInt = #line) throws {
        let revisionBefore = try revision(path, widgetInterface ?? interface)
        _ = takeEvents()
        let refusal = error(path, interface, member, arguments)
        XCTAssertEqual(refusal?.name, DBusError.Name.invalidArgs, "\(member): \(refusal?.message ?? "accepted")", file: file, line: line)
        XCTAssertTrue(refusal?.message.hasPrefix(location + ": ") == true, "\(member) names \(location): \(refusal?.message ?? "")", file: file, line: line)
        XCTAssertEqual(takeEvents(), ["error \(DBusError.Name.invalidArgs)"], "\(member) sent no signal", file: file, line: line)
        XCTAssertEqual(try revision(path, widgetInterface ?? interface), revisionBefore, "\(member) changed nothing", file: file, line: line)
        XCTAssertNoThrow(try client.callAndWait(destination: busName, path: root, interface: "org.freedesktop.DBus.Peer", member: "Ping"), file: file, line: line)
    }

    func testADescriptorInsideAModelIsRefusedSoNoneCanBeHandedOn() throws {
        // The victim binds rows from a memfd, the way LoadItems is meant to be used.
        try call(root, managerInterface, "CreatePicker", [.string("victim"), options([])])
        let secret = memfd("VICTIM-SECRET-ROW\n")
        defer { close(secret) }
        try call("\(root)/picker/victim", pickerInterface, "LoadItems", [.unixFD(secret), options([])])
        // The attacker stores a descriptor as a model of its own picker.
        try call(root, managerInterface, "CreatePicker", [.string("p"), options([])])
        let own = memfd("attacker")
        defer { close(own) }
        let handleModel = DBusValue.array(element: .array(.variant), [.array(element: .variant, [.variant(.unixFD(own))])])
        try assertRefused(picker, pickerInterface, "SetModels", [handleModel], at: "models[0][0]")
        let read = error(picker, pickerInterface, "Model", [.int32(0), .int32(0)])
        XCTAssertEqual(read?.name, errorPrefix + "ItemsNotBound", "nothing was stored, so no descriptor can come back")
    }

    func testEveryVariantTheDaemonTakesRefusesADescriptor() throws {
        let fd = memfd("x")
        defer { close(fd) }
        let handle = DBusValue.variant(.unixFD(fd))
        try call(root, managerInterface, "CreatePicker", [.string("p"), options([("items", titles([["a", "b"]]))])])
        try call(root, managerInterface, "CreateTable", [.string("t"), options([("items", .array(element: .string, [.string("a")]))])])
        try call(root, managerInterface, "CreateForm", [.string("f"), .string(#"{"fields":[{"name":"t","kind":"text"}]}"#), options([])])

        try assertRefused(root, managerInterface, "CreatePicker", [.string("q"), options([("items", .unixFD(fd))])], at: "options['items']")
        XCTAssertEqual(try property(root, managerInterface, "Widgets")?.arrayElements?.count, 3, "no widget was created")
        let nested = DBusValue.variant(.structure([.string("deep"), .array(element: .variant, [.variant(.unixFD(fd))])]))
        try assertRefused(picker, pickerInterface, "SetModels", [.array(element: .array(.variant), [.array(element: .variant, [.variant(.string("a")), nested])])],
                          at: "models[0][1].1[0]")
        try assertRefused(picker, pickerInterface, "SetAdapter", [.string("attributed"), options([("attributes", .dictionary(key: .string, value: .variant, [(.string("color"), handle)]))])],
                          at: "options['attributes']['color']")
        try assertRefused(picker, pickerInterface, "LoadItems", [.unixFD(fd), options([("separator", .unixFD(fd))])], at: "options['separator']")
        try assertRefused(table, tableInterface, "SetItems", [.array(element: .variant, [.variant(.string("a")), handle])], at: "models[1]")
        try assertRefused(table, tableInterface, "SetSections", [.array(element: .structure([.string, .array(.variant)]), [.structure([.string("head"), .array(element: .variant, [handle])])])],
                          at: "sections[0].1[0]")
        try assertRefused(table, "org.freedesktop.DBus.Properties", "Set", [.string(tableInterface), .string("Editable"), handle], at: "value", widgetInterface: tableInterface)
        try assertRefused(form, formInterface, "SetValue", [.string("t"), handle], at: "value")
        try assertRefused(form, formInterface, "SetValues", [options([("t", .unixFD(fd))]), .uint64(0)], at: "values['t']")
        // The one method whose signature has an 'h' still takes its descriptor.
        XCTAssertNil(error(picker, pickerInterface, "LoadItems", [.unixFD(fd), options([])]))
    }

    func testADictionaryWithARepeatedKeyIsRefused() throws {
        try call(root, managerInterface, "CreateForm", [.string("f"), .string(#"{"fields":[{"name":"t","kind":"text"},{"name":"u","kind":"text"}]}"#), options([])])
        try call(root, managerInterface, "CreatePicker", [.string("p"), options([("items", titles([["a"]]))])])
        let twice = options([("items", titles([["a"]])), ("transient", .boolean(true)), ("items", titles([["b"]]))])
        try assertRefused(root, managerInterface, "CreatePicker", [.string("q"), twice], at: "options")
        XCTAssertTrue(error(root, managerInterface, "CreatePicker", [.string("q"), twice])?.message.contains("the key 'items' appears more than once") == true)
        XCTAssertEqual(try property(root, managerInterface, "Widgets")?.arrayElements?.count, 2)
        // 100,000 entries repeating the form's fields: refused at the first repeat.
        let repeated = options((0..<100_000).map { (["t", "u"][$0 % 2], .string("v\($0)")) })
        try assertRefused(form, formInterface, "SetValues", [repeated, .uint64(0)], at: "values")
        XCTAssertEqual(try call(form, formInterface, "GetValue", [.string("t")]).first, .variant(.string("")))
        // Inside a model too: a dictionary model says each key once.
        let model = DBusValue.variant(.dictionary(key: .string, value: .variant, [(.string("k"), .variant(.int32(1))), (.string("k"), .variant(.int32(2)))]))
        try assertRefused(picker, pickerInterface, "SetModels", [.array(element: .array(.variant), [.array(element: .variant, [model])])], at: "models[0][0]")
    }
}
