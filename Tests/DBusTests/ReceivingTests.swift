import BusTestSupport
@testable import DBus
import Foundation
import Glibc
import RxCoreEssentials
import XCTest

/// What a connection reads itself: messages cut from the stream in order,
/// bulk messages kept as they came and read when handled, descriptors given
/// to the messages that count them, and the answers libdbus used to give
/// to calls nobody handles.
final class ReceivingTests: BusTestCase {
    private func addCall(_ value: Int32) throws -> Message {
        let message = try Message.methodCall(destination: serverConnection.uniqueName, path: TestService.path.rawValue, interface: TestService.interfaceName, member: "Add")
        try message.append(.int32(value), .int32(0))
        return message
    }

    func testABulkCallAndTheCallsSentAfterItAreAnsweredInTheOrderSent() throws {
        let text = String(repeating: "bulk ", count: 600_000)
        var answers: [String] = []
        let echo = try Message.methodCall(destination: serverConnection.uniqueName, path: TestService.path.rawValue, interface: TestService.interfaceName, member: "Echo")
        try echo.append(.variant(.string(text)))
        XCTAssertGreaterThan(echo.extent.bytes, Message.wireReadBytes, "the call is kept as it came")
        client.call(echo) { result in
            answers.append((try? result.get().arguments()) == [.variant(.string(text))] ? "echo" : "wrong echo")
        }
        for value in Int32(1)...3 {
            client.call(try addCall(value)) { result in
                answers.append((try? result.get().arguments())?.first.map { "\($0)" } ?? "no sum")
            }
        }
        MainLoop.shared.run(while: { answers.count < 4 }, timeout: .seconds(20))
        XCTAssertEqual(answers, ["echo", "\(DBusValue.int32(1))", "\(DBusValue.int32(2))", "\(DBusValue.int32(3))"])
        XCTAssertEqual(service.calls.prefix(1), ["Echo"])
    }

    func testABulkSignalReachesItsHandlersInOrderWithTheSignalsAfterIt() throws {
        try client.addMatch("type='signal',interface='org.rxwidgets.Bulk'")
        var heard: [Int] = []
        var keptAsTheyCame: [Bool] = []
        let watch = client.onSignal { message in
            guard message.isSignal(interface: "org.rxwidgets.Bulk", member: "Rows") else { return }
            heard.append((try? message.arguments())?.first?.arrayElements?.count ?? -1)
            keptAsTheyCame.append(message.wire != nil)
        }
        defer { watch.dispose() }
        for count in [300_000, 1, 2] {
            let signal = try Message.signal(path: "/", interface: "org.rxwidgets.Bulk", member: "Rows")
            try signal.append(.array(element: .string, Array(repeating: .string("row"), count: count)))
            try serverConnection.send(signal)
        }
        MainLoop.shared.run(while: { heard.count < 3 }, timeout: .seconds(20))
        XCTAssertEqual(heard, [300_000, 1, 2])
        XCTAssertEqual(keptAsTheyCame, [true, true, true], "every message is kept as it came, its body read by WireReader")
    }

    func testCallsNobodyHandlesAreAnsweredAsLibdbusAnswersThem() throws {
        let plain = try Connection(bus: .address(bus.address))
        defer { plain.close() }
        let peer = "org.freedesktop.DBus.Peer"
        XCTAssertEqual(try client.callAndWait(destination: plain.uniqueName, path: "/", interface: peer, member: "Ping"), [])
        let id = try client.callAndWait(destination: plain.uniqueName, path: "/", interface: peer, member: "GetMachineId")
        XCTAssertEqual(id.first?.stringValue?.count, 32, "a machine id is 32 hex digits: \(id)")
        XCTAssertThrowsError(try client.callAndWait(destination: plain.uniqueName, path: "/a", interface: "a.b", member: "Nope", [.int32(1)])) { error in
            XCTAssertEqual((error as? DBusError)?.name, DBusError.Name.unknownMethod)
            XCTAssertEqual((error as? DBusError)?.message, "Method \"Nope\" with signature \"i\" on interface \"a.b\" doesn't exist\n")
        }
    }

    func testAReplyThatNeverComesTimesOutAndACancelledCallNeverCompletes() throws {
        let plain = try Connection(bus: .address(bus.address))
        defer { plain.close() }
        plain.methodCallHandler = { _ in true }
        let silent = try Message.methodCall(destination: plain.uniqueName, path: "/", interface: "a.b", member: "Silent")
        var timedOut: DBusError?
        client.call(silent, timeoutMilliseconds: 100) { result in
            if case .failure(let error) = result { timedOut = error }
        }
        var cancelledRan = false
        // Due before the first: by the time that one timed out, this one's time passed too.
        let cancelled = client.call(try silent.copy(), timeoutMilliseconds: 50) { _ in cancelledRan = true }
        cancelled.dispose()
        MainLoop.shared.run(while: { timedOut == nil }, timeout: .seconds(5))
        XCTAssertEqual(timedOut?.name, DBusError.Name.noReply)
        XCTAssertFalse(cancelledRan)
    }
}

/// The reader alone, on a socket pair: messages cut whatever pieces they
/// come in, a stream that is not D-Bus refused. (Descriptors are given to
/// their messages in `ObjectServerTests.testUnixFileDescriptorsRoundTrip`.)
final class SocketReaderTests: XCTestCase {
    private var pair: [Int32] = [-1, -1]

    override func setUpWithError() throws {
        try super.setUpWithError()
        XCTAssertEqual(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair), 0)
    }

    override func tearDown() {
        pair.forEach { if $0 >= 0 { Glibc.close($0) } }
        super.tearDown()
    }

    private func marshalled(_ values: [DBusValue]) throws -> [UInt8] {
        let message = try Message.methodCall(destination: ":1.1", path: "/a", interface: "a.b", member: "C")
        try message.append(values)
        return try message.marshalled()
    }

    /// Everything the reader cuts until the socket is empty.
    private func readAll(_ reader: SocketReader) throws -> [[DBusValue]] {
        var messages: [[DBusValue]] = []
        while try reader.read(budget: 1 << 30, { frame in
            messages.append(try Message.received(frame, descriptors: []).arguments())
        }) {}
        return messages
    }

    func testMessagesAreCutWhateverPiecesTheyComeIn() throws {
        var random = SeededGenerator(for: "SocketReaderTests.testMessagesAreCutWhateverPiecesTheyComeIn")
        let values: [[DBusValue]] = [[.int32(1)], [.string(String(repeating: "x", count: 700_000))], [.string("after")], [.array(element: .byte, Array(repeating: .byte(7), count: 300_000))]]
        let stream = try values.flatMap { try marshalled($0) }
        let reader = SocketReader(descriptor: pair[0])
        var received: [[DBusValue]] = []
        var sent = 0
        while sent < stream.count {
            let piece = min(stream.count - sent, Int.random(in: 1...70_000, using: &random))
            XCTAssertEqual(stream[sent..<sent + piece].withUnsafeBytes { Glibc.send(pair[1], $0.baseAddress, $0.count, 0) }, piece)
            sent += piece
            received += try readAll(reader)
        }
        XCTAssertEqual(received, values)
    }

    func testBytesThatAreNotDBusEndTheStream() throws {
        let reader = SocketReader(descriptor: pair[0])
        let junk = [UInt8](repeating: 0x41, count: 64)
        _ = junk.withUnsafeBytes { Glibc.send(pair[1], $0.baseAddress, $0.count, 0) }
        XCTAssertThrowsError(try readAll(reader)) { error in
            guard case SocketReader.End.broken = error else { return XCTFail("\(error)") }
        }
        Glibc.close(pair[1])
        pair[1] = -1
        let closed = SocketReader(descriptor: pair[0])
        XCTAssertThrowsError(try readAll(closed)) { error in
            guard case SocketReader.End.closed = error else { return XCTFail("\(error)") }
        }
    }
}

/// A bulk message's body is checked only as it is read: what libdbus would
/// refuse is refused there.
final class WireMessageTests: XCTestCase {
    /// The call marshalled, with `change` applied to its bytes, kept as it came.
    private func kept(_ values: [DBusValue], _ change: (inout [UInt8]) -> Void = { _ in }) throws -> Message {
        let call = try Message.methodCall(destination: ":1.1", path: "/a", interface: "a.b", member: "C")
        try call.append(values)
        var bytes = try call.marshalled()
        change(&bytes)
        let header = try bytes.withUnsafeBytes { try Message.header(of: $0) }
        return Message(header: header.raw, wire: bytes, signature: header.signature)
    }

    private func replace(_ needle: [UInt8], with replacement: [UInt8], in bytes: inout [UInt8]) {
        guard let start = (0...(bytes.count - needle.count)).first(where: { Array(bytes[$0..<$0 + needle.count]) == needle }) else {
            return XCTFail("\(needle) is not in the message")
        }
        bytes.replaceSubrange(start..<start + needle.count, with: replacement)
    }

    func testAKeptMessageReadsAsLibdbusReadsIt() throws {
        let values: [DBusValue] = [.string("zürich"), .boolean(true), .objectPath(ObjectPath("/x/y")!), .array(element: .string, [.string("a"), .string("b")])]
        let message = try kept(values)
        XCTAssertEqual(message.path, "/a")
        XCTAssertEqual(message.member, "C")
        XCTAssertEqual(message.signature, "sboas")
        XCTAssertEqual(try message.arguments(), values)
        XCTAssertEqual(try message.copy().arguments(), values, "a copy has the body too")
    }

    func testWhatLibdbusWouldRefuseIsRefusedWhenRead() throws {
        let notUTF8 = try kept([.string("abc")]) { replace(Array("abc".utf8), with: [0x61, 0xFF, 0x63], in: &$0) }
        XCTAssertThrowsError(try notUTF8.arguments()) { XCTAssertEqual(($0 as? DBusError)?.name, DBusError.Name.invalidArgs) }
        let withNUL = try kept([.string("abc")]) { replace(Array("abc".utf8), with: [0x61, 0x00, 0x63], in: &$0) }
        XCTAssertThrowsError(try withNUL.arguments())
        let notBoolean = try kept([.boolean(true), .string("end")]) { replace([1, 0, 0, 0, 3, 0, 0, 0], with: [2, 0, 0, 0, 3, 0, 0, 0], in: &$0) }
        XCTAssertThrowsError(try notBoolean.arguments())
        let badPath = try kept([.objectPath(ObjectPath("/ab")!)]) { replace(Array("/ab".utf8), with: Array("/a/".utf8), in: &$0) }
        XCTAssertThrowsError(try badPath.arguments())
    }

    /// `bytes` with `field` (a marshalled `(yv)`: code, signature, value)
    /// added at the end of its header fields.
    private func adding(field: [UInt8], to bytes: inout [UInt8]) {
        let fieldsEnd = 16 + Int(bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 12, as: UInt32.self) })
        let bodyStart = (fieldsEnd + 7) & ~7
        let newEnd = bodyStart + field.count
        let padding = [UInt8](repeating: 0, count: ((newEnd + 7) & ~7) - newEnd)
        bytes.replaceSubrange(bodyStart..<bodyStart, with: field + padding)
        withUnsafeBytes(of: UInt32(newEnd - 16).littleEndian) { bytes.replaceSubrange(12..<16, with: $0) }
    }

    /// A call's bytes with `body` as its body and `signature` as its
    /// signature (of the same length as the one marshalled).
    private func call(marshalling values: [DBusValue], body: [UInt8]) throws -> [UInt8] {
        let call = try Message.methodCall(destination: ":1.1", path: "/a", interface: "a.b", member: "C")
        try call.append(values)
        var bytes = try call.marshalled()
        let fieldsEnd = 16 + Int(bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 12, as: UInt32.self) })
        bytes.replaceSubrange(((fieldsEnd + 7) & ~7)..., with: body)
        withUnsafeBytes(of: UInt32(body.count).littleEndian) { bytes.replaceSubrange(4..<8, with: $0) }
        return bytes
    }

    private func keptMessage(_ bytes: [UInt8]) throws -> Message {
        let header = try bytes.withUnsafeBytes { try Message.header(of: $0) }
        return Message(header: header.raw, wire: bytes, signature: header.signature)
    }

    /// A field the specification does not name holds anything libdbus
    /// allows (a bus such as dbus-broker passes such fields on): a `h`, a
    /// dictionary with a key twice. Read as a body, either would be refused;
    /// in the header both are skipped, and the message reads as it would without them.
    func testUnknownHeaderFieldsHoldingAnythingAreSkipped() throws {
        let values: [DBusValue] = [.string("kept")]
        let call = try Message.methodCall(destination: ":1.1", path: "/a", interface: "a.b", member: "C")
        try call.append(values)
        var bytes = try call.marshalled()
        adding(field: [0x40, 1, UInt8(ascii: "h"), 0, 0, 0, 0, 0], to: &bytes)
        let twice = try Message.methodCall(destination: ":1.1", path: "/a", interface: "a.b", member: "C")
        try twice.append(.structure([.byte(0x41), .variant(.dictionary(key: .string, value: .string, [(.string("k"), .string("a")), (.string("k"), .string("b"))]))]))
        let twiceBytes = try twice.marshalled()
        let twiceFieldsEnd = 16 + Int(twiceBytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 12, as: UInt32.self) })
        adding(field: Array(twiceBytes[((twiceFieldsEnd + 7) & ~7)...]), to: &bytes)
        XCTAssertEqual(try bytes.withUnsafeBytes { try Message.descriptorCount(of: $0) }, 0)
        let message = try keptMessage(bytes)
        XCTAssertEqual(message.member, "C")
        XCTAssertEqual(try message.arguments(), values)
        XCTAssertEqual(try LibdbusOracle.arguments(of: try Message(marshalled: bytes)), values, "libdbus reads the same bytes alike")
    }

    /// Variants inside variants, 1,000,000 deep in 3 MB: read without a
    /// bound, the reader's recursion overflowed the stack.
    func testNestingDeeperThanLibdbusAllowsIsRefusedNotRecursedWithoutEnd() throws {
        let levels = 1_000_000
        var body = [UInt8]()
        body.reserveCapacity(levels * 3 + 4)
        for _ in 0..<levels { body += [1, UInt8(ascii: "v"), 0] }
        body += [1, UInt8(ascii: "y"), 0, 7]
        let deep = try keptMessage(try call(marshalling: [.variant(.byte(7))], body: body))
        XCTAssertThrowsError(try deep.arguments()) { error in
            XCTAssertEqual((error as? DBusError)?.name, DBusError.Name.invalidArgs)
            XCTAssertTrue("\(error)".contains("64 deep"), "\(error)")
        }
        var sixtyFour = [UInt8]()
        for _ in 0..<63 { sixtyFour += [1, UInt8(ascii: "v"), 0] }
        sixtyFour += [1, UInt8(ascii: "y"), 0, 7]
        var expected = DBusValue.byte(7)
        for _ in 0..<64 { expected = .variant(expected) }
        XCTAssertEqual(try keptMessage(try call(marshalling: [.variant(.byte(7))], body: sixtyFour)).arguments(), [expected], "64 deep is allowed")
    }

    /// What libdbus's validator refuses of a body is refused when a kept body is read.
    func testBytesPastTheValuesPaddingAndArraysPastTheCapAreRefused() throws {
        let good = try call(marshalling: [.byte(1), .uint32(2)], body: [1, 0, 0, 0, 2, 0, 0, 0])
        XCTAssertEqual(try keptMessage(good).arguments(), [.byte(1), .uint32(2)])
        let padded = try call(marshalling: [.byte(1), .uint32(2)], body: [1, 0, 9, 0, 2, 0, 0, 0])
        XCTAssertThrowsError(try keptMessage(padded).arguments(), "padding that is not zero")
        let trailing = try call(marshalling: [.byte(1), .uint32(2)], body: [1, 0, 0, 0, 2, 0, 0, 0, 5])
        XCTAssertThrowsError(try keptMessage(trailing).arguments(), "a byte past the last value")
        var huge = try call(marshalling: [.array(element: .byte, [.byte(1)])], body: [])
        huge += withUnsafeBytes(of: UInt32((64 << 20) + 1).littleEndian, Array.init) + [UInt8](repeating: 0, count: (64 << 20) + 1)
        withUnsafeBytes(of: UInt32(4 + (64 << 20) + 1).littleEndian) { huge.replaceSubrange(4..<8, with: $0) }
        XCTAssertThrowsError(try keptMessage(huge).arguments(), "an array of more than 64 MiB")
    }

    /// The local path and interface are libdbus's own: a `Disconnected`
    /// a peer sends would otherwise end the connection.
    func testTheLocalPathAndInterfaceAreRefused() throws {
        for (path, interface) in [("/org/freedesktop/DBus/Lokal", "a.b"), ("/a", "org.freedesktop.DBus.Lokal")] {
            let signal = try Message.signal(path: path, interface: interface, member: "Disconnected")
            try signal.append(.string("x"))
            var bytes = try signal.marshalled()
            let at = (0...(bytes.count - 5)).first { Array(bytes[$0..<$0 + 5]) == Array("Lokal".utf8) }!
            bytes.replaceSubrange(at..<at + 5, with: Array("Local".utf8))
            XCTAssertThrowsError(try keptMessage(bytes), "\(path) \(interface)")
        }
    }

    /// A known header field twice is refused, as libdbus refuses it.
    func testAHeaderFieldGivenTwiceIsRefused() throws {
        let call = try Message.methodCall(destination: ":1.1", path: "/a", interface: "a.b", member: "C")
        try call.append(.string("x"))
        var bytes = try call.marshalled()
        adding(field: [3, 1, UInt8(ascii: "s"), 0, 1, 0, 0, 0, UInt8(ascii: "D"), 0], to: &bytes)
        XCTAssertThrowsError(try keptMessage(bytes))
    }

    func testAHeaderLibdbusWouldAbortOnIsRefused() throws {
        XCTAssertThrowsError(try kept([.string("x")]) { replace(Array("a.b".utf8), with: Array("a..".utf8), in: &$0) }) { error in
            XCTAssertEqual((error as? DBusError)?.name, DBusError.Name.invalidArgs)
        }
    }

    /// A bulk message with descriptors whose signature holds no `h` is
    /// refused from its header: its body is never read.
    func testADescriptorBesideASignatureWithoutHIsRefusedUnread() throws {
        let reader = SocketReader(descriptor: -1)
        let call = try Message.methodCall(destination: ":1.1", path: "/a", interface: "a.b", member: "C")
        try call.append(.array(element: .byte, Array(repeating: .byte(1), count: 100_000)))
        var bytes = try call.marshalled()
        // UNIX_FDS (9), signature "u", 1 — appended to the header fields.
        let fieldsEnd = 16 + Int(bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 12, as: UInt32.self) })
        let bodyStart = (fieldsEnd + 7) & ~7
        bytes.replaceSubrange(bodyStart..<bodyStart, with: [9, 1, UInt8(ascii: "u"), 0, 1, 0, 0, 0])
        withUnsafeBytes(of: UInt32(bodyStart + 8 - 16).littleEndian) { bytes.replaceSubrange(12..<16, with: $0) }
        var pipe: [Int32] = [-1, -1]
        XCTAssertEqual(Glibc.pipe(&pipe), 0)
        defer { Glibc.close(pipe[1]) }
        XCTAssertThrowsError(try bytes.withUnsafeBytes { try Message.received(SocketReader.Frame(bytes: $0, owned: nil, reader: reader), descriptors: [pipe[0]]) }) { error in
            XCTAssertEqual((error as? DBusError)?.message, "the message came with 1 Unix descriptor, but its signature 'ay' holds no 'h' to pass one (a descriptor inside a variant is refused, API rule 12); its body of \(bytes.count) bytes was not read")
        }
        XCTAssertEqual(fcntl(pipe[0], F_GETFD), -1, "the refused message's descriptor is closed")
    }
}
