import BusTestSupport
@testable import DBus
import RxCoreEssentials
import XCTest

/// Signals the connection writes to its socket itself: in order with
/// everything libdbus sends, numbered apart from it, and only when they
/// are certainly valid.
final class DirectSignalTests: BusTestCase {
    private static let saidPath = ObjectPath("/org/rxwidgets/Said")!
    private static let saidInterface = "org.rxwidgets.Said1"

    func testSignalsAndRepliesArriveInOrderEachWithItsOwnSerial() throws {
        try client.addMatch("type='signal',sender='\(serverConnection.uniqueName)'")
        var log: [String] = []
        var serials: [UInt32] = []
        let subscription = client.onSignal { message in
            log.append(message.member ?? "?")
            serials.append(message.serial)
        }
        defer { subscription.dispose() }
        var replies = 0
        for round in 0..<50 {
            let touch = try Message.methodCall(destination: serverConnection.uniqueName, path: TestService.path.rawValue, interface: TestService.interfaceName, member: "Touch")
            try touch.append(.int32(2))
            client.call(touch) { result in
                if case .success(let reply) = result {
                    log.append("reply")
                    serials.append(reply.serial)
                }
                replies += 1
            }
            if round % 10 == 0 {
                let ping = try Message.methodCall(destination: serverConnection.uniqueName, path: "/", interface: StandardInterface.peer, member: "Ping")
                client.call(ping) { result in
                    if case .success(let reply) = result { serials.append(reply.serial) }
                    replies += 1
                }
            }
        }
        XCTAssertTrue(MainLoop.shared.run(while: { replies < 55 }, timeout: .seconds(30)))
        let calls = log.split(separator: "reply", omittingEmptySubsequences: false).dropLast()
        XCTAssertEqual(calls.count, 50, "a reply to every call")
        XCTAssertTrue(calls.allSatisfy { $0 == ["PropertiesChanged", "Touched", "Touched"] }, "each call's signals before its reply: \(log.prefix(12))")
        XCTAssertEqual(serials.count, 50 * 4 + 5)
        XCTAssertEqual(Set(serials).count, serials.count, "no serial twice, libdbus's answers to Ping included")
        XCTAssertFalse(serials.contains(0))
    }

    func testASocketTheBusHasNotEmptiedKeepsTheOrderOfSignalsOfEverySize() throws {
        try service.server.export(DirectSignalTests.saidPath, interfaces: [
            Interface(DirectSignalTests.saidInterface, signals: [SignalDeclaration("Said", [Argument("text", "s")])]),
        ])
        try client.addMatch("type='signal',interface='\(DirectSignalTests.saidInterface)'")
        var heard: [String] = []
        let subscription = client.onSignal { message in
            if case .string(let text)? = try? message.arguments().first { heard.append(text) }
        }
        defer { subscription.dispose() }
        // Large ones go through libdbus, which queues them once the socket is
        // full; small ones go to the socket only while nothing is queued. The
        // bus, stopped, reads nothing meanwhile, so the socket fills; once
        // it reads again the socket has room while libdbus still holds its
        // queue (the loop has not run to write it), and small signals must
        // not go ahead of it.
        var said: [String] = []
        func say(_ text: String) throws {
            said.append(text)
            try service.server.emit(path: DirectSignalTests.saidPath, interface: DirectSignalTests.saidInterface, member: "Said", [.string(text)])
        }
        kill(bus.processIdentifier, SIGSTOP)
        for index in 0..<300 {
            try say(index % 3 == 0 ? "\(index)" + String(repeating: "x", count: 20_000) : "\(index)")
        }
        let queued = serverConnection.outgoingBytes
        kill(bus.processIdentifier, SIGCONT)
        usleep(200_000)
        for index in 300..<400 {
            try say("\(index)")
        }
        XCTAssertGreaterThan(queued, 1_000_000, "the socket filled and libdbus queued the rest")
        XCTAssertTrue(MainLoop.shared.run(while: { heard.count < said.count }, timeout: .seconds(60)))
        XCTAssertEqual(heard.count, said.count)
        XCTAssertTrue(heard == said, "in the order emitted; first difference at \(heard.indices.first { heard[$0] != said[$0] } ?? -1)")
    }

    func testACallsSignalsOfEverySizeAndItsReplyLeaveInOrder() throws {
        let server = service.server
        try server.export(DirectSignalTests.saidPath, interfaces: [
            Interface(DirectSignalTests.saidInterface, methods: [
                Method("SayAll", in: [Argument("texts", "as")], out: [Argument("count", "u")]) { call in
                    let texts: [String] = try call.argument(0)
                    for text in texts {
                        try server.emit(path: DirectSignalTests.saidPath, interface: DirectSignalTests.saidInterface, member: "Said", [.string(text)])
                    }
                    return [.uint32(UInt32(texts.count))]
                },
            ], signals: [SignalDeclaration("Said", [Argument("text", "s")])]),
        ])
        try client.addMatch("type='signal',interface='\(DirectSignalTests.saidInterface)'")
        var heard: [String] = []
        let subscription = client.onSignal { message in
            if case .string(let text)? = try? message.arguments().first { heard.append(String(text.prefix(8))) }
        }
        defer { subscription.dispose() }
        // Small ones are held to be written together; a large one goes
        // through libdbus, and what was held must go before it.
        let texts = ["one", "two", String(repeating: "3", count: 40_000), "four", String(repeating: "5", count: 9_000), String(repeating: "6", count: 9_000), "seven"]
        for round in 0..<20 {
            heard = []
            let reply = try client.callAndWait(destination: serverConnection.uniqueName, path: DirectSignalTests.saidPath.rawValue, interface: DirectSignalTests.saidInterface, member: "SayAll", [.array(element: .string, texts.map { .string($0) })])
            XCTAssertEqual(reply, [.uint32(7)])
            XCTAssertEqual(heard, texts.map { String($0.prefix(8)) }, "round \(round): every signal, in order, before the reply")
        }
    }

    func testOnlyVariantsOfValidSignaturesAreVouchedFor() throws {
        func vouched(_ value: DBusValue) throws -> Bool {
            try WireBody(checking: [value]).isKnownValid
        }
        XCTAssertTrue(try vouched(.array(element: .variant, [.variant(.string("a")), .variant(.array(element: .int32, [.int32(1)]))])))
        XCTAssertTrue(try vouched(.dictionary(key: .string, value: .variant, [(.string("k"), .variant(.uint64(1)))])), "a declared dict entry")
        XCTAssertTrue(try vouched(.variant(.structure([.int32(1)]))), "a structure inside a variant")
        XCTAssertTrue(try vouched(.variant(.dictionary(key: .string, value: .structure([.string, .string]), []))), "a dictionary inside a variant")
        XCTAssertFalse(try vouched(.variant(.dictEntry(.string("k"), .int32(1)))), "a dict entry outside an array")
        XCTAssertFalse(try vouched(.variant(.array(element: .structure([]), []))), "an empty structure as an empty array's element")
        XCTAssertFalse(try vouched(.variant(.structure(Array(repeating: .int32(1), count: 256)))), "a signature of 258 characters")
        let refused = DBusValue.variant(.structure(Array(repeating: .int32(1), count: 256)))
        XCTAssertThrowsError(try WireSignal(path: DirectSignalTests.saidPath, interface: DirectSignalTests.saidInterface, member: "Held", types: [.variant]).signal(with: WireBody(checking: [refused])).message(), "a signal not vouched for is checked, and this one refused")
        var deep = DBusValue.int32(1)
        for _ in 0..<WireBody.knownValidDepth {
            deep = .variant(deep)
        }
        XCTAssertTrue(try vouched(deep))
        XCTAssertFalse(try vouched(.variant(deep)), "deeper than \(WireBody.knownValidDepth) containers")
        var emptyArrays = DBusType.int32
        for _ in 0..<32 {
            emptyArrays = .array(emptyArrays)
        }
        XCTAssertFalse(try vouched(.variant(.array(element: emptyArrays, []))), "a variant's signature 33 arrays deep")
    }

    func testSignalsNotVouchedForAreStillCheckedAndSent() throws {
        try service.server.export(DirectSignalTests.saidPath, interfaces: [
            Interface(DirectSignalTests.saidInterface, signals: [SignalDeclaration("Held", [Argument("value", "v")])]),
        ])
        try client.addMatch("type='signal',interface='\(DirectSignalTests.saidInterface)'")
        var heard: [DBusValue] = []
        let subscription = client.onSignal { message in
            heard.append(contentsOf: (try? message.arguments()) ?? [])
        }
        defer { subscription.dispose() }
        let structure = DBusValue.variant(.structure([.int32(7), .string("seven")]))
        try service.server.emit(path: DirectSignalTests.saidPath, interface: DirectSignalTests.saidInterface, member: "Held", [structure])
        XCTAssertTrue(MainLoop.shared.run(while: { heard.isEmpty }, timeout: .seconds(10)))
        XCTAssertEqual(heard, [structure])
    }
}
