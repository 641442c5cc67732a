import BusTestSupport
import DBus
import Foundation
import RxCoreEssentials
import RxWidgets
import RxWidgetsClient
import XCTest

/// The daemon attacked as a hostile local user would: each of the ways one
/// small call once crashed, stalled or bloated it, or changed another user's
/// widget, and generated attacks around every bound. Every refused call must
/// get an error reply with the right name, change nothing (Revision as it
/// was), send no signal, and leave the daemon answering `Peer.Ping`.
final class HostileInputTests: DaemonTestCase {
    override var daemonArguments: [String] { ["--max-widgets", "40", "--max-widgets-per-uid", "5"] }

    private let nobody = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]

    private func createForm(_ name: String, _ spec: String) -> DBusError? {
        error(root, managerInterface, "CreateForm", [.string(name), .string(spec), options([])])
    }

    /// The daemon still serves: a ping, and the manager's properties.
    private func assertAnswering(_ context: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNoThrow(try client.callAndWait(destination: busName, path: root, interface: "org.freedesktop.DBus.Peer", member: "Ping", timeoutMilliseconds: 10_000),
                         "the daemon answers after \(context); log:\n\(daemon.log.suffix(2_000))", file: file, line: line)
        XCTAssertNoThrow(try client.callAndWait(destination: busName, path: root, interface: "org.freedesktop.DBus.ObjectManager", member: "GetManagedObjects", timeoutMilliseconds: 10_000),
                         "GetManagedObjects answers after \(context)", file: file, line: line)
    }

    /// A refused call: the error's name, no signal, and the daemon answering.
    private func assertRefused(_ error: DBusError?, _ name: String, containing text: String? = nil, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(error?.name, name, "\(context): \(error?.message.prefix(300) ?? "no error")", file: file, line: line)
        if let text {
            XCTAssertTrue(error?.message.contains(text) == true, "\(context): \(error?.message.prefix(300) ?? "")", file: file, line: line)
        }
        XCTAssertLessThan(error?.message.count ?? 0, 2_000, "\(context): the message quotes at most ~200 characters of a value", file: file, line: line)
        XCTAssertEqual(takeEvents().filter { $0 != "reply" && !$0.hasPrefix("error") }, [], "\(context) sent no signal", file: file, line: line)
        assertAnswering(context, file: file, line: line)
        _ = takeEvents()
    }

    private func widgetPaths() throws -> [String] {
        (try property(root, managerInterface, "Widgets")?.arrayElements ?? []).compactMap(\.stringValue)
    }

    // MARK: The seven reproductions

    func testDeeplyNestedPatternIsRefusedNotAStackOverflow() throws {
        // As deep as the string limit lets a pattern be: 32,000 groups in 64,001 characters.
        let deep = String(repeating: "(", count: 32_000) + "a" + String(repeating: ")", count: 32_000)
        let spec = #"{"fields":[{"name":"t","kind":"text","rules":{"pattern":"\#(deep)"}}]}"#
        assertRefused(createForm("deep", spec), errorPrefix + "InvalidSpec", containing: "$.fields[0].rules.pattern: not a supported pattern", "32,000 nested groups")
        let stacked = #"{"fields":[{"name":"t","kind":"text","rules":{"pattern":"a\#(String(repeating: "{1}", count: 21_000))"}}]}"#
        assertRefused(createForm("stacked", stacked), errorPrefix + "InvalidSpec", containing: "nested more than 100 deep", "21,000 stacked quantifiers")
        let tooLong = String(repeating: "(", count: 50_000) + "a" + String(repeating: ")", count: 50_000)
        assertRefused(createForm("long", #"{"fields":[{"name":"t","kind":"text","rules":{"pattern":"\#(tooLong)"}}]}"#), errorPrefix + "LimitExceeded",
                      containing: "a string of 100001 characters", "50,000 nested groups, past the string limit")
    }

    func testAFailedCreateLeavesNoGhostObject() throws {
        let spec = #"{"fields":[{"name":"a","kind":"text","initial":"\u0000"}]}"#
        assertRefused(createForm("g", spec), errorPrefix + "InvalidSpec", containing: "$.fields[0].initial", "an initial value with NUL")
        XCTAssertEqual(try widgetPaths(), [])
        let managed = try client.callAndWait(destination: busName, path: root, interface: "org.freedesktop.DBus.ObjectManager", member: "GetManagedObjects")
        XCTAssertEqual(managed.first?.dictionaryEntries?.count, 0)
        XCTAssertNil(createForm("g", #"{"fields":[{"name":"a","kind":"text"}]}"#), "the name is free again")
    }

    func testNULInAChoiceOptionIsRefusedAtTheEdge() throws {
        let spec = #"{"fields":[{"name":"c","kind":"choice","options":["x","y\u0000"]}],"buttons":[{"name":"b","field":"c","value":"y\u0000"}]}"#
        assertRefused(createForm("n", spec), errorPrefix + "InvalidSpec", containing: "$.fields[0].options[1]", "an option with NUL")
        XCTAssertEqual(try widgetPaths(), [])
    }

    func testAPatternThatWouldStallIsRefusedByTheMatchingBudget() throws {
        let spec = #"{"fields":[{"name":"t","kind":"text","rules":{"pattern":"\#(String(repeating: ".*", count: 6_000))"}}]}"#
        assertRefused(createForm("slow", spec), errorPrefix + "LimitExceeded", containing: "the budget is 8388608", "a pattern costing 18,001 × 65,536 steps")
        let bounded = #"{"fields":[{"name":"t","kind":"text","rules":{"maxLength":200,"pattern":"\#(String(repeating: ".*", count: 6_000))"}}]}"#
        XCTAssertNil(createForm("bounded", bounded), "the same pattern on a field of at most 200 characters fits the budget")
        try call("\(root)/form/bounded", formInterface, "SetValue", [.string("t"), .variant(.string(String(repeating: "x", count: 65_536)))])
        XCTAssertEqual(try call("\(root)/form/bounded", formInterface, "Validate")[1].dictionaryEntries?.first?.value,
                       .structure([.boolean(false), .string("tooLong"), .string("Please use at most 200 characters (you are using 65536).")]))
        assertAnswering("a 65,536-character value")
    }

    func testSpecsThatWouldBloatTheDaemonAreRefusedByBudget() throws {
        let before = try residentMiB()
        let manyPatterns = #"{"fields":["# + (0..<1_000).map { #"{"name":"t\#($0)","kind":"text","rules":{"pattern":"(?:a{999}){20}"}}"# }.joined(separator: ",") + "]}"
        assertRefused(createForm("bloat", manyPatterns), errorPrefix + "LimitExceeded", containing: "$.fields: 1000 fields; the limit is 256", "1,000 fields with large patterns")
        let fewPatterns = #"{"fields":["# + (0..<200).map { #"{"name":"t\#($0)","kind":"text","rules":{"maxLength":8,"pattern":"(?:a{999}){20}"}}"# }.joined(separator: ",") + "]}"
        assertRefused(createForm("bloat", fewPatterns), errorPrefix + "LimitExceeded", containing: "the budget is 100000", "200 fields with large patterns")
        let switches = #"{"fields":["# + (0..<25_000).map { #"{"name":"s\#($0)","kind":"switch"}"# }.joined(separator: ",") + "]}"
        assertRefused(createForm("bloat", switches), errorPrefix + "LimitExceeded", containing: "25000 fields", "25,000 switch fields")
        let widest = #"{"fields":["# + (0..<256).map { #"{"name":"t\#($0)","kind":"text","rules":{"maxLength":4,"pattern":"(?:a{389}){1}"}}"# }.joined(separator: ",") + "]}"
        for index in 0..<4 {
            XCTAssertNil(createForm("wide\(index)", widest), "a spec at the field and instruction budgets is served")
        }
        XCTAssertLessThan(try residentMiB() - before, 4 * 64, "four specs at the budgets stay within 64 MiB each")
    }

    func testAnUnknownUIDIsRefusedAndATransientWidgetOfAGoneCreatorIsNotKept() throws {
        guard getuid() == 0 else { throw XCTSkip("switching to another uid needs root") }
        try call(root, managerInterface, "CreatePicker", [.string("mine"), options([("items", titles([["a", "b"]]))])])
        let path = "\(root)/picker/mine"
        // Sent without waiting for the reply: the sender is often gone before
        // the daemon can ask the bus who it was.
        let send = nobody + ["/usr/bin/busctl", "--address=\(bus.address)", "--expect-reply=no", "call", busName]
        for _ in 0..<20 {
            _ = try runCommand(send[0], Array(send.dropFirst()) + [root, managerInterface, "Destroy", "o", path])
            _ = try runCommand(send[0], Array(send.dropFirst()) + [path, pickerInterface, "SetItems", "aas", "1", "1", "x"])
            _ = try runCommand(send[0], Array(send.dropFirst()) + [root, managerInterface, "CreatePicker", "sa{sv}", "ghost", "1", "transient", "b", "true"])
        }
        assertAnswering("60 fire-and-forget calls")
        XCTAssertEqual(try property(path, pickerInterface, "Revision"), .uint64(1), "no call of another uid changed the widget")
        XCTAssertEqual(try property(path, pickerInterface, "RowCounts"), .array(element: .int32, [.int32(2)]))
        var paths = try widgetPaths()
        for _ in 0..<50 where paths != [path] {
            MainLoop.shared.run(while: { true }, timeout: .milliseconds(100))
            paths = try widgetPaths()
        }
        XCTAssertEqual(paths, [path], "no transient widget of a creator that is gone is kept")
        XCTAssertTrue(daemon.log.isEmpty || !daemon.log.contains("<2>"), daemon.log)
    }

    /// Only the bus tells the daemon it lost its name: a `NameLost` any
    /// client sends it straight (to its unique name) stopped it before.
    func testANameLostFromAClientDoesNotStopTheDaemon() throws {
        let owner = try client.callAndWait(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                                           member: "GetNameOwner", [.string(busName)])
        guard let unique = owner.first?.stringValue else { return XCTFail("the daemon owns no name") }
        let emitted = try runCommand("/usr/bin/gdbus", ["emit", "--address", bus.address, "--dest", unique, "--object-path", "/org/freedesktop/DBus",
                                                        "--signal", "org.freedesktop.DBus.NameLost", busName])
        XCTAssertEqual(emitted.status, 0, emitted.error)
        MainLoop.shared.run(while: { true }, timeout: .milliseconds(500))
        XCTAssertTrue(daemon.process.isRunning, "the daemon still runs; log:\n\(daemon.log.suffix(2_000))")
        assertAnswering("a NameLost sent by a client")
    }

    /// Only the bus says who left it: a `NameOwnerChanged` (":1.N", ":1.N",
    /// "") naming a live client as gone, one naming the daemon's own name
    /// as gone, and a `NameLost`, each sent by uid 65534 both straight to
    /// the daemon and to everyone, are ignored. The client's transient
    /// picker stays, its data source still serves `Titles` (asked again for
    /// a row not cached), and the daemon answers; the client's real leaving
    /// then does take its picker.
    func testSpoofedNameOwnerChangedAndNameLostFromAnotherUIDAreIgnored() throws {
        guard getuid() == 0 else { throw XCTSkip("switching to another uid needs root") }
        let holder = try WidgetsClient(address: bus.address)
        let picker = try holder.createPicker("held", transient: true)
        let path = picker.path.rawValue
        var asked: [Range<Int>] = []
        let serving = try holder.servePickerDataSource(on: picker, rowCounts: { [1_000_000] }) { _, rows in
            asked.append(rows)
            return rows.map { "served \($0)" }
        }
        defer { serving.dispose() }
        XCTAssertEqual(try call(path, pickerInterface, "Titles", [.int32(0), .int32(0), .int32(1)]).first, .array(element: .string, [.string("served 0")]))
        let owner = try client.callAndWait(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "GetNameOwner", [.string(busName)])
        guard let daemonName = owner.first?.stringValue else { return XCTFail("the daemon owns no name") }
        let holderName = holder.connection.uniqueName
        let script = """
        import sys, dbus, dbus.lowlevel
        bus = dbus.bus.BusConnection(sys.argv[1])
        daemon, holder, name = sys.argv[2:5]
        for destination in (daemon, None):
            for member, signature, arguments in (("NameOwnerChanged", "sss", (holder, holder, "")),
                                                 ("NameOwnerChanged", "sss", (name, daemon, "")),
                                                 ("NameLost", "s", (name,))):
                message = dbus.lowlevel.SignalMessage("/org/freedesktop/DBus", "org.freedesktop.DBus", member)
                if destination:
                    message.set_destination(destination)
                message.append(*arguments, signature=signature)
                bus.send_message(message)
        bus.flush()
        print(bus.get_unique_name())
        """
        let spoofed = try runCommand(nobody[0], Array(nobody.dropFirst()) + ["/usr/bin/python3", "-c", script, bus.address, daemonName, holderName, busName])
        XCTAssertEqual(spoofed.status, 0, spoofed.error)
        XCTAssertTrue(spoofed.output.hasPrefix(":1."), "the signals were sent: \(spoofed.output) \(spoofed.error)")
        MainLoop.shared.run(while: { true }, timeout: .milliseconds(500))
        XCTAssertTrue(daemon.process.isRunning, "the daemon still runs; log:\n\(daemon.log.suffix(2_000))")
        XCTAssertEqual(try widgetPaths(), [path], "the transient picker of a client still on the bus stays")
        XCTAssertEqual(try call(path, pickerInterface, "Titles", [.int32(0), .int32(900_000), .int32(2)]).first, .array(element: .string, [.string("served 900000"), .string("served 900001")]))
        XCTAssertEqual(asked.last?.contains(900_000), true, "the data source was asked: it is still attached")
        XCTAssertEqual(try client.callAndWait(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "GetNameOwner", [.string(busName)]).first,
                       .string(daemonName), "the daemon kept its name")
        assertAnswering("spoofed NameOwnerChanged and NameLost from uid 65534")
        holder.connection.close()
        XCTAssertTrue(waitUntil(timeout: 10) { (try? self.widgetPaths()) == [] }, "the client's real leaving takes its transient picker")
    }

    func testAnotherUIDCannotLoadItemsIntoAWidget() throws {
        guard getuid() == 0 else { throw XCTSkip("switching to another uid needs root") }
        try call(root, managerInterface, "CreatePicker", [.string("mine"), options([("items", titles([["a"]]))])])
        let rows = bus.directory.appendingPathComponent("rows")
        try Data("x\ny\n".utf8).write(to: rows)
        // busctl and gdbus cannot send a descriptor; python3-dbus can.
        let script = """
        import dbus, os
        bus = dbus.bus.BusConnection("\(bus.address)")
        picker = bus.get_object("\(busName)", "\(root)/picker/mine")
        try:
            picker.LoadItems(dbus.types.UnixFd(os.open("\(rows.path)", os.O_RDONLY)), dbus.Dictionary({}, signature="sv"), dbus_interface="\(pickerInterface)")
        except dbus.exceptions.DBusException as error:
            print(error.get_dbus_name(), error.get_dbus_message())
        """
        let load = try runCommand(nobody[0], Array(nobody.dropFirst()) + ["/usr/bin/python3", "-c", script])
        XCTAssertEqual(load.output, "org.freedesktop.DBus.Error.AccessDenied picker 'mine' belongs to uid 0; uid 65534 may only read it\n", load.error)
        XCTAssertEqual(try property("\(root)/picker/mine", pickerInterface, "Revision"), .uint64(1))
        XCTAssertEqual(try property("\(root)/picker/mine", pickerInterface, "RowCounts"), .array(element: .int32, [.int32(1)]))
        assertAnswering("another uid's LoadItems")
    }

    func testOneUIDCannotFillTheDaemonForOthers() throws {
        guard getuid() == 0 else { throw XCTSkip("switching to another uid needs root") }
        let busctl = nobody + ["/usr/bin/busctl", "--address=\(bus.address)"]
        for index in 0..<5 {
            let created = try runCommand(busctl[0], Array(busctl.dropFirst()) + ["call", busName, root, managerInterface, "CreatePicker", "sa{sv}", "n\(index)", "0"])
            XCTAssertEqual(created.status, 0, created.error)
        }
        let refused = try runCommand(busctl[0], Array(busctl.dropFirst()) + ["call", busName, root, managerInterface, "CreatePicker", "sa{sv}", "n5", "0"])
        XCTAssertTrue(refused.error.contains("uid 65534 holds 5 widgets; the limit per uid is 5"), refused.error)
        XCTAssertNoThrow(try call(root, managerInterface, "CreatePicker", [.string("root"), options([])]), "uid 0 is not held to the quota")
        let destroyed = try runCommand(busctl[0], Array(busctl.dropFirst()) + ["call", busName, root, managerInterface, "Destroy", "o", "\(root)/picker/n0"])
        XCTAssertEqual(destroyed.status, 0, destroyed.error)
        let again = try runCommand(busctl[0], Array(busctl.dropFirst()) + ["call", busName, root, managerInterface, "CreatePicker", "sa{sv}", "n5", "0"])
        XCTAssertEqual(again.status, 0, "a destroyed widget frees its place in the quota: \(again.error)")
    }

    // MARK: Smaller findings

    func testLongValuesAreQuotedCutInErrors() throws {
        let name = String(repeating: "n", count: 900_000)
        let refused = error(root, managerInterface, "CreatePicker", [.string(name), options([])])
        assertRefused(refused, errorPrefix + "InvalidName", containing: "…' (900000 characters)", "a 900,000-character name")
        let initial = String(repeating: "x", count: 65_537)
        assertRefused(createForm("long", #"{"fields":[{"name":"a","kind":"text","initial":"\#(initial)"}]}"#), errorPrefix + "LimitExceeded",
                      containing: "$.fields[0].initial: a string of 65537 characters; the limit is 65536", "a 65,537-character initial text")
    }

    // MARK: Generated attacks

    func testTheHighlightGesturesRefuseBadArgumentsAndOtherUIDs() throws {
        try call(root, managerInterface, "CreateTable", [.string("rows"), options([("items", .array(element: .string, [.string("a"), .string("b")]))])])
        let path = "\(root)/table/rows"
        _ = takeEvents()
        var deep = DBusValue.int32(0)
        for _ in 0..<31 {
            deep = .array(element: deep.type, [deep])
        }
        for member in ["HighlightRow", "UnhighlightRow"] {
            assertRefused(error(path, tableInterface, member, [.string(String(repeating: "x", count: 100_000)), .int32(0)]),
                          "org.freedesktop.DBus.Error.InvalidArgs", "\(member) with an over-long string for its section")
            assertRefused(error(path, tableInterface, member, [.variant(deep), .int32(0)]),
                          "org.freedesktop.DBus.Error.InvalidArgs", "\(member) with a value nested 32 deep for its section")
            assertRefused(error(path, tableInterface, member, [.int32(Int32.max), .int32(0)]), errorPrefix + "OutOfRange", "\(member) of a section the table lacks")
            assertRefused(error(path, tableInterface, member, [.int32(0), .int32(-1)]), errorPrefix + "OutOfRange", "\(member) of row -1")
        }
        // The arguments are integers: a string with NUL cannot take their
        // place on the wire any more than another string can (above).
        if getuid() == 0 {
            let script = """
            import dbus
            bus = dbus.bus.BusConnection("\(bus.address)")
            table = bus.get_object("\(busName)", "\(path)")
            for member in ("HighlightRow", "UnhighlightRow"):
                try:
                    table.get_dbus_method(member, "\(tableInterface)")(dbus.Int32(0), dbus.Int32(1))
                except dbus.exceptions.DBusException as error:
                    print(error.get_dbus_name())
            """
            let other = try runCommand(nobody[0], Array(nobody.dropFirst()) + ["/usr/bin/python3", "-c", script])
            XCTAssertEqual(other.output, "org.freedesktop.DBus.Error.AccessDenied\norg.freedesktop.DBus.Error.AccessDenied\n", other.error)
        }
        XCTAssertEqual(takeEvents().filter { $0.hasPrefix("Item") }, [], "no highlight was sent")
        XCTAssertEqual(try property(path, tableInterface, "Revision"), .uint64(1))
        assertAnswering("refused highlight gestures")
    }

    func testTheDynamicMembersRefuseBadArgumentsAndOtherUIDs() throws {
        XCTAssertNil(createForm("f", "github-signup"))
        let form = "\(root)/form/f"
        try call(root, managerInterface, "CreatePicker", [.string("p"), options([("items", titles([["a"]])), ("dependent", .array(element: .array(.dictEntry(key: .string, value: .array(.string))), [
            .dictionary(key: .string, value: .array(.string), [(.string("a"), .array(element: .string, [.string("b")]))]),
        ]))])])
        let picker = "\(root)/picker/p"
        _ = takeEvents()
        let long = String(repeating: "x", count: 100_000)
        let maps = { (title: String) in DBusValue.array(element: .array(.dictEntry(key: .string, value: .array(.string))), [
            .dictionary(key: .string, value: .array(.string), [(.string("a"), .array(element: .string, [.string(title)]))]),
        ]) }
        assertRefused(error(form, formInterface, "Commit", [.string(long)]), errorPrefix + "UnknownField", containing: "(100000 characters)", "Commit of a 100,000-character field")
        assertRefused(error(form, formInterface, "AttachValidator", [.string(long), .objectPath(ObjectPath("/v")!)]), "org.freedesktop.DBus.Error.InvalidArgs", containing: "(100000 characters)", "a 100,000-character validator name")
        assertRefused(error(form, formInterface, "AttachOptionsProvider", [.string("usernameAvailable"), .objectPath(ObjectPath("/v")!)]), "org.freedesktop.DBus.Error.InvalidArgs", "a provider no field uses")
        assertRefused(error(form, formInterface, "AttachValidator", [.string("usernameAvailable")]), "org.freedesktop.DBus.Error.InvalidArgs", "AttachValidator without its object")
        assertRefused(error(picker, pickerInterface, "SetDependentItems", [maps(long)]), errorPrefix + "LimitExceeded", "a 100,000-character title in a map")
        var deep = DBusValue.string("x")
        for _ in 0..<31 {
            deep = .array(element: deep.type, [deep])
        }
        assertRefused(error(picker, pickerInterface, "SetDependentItems", [.variant(deep)]), "org.freedesktop.DBus.Error.InvalidArgs", "SetDependentItems with a value nested 32 deep")
        assertRefused(error(root, managerInterface, "CreatePicker", [.string("q"), options([("dependent", .variant(deep))])]), "org.freedesktop.DBus.Error.InvalidArgs", "a dependent option nested 32 deep")
        if getuid() == 0 {
            let script = """
            import dbus
            bus = dbus.bus.BusConnection("\(bus.address)")
            form = bus.get_object("\(busName)", "\(form)")
            picker = bus.get_object("\(busName)", "\(picker)")
            for call in (lambda: form.get_dbus_method("Commit", "\(formInterface)")("username"),
                         lambda: form.get_dbus_method("AttachValidator", "\(formInterface)")("usernameAvailable", dbus.ObjectPath("/v")),
                         lambda: picker.get_dbus_method("SetDependentItems", "\(pickerInterface)")(dbus.Array([{"a": ["z"]}], signature="a{sas}"))):
                try:
                    call()
                except dbus.exceptions.DBusException as error:
                    print(error.get_dbus_name())
            """
            let other = try runCommand(nobody[0], Array(nobody.dropFirst()) + ["/usr/bin/python3", "-c", script])
            XCTAssertEqual(other.output, String(repeating: "org.freedesktop.DBus.Error.AccessDenied\n", count: 3), other.error)
        }
        XCTAssertEqual(takeEvents().filter { !$0.hasPrefix("reply") && !$0.hasPrefix("error") }, [], "no signal")
        XCTAssertEqual(try property(form, formInterface, "Revision"), .uint64(1))
        XCTAssertEqual(try property(picker, pickerInterface, "Revision"), .uint64(1))
        XCTAssertEqual(try call(picker, pickerInterface, "Titles", [.int32(1), .int32(0), .int32(5)]).first, .array(element: .string, [.string("b")]), "the maps as they were")
        assertAnswering("refused dynamic members")
    }

    func testSetErrorsAndReplaceRefuseBadArgumentsAndOtherUIDs() throws {
        XCTAssertNil(createForm("f", "sign-up"))
        let path = "\(root)/form/f"
        _ = takeEvents()
        let errors = { (message: String) in DBusValue.dictionary(key: .string, value: .string, [(.string("username"), .string(message))]) }
        assertRefused(error(path, formInterface, "SetErrors", [errors(String(repeating: "x", count: 100_000))]), errorPrefix + "LimitExceeded", "SetErrors with an over-long message")
        assertRefused(error(path, formInterface, "SetErrors", [.dictionary(key: .string, value: .string, [(.string(String(repeating: "f", count: 100_000)), .string("x"))])]),
                      errorPrefix + "UnknownField", "SetErrors naming a 100,000-character field")
        var deep = DBusValue.string("x")
        for _ in 0..<31 {
            deep = .array(element: deep.type, [deep])
        }
        assertRefused(error(path, formInterface, "SetErrors", [.variant(deep)]), "org.freedesktop.DBus.Error.InvalidArgs", "SetErrors with a value nested 32 deep")
        assertRefused(error(path, formInterface, "SetErrors", [.dictionary(key: .string, value: .string, [(.string("username"), .string("a")), (.string("username"), .string("b"))])]),
                      "org.freedesktop.DBus.Error.InvalidArgs", "SetErrors naming a field twice")
        assertRefused(error(root, managerInterface, "CreateForm", [.string("f"), .string("sign-up"), options([("replace", .string("yes"))])]),
                      "org.freedesktop.DBus.Error.InvalidArgs", "replace of the wrong type")
        // D-Bus strings cannot carry NUL: the bus refuses such a message
        // before the daemon sees it, as for every string argument (above).
        if getuid() == 0 {
            let script = """
            import dbus
            bus = dbus.bus.BusConnection("\(bus.address)")
            form = bus.get_object("\(busName)", "\(path)")
            manager = bus.get_object("\(busName)", "\(root)")
            for call in (lambda: form.get_dbus_method("SetErrors", "\(formInterface)")({"username": "taken"}),
                         lambda: manager.get_dbus_method("CreateForm", "\(managerInterface)")("f", "sign-up", {"replace": True})):
                try:
                    call()
                except dbus.exceptions.DBusException as error:
                    print(error.get_dbus_name())
            """
            let other = try runCommand(nobody[0], Array(nobody.dropFirst()) + ["/usr/bin/python3", "-c", script])
            XCTAssertEqual(other.output, "org.freedesktop.DBus.Error.AccessDenied\norg.freedesktop.DBus.Error.AccessDenied\n", other.error)
        }
        XCTAssertEqual(takeEvents().filter { !$0.hasPrefix("reply") && !$0.hasPrefix("error") }, [], "no signal")
        XCTAssertEqual(try property(path, formInterface, "Revision"), .uint64(1))
        assertAnswering("refused SetErrors and replace")
    }

    func testNestingAtEveryDepthLimitPlusAndMinusOne() throws {
        let field = { (pattern: String) in #"{"fields":[{"name":"t","kind":"text","rules":{"maxLength":8,"pattern":"\#(pattern)"}}]}"# }
        let groups = { (depth: Int) in String(repeating: "(", count: depth) + "a" + String(repeating: ")", count: depth) }
        XCTAssertNil(createForm("p99", field(groups(Pattern.maximumNesting - 1))))
        XCTAssertNil(createForm("p100", field(groups(Pattern.maximumNesting))))
        _ = takeEvents()
        assertRefused(createForm("p101", field(groups(Pattern.maximumNesting + 1))), errorPrefix + "InvalidSpec", containing: "nested more than", "101 nested groups")
        // The spec object, its fields array and the field take three levels of the JSON depth.
        let nested = { (depth: Int) in #"{"fields":[{"name":"t","kind":"text","initial":"# + String(repeating: "[", count: depth - 3) + String(repeating: "]", count: depth - 3) + "}]}" }
        assertRefused(createForm("j64", nested(JSONValue.maximumDepth)), errorPrefix + "InvalidSpec", containing: "expected a string for a text field", "JSON nested 64 deep parses")
        assertRefused(createForm("j65", nested(JSONValue.maximumDepth + 1)), errorPrefix + "InvalidSpec", containing: "nesting deeper than 64 levels", "JSON nested 65 deep")
        assertRefused(createForm("j100k", nested(100_000)), errorPrefix + "InvalidSpec", containing: "nesting deeper than 64 levels", "JSON nested 100,000 deep")
    }

    func testEveryStringOfASpecWithNULAndOverLong() throws {
        let template = try JSONValue.parse(FormTemplates.aboutYou())
        var positions: [[PathStep]] = []
        collectStrings(template, [], into: &positions)
        XCTAssertGreaterThan(positions.count, 30)
        for (index, position) in positions.enumerated() {
            for (variant, expected) in [("\u{0}", errorPrefix + "InvalidSpec"), (String(repeating: "w", count: 65_537), errorPrefix + "LimitExceeded")] {
                let spec = serialize(replacing(template, at: position[...]) { $0 + variant })
                assertRefused(createForm("s\(index)", spec), expected, "string \(index) of about-you with \(variant.count == 1 ? "NUL" : "65,537 characters")")
            }
        }
        XCTAssertEqual(try widgetPaths(), [])
    }

    func testGeneratedPatternsAgainstTheDaemon() throws {
        var random = SeededGenerator(for: "testGeneratedPatternsAgainstTheDaemon")
        func atom(_ depth: Int) -> String {
            switch Int.random(in: 0..<8, using: &random) {
            case 0 where depth < 120: return "(?:" + pattern(depth + 1) + ")"
            case 1: return "[a-z\\d]"
            case 2: return ".*"
            case 3: return "\\w"
            default: return String(["a", "b", "é", "\\\\."].randomElement(using: &random)!)
            }
        }
        func pattern(_ depth: Int) -> String {
            (0..<Int.random(in: 1...3, using: &random)).map { _ in atom(depth) + ["", "*", "+", "?", "{3}", "{0,40}", "{500}"].randomElement(using: &random)! }.joined()
        }
        let before = try residentMiB()
        var served = 0
        for index in 0..<30 {
            let maxLength = [4, 64, 4_096, nil].randomElement(using: &random)!
            let rules = (maxLength.map { #""maxLength":\#($0),"# } ?? "") + #""pattern":"\#(pattern(Int.random(in: 0...125, using: &random)))""#
            let spec = #"{"fields":[{"name":"t","kind":"text","rules":{\#(rules)}},{"name":"u","kind":"text","rules":{\#(rules)}}]}"#
            guard let refused = createForm("g\(index)", spec) else {
                served += 1
                let value = String(repeating: ["a", "b", "é", "."].randomElement(using: &random)!, count: Int.random(in: 0...65_536, using: &random))
                try call("\(root)/form/g\(index)", formInterface, "SetValues", [.dictionary(key: .string, value: .variant, [(.string("t"), .variant(.string(value))), (.string("u"), .variant(.string(value)))]), .uint64(0)])
                assertAnswering("a generated pattern given \(value.count) characters")
                try call(root, managerInterface, "Destroy", [.objectPath(ObjectPath("\(root)/form/g\(index)")!)])
                _ = takeEvents()
                continue
            }
            XCTAssertTrue([errorPrefix + "InvalidSpec", errorPrefix + "LimitExceeded"].contains(refused.name), "\(refused)")
            assertRefused(refused, refused.name, "generated pattern \(index)")
        }
        XCTAssertGreaterThan(served, 0, "the generator makes patterns within the budgets too")
        XCTAssertLessThan(try residentMiB() - before, 64)
    }

    // MARK: Helpers

    private func residentMiB() throws -> Double {
        let status = try String(contentsOfFile: "/proc/\(daemon.process.processIdentifier)/status", encoding: .utf8)
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
    }

    private enum PathStep {
        case index(Int)
        case key(Int)
        case value(Int)
    }

    private func collectStrings(_ value: JSONValue, _ path: [PathStep], into positions: inout [[PathStep]]) {
        switch value {
        case .string: positions.append(path)
        case .array(let elements):
            for (index, element) in elements.enumerated() { collectStrings(element, path + [.index(index)], into: &positions) }
        case .object(let members):
            for (index, member) in members.enumerated() {
                positions.append(path + [.key(index)])
                collectStrings(member.value, path + [.value(index)], into: &positions)
            }
        case .null, .bool, .number: break
        }
    }

    private func replacing(_ value: JSONValue, at path: ArraySlice<PathStep>, _ change: (String) -> String) -> JSONValue {
        guard let step = path.first else {
            if case .string(let text) = value { return .string(change(text)) }
            return value
        }
        switch (value, step) {
        case (.array(var elements), .index(let index)):
            elements[index] = replacing(elements[index], at: path.dropFirst(), change)
            return .array(elements)
        case (.object(var members), .key(let index)):
            members[index] = (change(members[index].key), members[index].value)
            return .object(members)
        case (.object(var members), .value(let index)):
            members[index] = (members[index].key, replacing(members[index].value, at: path.dropFirst(), change))
            return .object(members)
        default:
            return value
        }
    }

    private func serialize(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return "\(number)"
        case .string(let text):
            return "\"" + text.unicodeScalars.map { scalar in
                switch scalar {
                case "\"": return "\\\""
                case "\\": return "\\\\"
                case _ where scalar.value < 0x20: return String(format: "\\u%04x", scalar.value)
                default: return String(scalar)
                }
            }.joined() + "\""
        case .array(let elements): return "[" + elements.map(serialize).joined(separator: ",") + "]"
        case .object(let members): return "{" + members.map { serialize(.string($0.key)) + ":" + serialize($0.value) }.joined(separator: ",") + "}"
        }
    }
}

/// A table's new items are diffed only up to `--max-diff-rows` rows, old and
/// new together; past it the daemon sends `Reloaded` instead of spending
/// seconds on `ItemsChanged`.
final class DiffBoundTests: DaemonTestCase {
    override var daemonArguments: [String] { ["--max-diff-rows", "7"] }

    func testTablesPastTheDiffBoundReload() throws {
        let table = "\(root)/table/t"
        try call(root, managerInterface, "CreateTable", [.string("t"), options([("items", .array(element: .string, ["a", "b", "c"].map { .string($0) }))])])
        _ = takeEvents()
        try call(table, tableInterface, "SetItems", [models(["a", "b", "c", "d"])])
        XCTAssertEqual(takeEvents().dropFirst().first, "ItemsChanged([], [(0, 3)], [], [])")
        try call(table, tableInterface, "SetItems", [models(["a", "b", "c", "d", "e"])])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Table MatchCounts,RowCounts,Revision", "Reloaded()", "reply"])
    }
}
