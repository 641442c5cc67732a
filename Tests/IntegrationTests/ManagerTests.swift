import BusTestSupport
import DBus
import Foundation
import RxCoreEssentials
import RxWidgetsClient
import XCTest

final class ManagerTests: DaemonTestCase {
    override var daemonArguments: [String] { ["--max-widgets", "3"] }

    func testNamesExistsDestroyAndWidgets() throws {
        XCTAssertEqual(error(root, managerInterface, "CreatePicker", [.string("no spaces"), options([])]),
                       DBusError(name: errorPrefix + "InvalidName", message: "name 'no spaces' is not 1 to 64 of [A-Za-z0-9_]"))
        XCTAssertEqual(error(root, managerInterface, "CreatePicker", [.string(String(repeating: "a", count: 65)), options([])])?.name, errorPrefix + "InvalidName")
        XCTAssertEqual(error(root, managerInterface, "CreatePicker", [.string(""), options([])])?.name, errorPrefix + "InvalidName")
        try call(root, managerInterface, "CreatePicker", [.string("p"), options([])])
        XCTAssertEqual(error(root, managerInterface, "CreatePicker", [.string("p"), options([])]),
                       DBusError(name: errorPrefix + "Exists", message: "a picker named 'p' exists (the option 'replace' destroys it first)"))
        try call(root, managerInterface, "CreateTable", [.string("p"), options([])])
        XCTAssertEqual(error(root, managerInterface, "CreatePicker", [.string("q"), options([("colour", .string("red"))])]),
                       DBusError.invalidArgs("options: unknown key 'colour'; expected 'columns', 'dependent', 'items', 'popup', 'private', 'prompt', 'replace', 'transient'"))
        XCTAssertEqual(error(root, managerInterface, "CreatePicker", [.string("q"), options([("popup", .string("yes"))])]),
                       DBusError.invalidArgs("options: key 'popup' expects 'b', got 's'"))
        try call(root, managerInterface, "CreateForm", [.string("f"), .string("sign-up"), options([])])
        XCTAssertEqual(error(root, managerInterface, "CreateForm", [.string("g"), .string("sign-up"), options([])])?.name, errorPrefix + "LimitExceeded")
        XCTAssertEqual(try property(root, managerInterface, "Widgets"), .array(element: .objectPath, [
            "\(root)/form/f", "\(root)/picker/p", "\(root)/table/p",
        ].map { .objectPath(ObjectPath($0)!) }))
        XCTAssertEqual(try property(root, managerInterface, "Version"), .uint32(1))
        _ = takeEvents()
        try call(root, managerInterface, "Destroy", [.objectPath(ObjectPath("\(root)/picker/p")!)])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Manager Widgets", "InterfacesRemoved \(root)/picker/p", "reply"])
        XCTAssertEqual(error(root, managerInterface, "Destroy", [.objectPath(ObjectPath("\(root)/picker/p")!)])?.name, DBusError.Name.unknownObject)
        XCTAssertEqual(error("\(root)/picker/p", pickerInterface, "TitleForRow", [.int32(0), .int32(0)])?.name, DBusError.Name.unknownObject)
        let managed = try client.callAndWait(destination: busName, path: root, interface: "org.freedesktop.DBus.ObjectManager", member: "GetManagedObjects")
        XCTAssertEqual(managed.first?.dictionaryEntries?.map(\.key), [.objectPath(ObjectPath("\(root)/form/f")!), .objectPath(ObjectPath("\(root)/table/p")!)])
    }

    func testTransientWidgetsGoWithTheirCreator() throws {
        var creator: WidgetsClient? = try WidgetsClient(address: bus.address)
        _ = try creator?.createPicker("temp", transient: true)
        _ = try creator?.createPicker("kept")
        _ = takeEvents()
        creator = nil
        MainLoop.shared.run(while: { [unowned self] in events.count < 2 }, timeout: .seconds(5))
        XCTAssertEqual(events, ["PropertiesChanged Manager Widgets", "InterfacesRemoved \(root)/picker/temp"])
        XCTAssertEqual(try WidgetsClient(address: bus.address).widgetPaths(), [ObjectPath("\(root)/picker/kept")!])
    }

    func testAnotherUserMayReadButNotChange() throws {
        guard getuid() == 0 else { throw XCTSkip("switching to another uid needs root") }
        try call(root, managerInterface, "CreatePicker", [.string("mine"), options([("items", titles([["a", "b"]]))])])
        let path = "\(root)/picker/mine"
        let asNobody = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/busctl", "--address=\(bus.address)"]
        let read = try runCommand(asNobody[0], Array(asNobody.dropFirst()) + ["call", busName, path, pickerInterface, "TitleForRow", "ii", "1", "0"])
        XCTAssertEqual(read.output, "s \"b\"\n", read.error)
        let write = try runCommand("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/gdbus", "call", "--address", bus.address,
                                                        "--dest", busName, "--object-path", path, "--method", "\(pickerInterface).SelectRow", "1", "0"],
                                   environment: ["HOME": "/tmp"])
        XCTAssertTrue(write.error.contains("org.freedesktop.DBus.Error.AccessDenied: picker 'mine' belongs to uid 0; uid 65534 may only read it"), write.error)
        let destroy = try runCommand(asNobody[0], Array(asNobody.dropFirst()) + ["call", busName, root, managerInterface, "Destroy", "o", path])
        XCTAssertNotEqual(destroy.status, 0)
        let replace = try runCommand("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/gdbus", "call", "--address", bus.address,
                                                          "--dest", busName, "--object-path", root, "--method", "\(managerInterface).CreatePicker", "mine", "{'replace': <true>}"],
                                     environment: ["HOME": "/tmp"])
        XCTAssertTrue(replace.error.contains("options 'replace': picker 'mine' belongs to uid 0; uid 65534 may not replace it"), replace.error)
        XCTAssertEqual(try property(path, pickerInterface, "Revision"), .uint64(1))
        XCTAssertEqual(try property(path, pickerInterface, "RowCounts"), .array(element: .int32, [.int32(2)]))
    }

    func testReplaceDestroysTheCallersWidgetFirstInOneCall() throws {
        let path = "\(root)/picker/tour"
        let replacing = { (items: DBusValue) in self.options([("items", items), ("replace", .boolean(true))]) }
        try call(root, managerInterface, "CreatePicker", [.string("tour"), replacing(titles([["a", "b"]]))])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Manager Widgets", "InterfacesAdded \(path)", "reply"], "replacing nothing creates")
        try call(path, pickerInterface, "SelectRow", [.int32(1), .int32(0)])
        _ = takeEvents()
        try call(root, managerInterface, "CreatePicker", [.string("tour"), replacing(titles([["x"]]))])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Manager Widgets", "InterfacesRemoved \(path)", "InterfacesAdded \(path)", "reply"])
        XCTAssertEqual(try property(path, pickerInterface, "RowCounts"), .array(element: .int32, [.int32(1)]))
        XCTAssertEqual(try property(path, pickerInterface, "Revision"), .uint64(1), "a new widget")
        // A replacement that cannot be built leaves the old widget as it was.
        XCTAssertEqual(error(root, managerInterface, "CreatePicker", [.string("tour"), replacing(.string("x"))])?.name, DBusError.Name.invalidArgs)
        XCTAssertEqual(takeEvents(), ["error \(DBusError.Name.invalidArgs)"])
        XCTAssertEqual(try property(path, pickerInterface, "RowCounts"), .array(element: .int32, [.int32(1)]))
        // At the widget limit (3 here) the replaced widget does not count.
        try call(root, managerInterface, "CreateForm", [.string("f"), .string("sign-up"), options([])])
        try call(root, managerInterface, "CreateTable", [.string("t"), options([])])
        try call(root, managerInterface, "CreateForm", [.string("f"), .string("about-you"), options([("replace", .boolean(true))])])
        XCTAssertEqual(try call("\(root)/form/f", "org.freedesktop.DBus.Properties", "Get", [.string(formInterface), .string("Fields")]).first?.variantValue?.arrayElements?.count, 5)
        XCTAssertEqual(error(root, managerInterface, "CreateForm", [.string("f"), .string("{not json"), options([("replace", .boolean(true))])])?.name, errorPrefix + "InvalidSpec")
        XCTAssertEqual(try property(root, managerInterface, "Widgets")?.arrayElements?.count, 3, "the failed replacement kept the old form")
    }

    func testIntrospectionFilesMatchTheLiveDaemon() throws {
        try call(root, managerInterface, "CreatePicker", [.string("p"), options([])])
        try call(root, managerInterface, "CreateTable", [.string("t"), options([])])
        try call(root, managerInterface, "CreateForm", [.string("f"), .string("about-you"), options([])])
        for (file, path) in [("Manager", root), ("Picker", "\(root)/picker/p"), ("Table", "\(root)/table/t"), ("Form", "\(root)/form/f")] {
            let url = repositoryRoot.appendingPathComponent("dbus/org.rxwidgets.Widgets1.\(file).xml")
            let text = try String(contentsOf: url, encoding: .utf8)
            guard let start = text.range(of: " <interface"), let end = text.range(of: " </interface>\n") else {
                return XCTFail("\(url.path) holds no interface element")
            }
            let element = String(text[start.lowerBound..<end.upperBound])
            let live = try client.callAndWait(destination: busName, path: path, interface: "org.freedesktop.DBus.Introspectable", member: "Introspect").first?.stringValue ?? ""
            XCTAssertTrue(live.contains(element), "dbus/org.rxwidgets.Widgets1.\(file).xml differs from what the daemon introspects; run make xml")
        }
    }

    func testTheAPIReferenceIsTheDeclarations() throws {
        let generated = try runCommand(daemonExecutable, ["--print-reference"])
        XCTAssertEqual(generated.status, 0, generated.error)
        let committed = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/api.md"), encoding: .utf8)
        XCTAssertEqual(committed, generated.output, "docs/api.md differs from the interface declarations; run make docs")
        for member in ["Destroy", "SetModels", "TitleForRow", "CellForRow", "SetSections", "GetValue", "SetValues", "Validity", "Editable", "LoadItems", "Layout"] {
            XCTAssertTrue(committed.contains("`\(member)"), "\(member) is described in docs/api.md")
        }
        let live = try client.callAndWait(destination: busName, path: root, interface: "org.freedesktop.DBus.Introspectable", member: "Introspect").first?.stringValue ?? ""
        XCTAssertTrue(live.contains("<annotation name=\"org.gtk.GDBus.DocString\" value=\"Removes the widget at the path"), "doc strings are introspected:\n\(live)")
    }

    func testTwoHundredRandomBadCallsLeaveTheDaemonAnswering() throws {
        try call(root, managerInterface, "CreatePicker", [.string("p"), options([("items", titles([["a", "b"]]))])])
        try call(root, managerInterface, "CreateTable", [.string("t"), options([("items", .array(element: .string, [.string("x")]))])])
        try call(root, managerInterface, "CreateForm", [.string("f"), .string("sign-up"), options([])])
        var generator = SeededGenerator(for: "testTwoHundredRandomBadCallsLeaveTheDaemonAnswering")
        let targets: [(String, String, [String])] = [
            ("\(root)/picker/p", pickerInterface, ["SetItems", "SelectRow", "TitleForRow", "SetAdapter", "Done", "Model", "AppendItems"]),
            ("\(root)/table/t", tableInterface, ["SetItems", "SetSections", "DeleteRow", "MoveRow", "CellForRow", "AppendItems"]),
            ("\(root)/form/f", formInterface, ["SetValue", "SetValues", "Tap", "Increment", "Submit", "GetValue"]),
            (root, managerInterface, ["CreatePicker", "CreateForm", "Destroy", "Nope"]),
            ("/nope", pickerInterface, ["SelectRow"]),
        ]
        let huge = String(repeating: "z", count: 70_000)
        let badArguments: [[DBusValue]] = [
            [], [.int32(-5), .int32(99)], [.int32(Int32.max), .int32(0)], [.string(huge)], [.string("a b"), options([])],
            [.string("x"), .string("{\"fields\": [}"), options([])], [.string("x"), .string(huge), options([])],
            [.string("kind"), options([("widths", .string("no"))])], [titles([[huge]])], [.string("username"), .variant(.int32(1))],
            [options([("nope", .string("x"))]), .uint64(7)], [.objectPath(ObjectPath("/org/rxwidgets/Widgets1/picker/nope")!)],
            [.double(.infinity)], [.array(element: .variant, [.variant(.string(huge))])],
        ]
        for _ in 0..<200 {
            let (path, interface, members) = targets.randomElement(using: &generator)!
            let member = members.randomElement(using: &generator)!
            let arguments = badArguments.randomElement(using: &generator)!
            do {
                _ = try client.callAndWait(destination: busName, path: path, interface: interface, member: member, arguments, timeoutMilliseconds: 5_000)
                XCTFail("\(interface).\(member)(\(arguments.map { String($0.description.prefix(40)) })) was accepted")
            } catch let error as DBusError {
                XCTAssertNotEqual(error.name, DBusError.Name.noReply, "\(member) was answered")
                XCTAssertFalse(error.message.isEmpty, "\(member): \(error.name) has a message")
            }
        }
        XCTAssertEqual(try call("\(root)/picker/p", pickerInterface, "TitleForRow", [.int32(1), .int32(0)]).first?.stringValue.map { $0.isEmpty }, false)
        XCTAssertEqual(try property(root, managerInterface, "Version"), .uint32(1))
        for (path, interface) in [("\(root)/picker/p", pickerInterface), ("\(root)/table/t", tableInterface), ("\(root)/form/f", formInterface)] {
            XCTAssertEqual(try property(path, interface, "Revision"), .uint64(1), "no bad call changed \(path)")
        }
        XCTAssertEqual(try property(root, managerInterface, "Widgets")?.arrayElements?.count, 3, "no bad call made or destroyed a widget")
    }
}

final class DaemonLifecycleTests: XCTestCase {
    func testSigtermReleasesTheNameAndAnotherDaemonIsRefused() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let client = try Connection(bus: .address(bus.address))
        defer { client.close() }
        let first = try Daemon(bus: bus)
        XCTAssertTrue(waitForName(busName, on: client))
        let second = try Daemon(bus: bus)
        second.process.waitUntilExit()
        XCTAssertNotEqual(second.process.terminationStatus, 0)
        XCTAssertEqual(second.log.split(separator: "\n").filter { $0.hasPrefix("<3>") }.count, 1, second.log)
        XCTAssertTrue(second.log.contains("org.rxwidgets.Widgets1 is already owned"), second.log)
        let replacing = try Daemon(bus: bus, arguments: ["--replace"])
        first.process.waitUntilExit()
        XCTAssertEqual(first.process.terminationStatus, 0, "a replaced daemon exits cleanly: \(first.log)")
        XCTAssertEqual(replacing.stop(), 0)
        let reply = try client.callAndWait(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "NameHasOwner", [.string(busName)])
        XCTAssertEqual(reply, [.boolean(false)], "the name was released")
    }

    /// Another program owns the name without letting it be replaced (a
    /// bus that lets anyone own it): the daemon exits 1 and says who holds
    /// it — not "pass --replace" to a daemon that was given it.
    func testANameSquatterIsNamedAndReplaceIsNotSuggestedAgain() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let squatter = try Connection(bus: .address(bus.address))
        defer { squatter.close() }
        XCTAssertEqual(try squatter.requestName(busName, flags: [.doNotQueue]), .primaryOwner)
        let replacing = try Daemon(bus: bus, arguments: ["--replace"])
        replacing.process.waitUntilExit()
        XCTAssertEqual(replacing.process.terminationStatus, 1)
        let holder = "by \(squatter.uniqueName) (uid \(getuid()), pid \(getpid()), '"
        XCTAssertTrue(replacing.log.contains("org.rxwidgets.Widgets1 is already owned on the bus at \(bus.address) \(holder)"), replacing.log)
        XCTAssertTrue(replacing.log.contains("which did not let it be replaced"), replacing.log)
        XCTAssertFalse(replacing.log.contains("pass --replace"), replacing.log)
        let plain = try Daemon(bus: bus)
        plain.process.waitUntilExit()
        XCTAssertTrue(plain.log.contains(holder) && plain.log.contains("stop that daemon or pass --replace"), plain.log)
    }

    func testNoBusIsAOneLineError() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: daemonExecutable)
        process.arguments = ["--address", "unix:path=/nonexistent/bus"]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(process.terminationStatus, 1)
        XCTAssertEqual(text.split(separator: "\n").count, 1, text)
        XCTAssertTrue(text.hasPrefix("<3>rxwidgetsd: cannot connect to the bus at unix:path=/nonexistent/bus"), text)
    }

    func testAddressWithAnEqualsSign() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let client = try Connection(bus: .address(bus.address))
        defer { client.close() }
        let daemon = try Daemon(bus: bus, arguments: [], addressArgument: "--address=\(bus.address)")
        XCTAssertTrue(waitForName(busName, on: client), daemon.log)
        XCTAssertEqual(daemon.stop(), 0)
    }

    func testPriorityPrefixesOnlyForTheJournal() throws {
        // script(1) gives the daemon a terminal as stderr.
        let onTerminal = try runCommand("/usr/bin/script", ["-qec", "\(daemonExecutable) --address unix:path=/nonexistent/bus", "/dev/null"], environment: ["JOURNAL_STREAM": ""])
        XCTAssertTrue(onTerminal.output.hasPrefix("rxwidgetsd: cannot connect"), onTerminal.output)
        let forJournal = try runCommand("/usr/bin/script", ["-qec", "JOURNAL_STREAM=8:1 \(daemonExecutable) --address unix:path=/nonexistent/bus", "/dev/null"])
        XCTAssertTrue(forJournal.output.hasPrefix("<3>rxwidgetsd: cannot connect"), forJournal.output)
    }

    func testBadCommandLines() throws {
        for (arguments, expected) in [(["--today", "2023-02-29"], "--today expects a real calendar day"), (["--frobnicate"], "unknown option '--frobnicate'"), (["--max-rows", "0"], "--max-rows expects a positive"), (["--max-message-bytes", "1000"], "--max-message-bytes expects 1048576 to 134217728"), (["--max-signal-bytes", "100"], "--max-signal-bytes expects 4096 or more"), (["--max-queued-bytes", "-1"], "--max-queued-bytes expects a positive"),
                                     (["--max-memory", "65536"], "--max-memory expects 1048576 or more"), (["--max-memory-per-uid", "x"], "--max-memory-per-uid expects a positive")] {
            let result = try runCommand(daemonExecutable, arguments)
            XCTAssertEqual(result.status, 2)
            XCTAssertTrue(result.error.contains(expected), result.error)
        }
        XCTAssertTrue(try runCommand(daemonExecutable, ["--help"]).output.contains("--print-introspection DIR"))
        XCTAssertTrue(try runCommand(daemonExecutable, ["--version"]).output.hasPrefix("rxwidgetsd "))
    }

    func testBusActivationThroughTheActivationFile() throws {
        let services = FileManager.default.temporaryDirectory.appendingPathComponent("rxwidgets-services-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: services, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: services) }
        let activation = try String(contentsOf: repositoryRoot.appendingPathComponent("dbus/org.rxwidgets.Widgets1.service"), encoding: .utf8)
        XCTAssertTrue(activation.contains("Name=org.rxwidgets.Widgets1\n") && activation.contains("SystemdService=rxwidgetsd.service\n"))
        let local = activation.replacingOccurrences(of: "/usr/local/bin/rxwidgetsd", with: daemonExecutable)
        try local.write(to: services.appendingPathComponent("org.rxwidgets.Widgets1.service"), atomically: true, encoding: .utf8)
        // No <type>session</type> and a session address that leads nowhere:
        // only DBUS_STARTER_ADDRESS tells the daemon where it was asked for.
        let bus = try PrivateBus(serviceDirectory: services.path, type: nil, environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/session-bus", "XDG_STATE_HOME": services.path])
        defer { bus.stop() }
        let client = try Connection(bus: .address(bus.address))
        defer { client.close() }
        let reply = try client.callAndWait(destination: busName, path: root, interface: "org.freedesktop.DBus.Properties", member: "Get", [.string(managerInterface), .string("Version")])
        XCTAssertEqual(reply, [.variant(.uint32(1))], "the first call starts the daemon")
    }

    func testTheUnitsVerifyAndAreHardened() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rxwidgets-unit-\(UUID().uuidString)")
        let runtime = directory.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: directory) }
        // The exposure `systemd-analyze security` gives each unit: the bar a change may not cross.
        for (file, user, exposure) in [("rxwidgetsd.service", true, 1.0), ("rxwidgetsd-system.service", false, 1.0)] {
            let unit = try String(contentsOf: repositoryRoot.appendingPathComponent("systemd/\(file)"), encoding: .utf8)
            for line in ["Type=dbus", "BusName=org.rxwidgets.Widgets1", "NoNewPrivileges=yes", "RestrictAddressFamilies=AF_UNIX", "Documentation=man:rxwidgetsd(8)", "StateDirectory=rxwidgets"] {
                XCTAssertTrue(unit.contains(line + "\n"), "\(file): \(line)")
            }
            let local = directory.appendingPathComponent(file)
            try unit.replacingOccurrences(of: "/usr/local/bin/rxwidgetsd", with: daemonExecutable).write(to: local, atomically: true, encoding: .utf8)
            let scope = user ? ["--user"] : []
            let verify = try runCommand("/usr/bin/systemd-analyze", ["verify", "--man=no"] + scope + [local.path], environment: ["XDG_RUNTIME_DIR": runtime.path])
            XCTAssertEqual(verify.status, 0, file + verify.output + verify.error)
            let security = try runCommand("/usr/bin/systemd-analyze", ["security", "--offline=true"] + scope + [local.path], environment: ["XDG_RUNTIME_DIR": runtime.path])
            let overall = (security.output + security.error).split(separator: "\n").first { $0.contains("Overall exposure level") } ?? ""
            let score = overall.split(separator: ":").last.flatMap { Double($0.split(separator: " ").first ?? "") }
            XCTAssertNotNil(score, "\(file): \(security.output.suffix(300))")
            XCTAssertLessThanOrEqual(score ?? 10, exposure, "\(file): \(overall)")
        }
        let activation = try String(contentsOf: repositoryRoot.appendingPathComponent("dbus/org.rxwidgets.Widgets1.system.service"), encoding: .utf8)
        for line in ["Name=org.rxwidgets.Widgets1", "Exec=/usr/local/bin/rxwidgetsd --system", "User=root", "SystemdService=rxwidgetsd-system.service"] {
            XCTAssertTrue(activation.contains(line + "\n"), line)
        }
    }
}
