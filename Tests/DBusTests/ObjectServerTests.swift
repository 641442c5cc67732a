import BusTestSupport
import DBus
import FoundationXML
import RxCoreEssentials
import XCTest

final class ObjectServerTests: BusTestCase {
    func testEveryTypeRoundTrips() throws {
        let values: [DBusValue] = [
            .byte(255), .boolean(true), .int16(-32768), .uint16(65535), .int32(Int32.min), .uint32(UInt32.max),
            .int64(Int64.min), .uint64(UInt64.max), .double(-0.5), .string("héllo, wörld ✓ 日本"), .string(""),
            .objectPath(ObjectPath("/a/b")!), .signature(try Signature("a{sv}")),
            .array(element: .string, []), .array(element: .array(.int32), [.array(element: .int32, [])]),
            .dictionary(key: .string, value: .variant, [(.string("k"), .variant(.int32(1)))]),
            .dictionary(key: .int64, value: .array(.string), []),
            .structure([.int32(1), .string("x"), .array(element: .double, [.double(1.5)])]),
            .variant(.variant(.variant(.string("nested")))),
        ]
        for value in values {
            let reply = try call("Echo", [.variant(value)])
            XCTAssertEqual(reply, [.variant(value)], "\(value)")
        }
        let all = try call("EchoAll", [.array(element: .variant, values.map { .variant($0) })])
        XCTAssertEqual(all.first?.arrayElements?.count, values.count)
    }

    func testMaximumNestingRoundTripsAndDeeperIsRefused() throws {
        var deep = DBusValue.int32(7)
        for _ in 0..<31 {
            deep = .array(element: deep.type, [deep])
        }
        XCTAssertEqual(try call("Echo", [.variant(deep)]), [.variant(deep)])
        let tooDeep = DBusValue.array(element: deep.type, [deep])
        let message = try Message.methodCall(destination: serverConnection.uniqueName, path: TestService.path.rawValue, interface: TestService.interfaceName, member: "Echo")
        XCTAssertThrowsError(try message.append(.variant(.array(element: tooDeep.type, [tooDeep]))), "33 nested arrays are refused before libdbus")
    }

    func testUnixFileDescriptorsRoundTrip() throws {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        XCTAssertEqual(error(of: "Echo", [.variant(.unixFD(fds[1]))])?.message.hasPrefix("value: a Unix file descriptor (h) inside a variant"), true,
                       "a descriptor is refused inside a variant (API rule 12)")
        let reply = try call("EchoHandle", [.unixFD(fds[1])])
        guard case .unixFD(let received)? = reply.first else { return XCTFail("\(reply)") }
        XCTAssertNotEqual(received, fds[1], "the descriptor arrives as a new one")
        var byte: UInt8 = 42
        XCTAssertEqual(write(received, &byte, 1), 1)
        var read: UInt8 = 0
        XCTAssertEqual(Glibc.read(fds[0], &read, 1), 1)
        XCTAssertEqual(read, 42)
        close(received)
    }

    func testStandardErrors() {
        XCTAssertEqual(error(of: "Add", path: "/no/such")?.name, DBusError.Name.unknownObject)
        XCTAssertEqual(error(of: "Add", interface: "org.rxwidgets.Nope")?.name, DBusError.Name.unknownInterface)
        XCTAssertEqual(error(of: "Nope")?.name, DBusError.Name.unknownMethod)
        XCTAssertEqual(error(of: "Add", [.string("1")]), DBusError.invalidArgs("Add expects arguments 'ii', got 's'"))
        XCTAssertEqual(error(of: "Add", [.int32(1)]), DBusError.invalidArgs("Add expects arguments 'ii', got 'i'"))
        XCTAssertEqual(error(of: "Fail", [.string("org.rxwidgets.Error.Custom"), .string("it broke")]), DBusError(name: "org.rxwidgets.Error.Custom", message: "it broke"))
        XCTAssertEqual(error(of: "Fail", [.string("not a name"), .string("x")])?.name, DBusError.Name.failed, "an invalid error name becomes Failed")
        XCTAssertEqual(error(of: "WrongReply")?.name, DBusError.Name.failed, "a reply that breaks its declaration is an error, not a malformed reply")
        XCTAssertEqual(error(of: "Get", [.string(TestService.interfaceName), .string("Nope")], interface: StandardInterface.properties)?.name, DBusError.Name.unknownProperty)
        XCTAssertEqual(error(of: "Get", [.string("org.rxwidgets.Nope"), .string("Count")], interface: StandardInterface.properties)?.name, DBusError.Name.unknownInterface)
        XCTAssertEqual(error(of: "Set", [.string(TestService.interfaceName), .string("Count"), .variant(.int32(1))], interface: StandardInterface.properties)?.name, DBusError.Name.propertyReadOnly)
        XCTAssertEqual(error(of: "Set", [.string(TestService.interfaceName), .string("Name"), .variant(.int32(1))], interface: StandardInterface.properties), DBusError.invalidArgs("property Name expects 's', got 'i'"))
    }

    func testCallsWithoutInterfaceAndPeer() throws {
        XCTAssertEqual(try call("Add", [.int32(2), .int32(3)], interface: nil), [.int32(5)])
        XCTAssertEqual(try call("Ping", interface: StandardInterface.peer), [])
        XCTAssertEqual(try call("Ping", interface: nil), [])
        XCTAssertEqual(try call("GetMachineId", interface: StandardInterface.peer).count, 1)
        XCTAssertEqual(try call("Ping", interface: StandardInterface.peer, path: "/anywhere/at/all"), [], "libdbus answers Peer on every path")
    }

    func testNoReplyExpectedIsHonoured() throws {
        let message = try Message.methodCall(destination: serverConnection.uniqueName, path: TestService.path.rawValue, interface: TestService.interfaceName, member: "Add")
        try message.append(.int32(1), .int32(1))
        message.noReplyExpected = true
        try client.send(message)
        XCTAssertEqual(try call("Add", [.int32(2), .int32(2)]), [.int32(4)])
        XCTAssertEqual(service.calls, ["Add", "Add"], "the call without a reply ran first")
    }

    func testPropertiesGetGetAllSet() throws {
        XCTAssertEqual(try call("Get", [.string(TestService.interfaceName), .string("Count")], interface: StandardInterface.properties), [.variant(.int32(0))])
        XCTAssertEqual(try call("Get", [.string(""), .string("Name")], interface: StandardInterface.properties), [.variant(.string("initial"))], "an empty interface name searches all")
        let all = try call("GetAll", [.string(TestService.interfaceName)], interface: StandardInterface.properties)
        XCTAssertEqual(all.first?.dictionaryEntries?.map { $0.key }, [.string("Count"), .string("Stamp"), .string("Version"), .string("Name")])
        XCTAssertEqual(try call("GetAll", [.string(StandardInterface.introspectable)], interface: StandardInterface.properties),
                       [.dictionary(key: .string, value: .variant, [])], "an interface without properties has an empty dict")
        _ = try call("Set", [.string(TestService.interfaceName), .string("Name"), .variant(.string("renamed"))], interface: StandardInterface.properties)
        XCTAssertEqual(service.name, "renamed")
    }

    func testSignalsAndCoalescedPropertiesChangedComeBeforeTheReply() throws {
        try client.addMatch("type='signal',sender='\(serverConnection.uniqueName)'")
        var log: [String] = []
        let subscription = client.onSignal { message in
            let arguments = (try? message.arguments()) ?? []
            if message.member == "PropertiesChanged" {
                let changed = arguments[1].dictionaryEntries?.map { "\($0.key.stringValue ?? "")=\($0.value)" } ?? []
                let invalidated = arguments[2].arrayElements?.compactMap(\.stringValue) ?? []
                log.append("PropertiesChanged \(changed) invalidated \(invalidated)")
            } else {
                log.append("\(message.member ?? "") \(arguments)")
            }
        }
        defer { subscription.dispose() }
        let message = try Message.methodCall(destination: serverConnection.uniqueName, path: TestService.path.rawValue, interface: TestService.interfaceName, member: "Touch")
        try message.append(.int32(3))
        _ = try client.callAndWait(message)
        log.append("reply")
        XCTAssertEqual(log, ["PropertiesChanged [\"Count=<3>\"] invalidated [\"Stamp\"]", "Touched [1]", "Touched [2]", "Touched [3]", "reply"])
    }

    func testTypedSignalsAreCheckedAsTheyAreEncoded() throws {
        try client.addMatch("type='signal',sender='\(serverConnection.uniqueName)'")
        var log: [String] = []
        let subscription = client.onSignal { message in
            log.append("\(message.member ?? "") \((try? message.arguments()) ?? [])")
        }
        defer { subscription.dispose() }
        let touched = TypedSignal("Touched", ("count", Int32.self))
        let server = service.server
        try server.emit(path: TestService.path, interface: TestService.interfaceName, touched, 41)
        let mislabelled = TypedSignal("Touched", ("count", String.self))
        XCTAssertThrowsError(try server.emit(path: TestService.path, interface: TestService.interfaceName, mislabelled, "41")) { error in
            XCTAssertEqual((error as? DBusError)?.message, "signal org.rxwidgets.Test1.Touched is declared 'i' but was emitted with 's'")
        }
        XCTAssertThrowsError(try server.emit(path: TestService.path, interface: TestService.interfaceName, TypedSignal("Untouched"))) { error in
            XCTAssertEqual((error as? DBusError)?.message, "org.rxwidgets.Test1.Untouched is not a signal declared at /org/rxwidgets/Test1")
        }
        _ = try call("Ping", interface: StandardInterface.peer)
        XCTAssertEqual(log, ["Touched [41]"], "nothing is sent for a refused signal")
    }

    func testTypedValuesAreCheckedAsTheirTreesAre() throws {
        var writer = MessageBodyWriter()
        XCTAssertThrowsError(try "a\u{0}b".append(to: &writer), "NUL is refused before libdbus sees it")
        XCTAssertThrowsError(try [Variant(.string("fine")), Variant(.string("x\u{0}"))].append(to: &writer), "and inside a variant")
        var fresh = MessageBodyWriter()
        try [Variant(.int32(1)), Variant(.string("two"))].append(to: &fresh)
        try [true, false].append(to: &fresh)
    }

    func testObjectManagerAnnouncesObjectsInOrder() throws {
        try client.addMatch("type='signal',sender='\(serverConnection.uniqueName)',interface='org.freedesktop.DBus.ObjectManager'")
        var log: [String] = []
        let subscription = client.onSignal { message in
            log.append("\(message.member ?? "") \((try? message.arguments())?.first?.stringValue ?? "")")
        }
        defer { subscription.dispose() }
        XCTAssertEqual(try call("Spawn", [.string("child")]), [.objectPath(ObjectPath("/org/rxwidgets/child")!)])
        let managed = try call("GetManagedObjects", interface: StandardInterface.objectManager, path: TestService.managerPath.rawValue)
        XCTAssertEqual(managed.first?.dictionaryEntries?.map(\.key), [.objectPath(ObjectPath("/org/rxwidgets/Test1")!), .objectPath(ObjectPath("/org/rxwidgets/child")!)])
        _ = try call("Remove", [.objectPath(ObjectPath("/org/rxwidgets/child")!)])
        _ = try call("Ping", interface: StandardInterface.peer)
        XCTAssertEqual(log, ["InterfacesAdded /org/rxwidgets/child", "InterfacesRemoved /org/rxwidgets/child"])
        XCTAssertEqual(error(of: "Introspect", interface: StandardInterface.introspectable, path: "/org/rxwidgets/child")?.name, DBusError.Name.unknownObject)
    }

    /// A `GetManagedObjects` answer is kept until something under it changes,
    /// and then only what changed is read again: any uid may ask for it in
    /// a loop, and over 1,000 widgets reading every property took 574 ms.
    func testManagedObjectsReadsOnlyWhatChangedSinceTheLastAnswer() throws {
        let manager = TestService.managerPath.rawValue
        let managed = { try self.call("GetManagedObjects", interface: StandardInterface.objectManager, path: manager) }
        _ = try call("Spawn", [.string("a")])
        _ = try call("Spawn", [.string("b")])
        let first = try managed()
        let readFirst = service.propertyReads
        XCTAssertEqual(Set(readFirst.keys), ["Test1/Count", "a/Label", "b/Label"])
        XCTAssertEqual(try managed(), first, "unchanged, the same answer")
        XCTAssertEqual(service.propertyReads, readFirst, "and nothing read again")
        _ = try call("Touch", [.int32(1)])
        let readTouched = service.propertyReads
        _ = try call("Spawn", [.string("c")])
        let changed = try managed()
        XCTAssertGreaterThan(service.propertyReads["Test1/Count"] ?? 0, readTouched["Test1/Count"] ?? 0, "the changed object is read again")
        XCTAssertNotNil(service.propertyReads["c/Label"], "and the new one")
        XCTAssertEqual(service.propertyReads["a/Label"], readFirst["a/Label"], "the others are kept")
        XCTAssertEqual(service.propertyReads["b/Label"], readFirst["b/Label"])
        XCTAssertEqual(changed.first?.dictionaryEntries?.count, 4)
        let readChanged = service.propertyReads
        _ = try call("Remove", [.objectPath(ObjectPath("/org/rxwidgets/a")!)])
        XCTAssertEqual(try managed().first?.dictionaryEntries?.map(\.key),
                       [.objectPath(ObjectPath("/org/rxwidgets/Test1")!), .objectPath(ObjectPath("/org/rxwidgets/b")!), .objectPath(ObjectPath("/org/rxwidgets/c")!)],
                       "a removed object goes from the kept answer")
        XCTAssertEqual(service.propertyReads, readChanged, "and the others are not read again")
    }

    func testIntrospectionIsCompleteXML() throws {
        let reply = try call("Introspect", interface: StandardInterface.introspectable)
        let xml = try XCTUnwrap(reply.first?.stringValue)
        XCTAssertTrue(xml.hasPrefix("<!DOCTYPE node PUBLIC"))
        let document = try XMLDocument(xmlString: xml)
        let interfaces = try document.nodes(forXPath: "/node/interface/@name").compactMap(\.stringValue)
        XCTAssertEqual(interfaces, [TestService.interfaceName, StandardInterface.introspectable, StandardInterface.properties, StandardInterface.peer])
        let addArguments = try document.nodes(forXPath: "/node/interface/method[@name='Add']/arg").compactMap { node -> String? in
            guard let element = node as? XMLElement else { return nil }
            return [element.attribute(forName: "name"), element.attribute(forName: "type"), element.attribute(forName: "direction")].compactMap { $0?.stringValue }.joined(separator: ":")
        }
        XCTAssertEqual(addArguments, ["a:i:in", "b:i:in", "sum:i:out"])
        let stamp = try document.nodes(forXPath: "/node/interface/property[@name='Stamp']/annotation/@value").compactMap(\.stringValue)
        XCTAssertEqual(stamp, ["invalidates"])
        let root = try call("Introspect", interface: StandardInterface.introspectable, path: "/")
        let rootDocument = try XMLDocument(xmlString: try XCTUnwrap(root.first?.stringValue))
        XCTAssertEqual(try rootDocument.nodes(forXPath: "/node/node/@name").compactMap(\.stringValue), ["org"])
        let manager = try call("Introspect", interface: StandardInterface.introspectable, path: TestService.managerPath.rawValue)
        let managerDocument = try XMLDocument(xmlString: try XCTUnwrap(manager.first?.stringValue))
        XCTAssertEqual(try managerDocument.nodes(forXPath: "/node/node/@name").compactMap(\.stringValue), ["Test1"])
        XCTAssertTrue(try managerDocument.nodes(forXPath: "/node/interface/@name").compactMap(\.stringValue).contains(StandardInterface.objectManager))
    }

    func testBusctlAndGdbusSeeTheSameService() throws {
        let add = try busctl(["call", serverConnection.uniqueName, TestService.path.rawValue, TestService.interfaceName, "Add", "ii", "40", "2"])
        XCTAssertEqual(add.output, "i 42\n", add.error)
        let wrong = try busctl(["call", serverConnection.uniqueName, TestService.path.rawValue, TestService.interfaceName, "Add", "s", "x"])
        XCTAssertNotEqual(wrong.status, 0)
        XCTAssertTrue(wrong.error.contains("Add expects arguments 'ii', got 's'"), wrong.error)
        for (arguments, expected) in [
            (["call", serverConnection.uniqueName, TestService.path.rawValue, "org.rxwidgets.Nope", "Add", "ii", "1", "2"], "has no interface org.rxwidgets.Nope"),
            (["call", serverConnection.uniqueName, TestService.path.rawValue, TestService.interfaceName, "Nope"], "has no method Nope"),
            (["get-property", serverConnection.uniqueName, TestService.path.rawValue, TestService.interfaceName, "Nope"], "has no property 'Nope'"),
            (["set-property", serverConnection.uniqueName, TestService.path.rawValue, TestService.interfaceName, "Count", "i", "5"], "is read-only"),
        ] {
            let result = try busctl(arguments)
            XCTAssertNotEqual(result.status, 0)
            XCTAssertTrue(result.error.contains(expected), "\(arguments): \(result.error)")
        }
        let property = try busctl(["get-property", serverConnection.uniqueName, TestService.path.rawValue, TestService.interfaceName, "Version"])
        XCTAssertEqual(property.output, "u 1\n", property.error)
        let introspection = try busctl(["introspect", serverConnection.uniqueName, TestService.path.rawValue, TestService.interfaceName])
        XCTAssertTrue(introspection.output.contains(".Touch"), introspection.output + introspection.error)
        let gdbus = try runCommand("/usr/bin/gdbus", ["call", "--address", bus.address, "--dest", serverConnection.uniqueName, "--object-path", TestService.path.rawValue, "--method", "\(TestService.interfaceName).Echo", "<@as []>"])
        XCTAssertEqual(gdbus.output, "(<@as []>,)\n", gdbus.error)
        let unknown = try runCommand("/usr/bin/gdbus", ["call", "--address", bus.address, "--dest", serverConnection.uniqueName, "--object-path", "/nope", "--method", "\(TestService.interfaceName).Echo", "<1>"])
        XCTAssertTrue(unknown.error.contains("UnknownObject"), unknown.error)
    }
}
