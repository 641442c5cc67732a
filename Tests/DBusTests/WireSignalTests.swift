import BusTestSupport
import CDBus
@testable import DBus
import XCTest

/// Signals written in D-Bus's wire format by the daemon itself are the
/// messages libdbus would have built, byte for byte.
final class WireSignalTests: XCTestCase {
    func testRandomSignalsAreByteForByteWhatLibdbusBuilds() throws {
        var generator = SeededGenerator(for: "testRandomSignalsAreByteForByteWhatLibdbusBuilds")
        for _ in 0..<500 {
            let values = (0..<Int.random(in: 0..<5, using: &generator)).map { _ in randomValue(depth: 3, using: &generator) }
            let path = ObjectPath("/org/rxwidgets/Widgets1/picker/p")!
            let byLibdbus = try Message.signal(path: path.rawValue, interface: "org.rxwidgets.Widgets1.Picker", member: "ItemSelected")
            try byLibdbus.append(values)
            var body = WireBody()
            for value in values {
                try value.validate()
                body.append(value)
            }
            let written = try WireSignal(path: path, interface: "org.rxwidgets.Widgets1.Picker", member: "ItemSelected", types: values.map(\.type)).message(with: body)
            XCTAssertEqual(try written.marshalled(), try LibdbusOracle.marshalled(byLibdbus), "\(values)")
            XCTAssertEqual(try written.arguments(), values)
            XCTAssertEqual(try LibdbusOracle.arguments(of: written), values)
            XCTAssertGreaterThanOrEqual(written.extent.bytes, try written.marshalled().count, "the extent bounds the message")
        }
    }

    /// Replies the daemon writes are the replies libdbus builds for the same
    /// call, byte for byte, and read back to the same values.
    func testRandomRepliesAreByteForByteWhatLibdbusBuilds() throws {
        var generator = SeededGenerator(for: "testRandomRepliesAreByteForByteWhatLibdbusBuilds")
        for round in 0..<500 {
            let values = (0..<Int.random(in: 0..<5, using: &generator)).map { _ in randomValue(depth: 3, using: &generator) }
            let call = try Message.methodCall(destination: ":1.7", path: "/org/rxwidgets/Widgets1/picker/p", interface: "org.rxwidgets.Widgets1.Picker", member: "Titles")
            dbus_message_set_serial(call.raw, UInt32(round + 1) * 977)
            if round % 5 != 0 {
                dbus_message_set_sender(call.raw, ":1.\(round)")
            }
            let byLibdbus = try call.makeReturn()
            try byLibdbus.append(values)
            let written = try WireReply.reply(to: call, carrying: values)
            XCTAssertEqual(written.bytes, try LibdbusOracle.marshalled(byLibdbus), "\(values)")
            XCTAssertEqual(try Message(marshalled: written.bytes).arguments(), values)
            XCTAssertTrue(written.isKnownValid, "valid values, structures and dictionaries in variants too, are vouched for: \(values)")
            XCTAssertGreaterThanOrEqual(written.extent.bytes, written.bytes.count, "the extent bounds the message")
        }
    }

    /// What a state file keeps: the bytes libdbus marshals for the same
    /// signal, read back to the same values.
    func testMarshalledSignalsAreWhatLibdbusMarshals() throws {
        var generator = SeededGenerator(for: "testMarshalledSignalsAreWhatLibdbusMarshals")
        for _ in 0..<300 {
            let values = (0..<Int.random(in: 0..<6, using: &generator)).map { _ in randomValue(depth: 4, using: &generator) }
            let byLibdbus = try Message.signal(path: "/org/rxwidgets/Widgets1", interface: "org.rxwidgets.Widgets1.State", member: "Widget")
            try byLibdbus.append(values)
            let written = try Message.marshalledSignal(path: ObjectPath("/org/rxwidgets/Widgets1")!, interface: "org.rxwidgets.Widgets1.State", member: "Widget", values)
            XCTAssertEqual(written, try LibdbusOracle.marshalled(byLibdbus), "\(values)")
            XCTAssertEqual(try Message(marshalled: written).arguments(), values)
        }
        XCTAssertThrowsError(try Message.marshalledSignal(path: ObjectPath("/a")!, interface: "a.b", member: "C", [.string("a\u{0}b")]))
        XCTAssertThrowsError(try Message.marshalledSignal(path: ObjectPath("/a")!, interface: "a.b", member: "C", Array(repeating: .int32(1), count: 256)), "a signature of 256 characters") { error in
            XCTAssertTrue("\(error)".contains("255"), "\(error)")
        }
    }

    func testASignalIsNumberedWhenItIsSent() throws {
        let message = try WireSignal(path: ObjectPath("/a")!, interface: "a.b", member: "C", types: [.int32]).message(with: {
            var body = WireBody()
            body.append(.int32(7))
            return body
        }())
        XCTAssertEqual(message.serial, 0, "not numbered until the connection sends it")
    }
}

/// Every message the project builds — calls, replies, errors, signals — is
/// written by the project (`WireHeader`, `WireBody`) byte for byte as
/// libdbus writes the same message, and read back alike by both.
final class BuiltMessageTests: XCTestCase {
    /// 300,000 short variants are bounded at some 80 MB (a variant's
    /// signature counted at its most) but written in 3.6 MB: a client's
    /// bind of them was refused as over the protocol's 64 MiB array.
    func testALargeBodyIsMeasuredAsWrittenNotByItsBound() throws {
        let models = (0..<300_000).map { DBusValue.variant(.string("r\($0 % 10)")) }
        let call = try Message.methodCall(destination: ":1.9", path: "/a", interface: "a.b", member: "SetItems")
        try call.append([.array(element: .variant, models)])
        XCTAssertGreaterThan(models.reduce(0) { $0 + $1.encodedBytesBound }, Connection.protocolArrayLimit)
        XCTAssertLessThan(call.extent.largestArray, Connection.protocolArrayLimit)
        XCTAssertGreaterThanOrEqual(call.extent.bytes, try call.marshalled().count, "the extent still bounds the message")
        XCTAssertLessThan(call.extent.bytes, 8 << 20)
        XCTAssertEqual(try Message(wire: try call.marshalled()).arguments(), [.array(element: .variant, models)])
    }

    func testRandomMessagesOfEveryKindAreWrittenAsLibdbusWritesThem() throws {
        var generator = SeededGenerator(for: "testRandomMessagesOfEveryKindAreWrittenAsLibdbusWritesThem")
        for round in 0..<400 {
            let values = (0..<Int.random(in: 0..<5, using: &generator)).map { _ in randomValue(depth: 3, using: &generator) }
            let call = try Message.methodCall(destination: round % 3 == 0 ? nil : ":1.\(round)", path: "/org/rxwidgets/Widgets1/picker/p",
                                              interface: round % 4 == 0 ? nil : "org.rxwidgets.Widgets1.Picker", member: "Titles")
            call.noReplyExpected = round % 5 == 0
            dbus_message_set_serial(call.raw, UInt32(round + 1) * 31)
            dbus_message_set_sender(call.raw, ":1.\(round + 1_000)")
            let made: [() throws -> Message] = [
                { try Message.methodCall(destination: ":1.9", path: "/a", interface: "a.b", member: "C") },
                { try call.makeReturn() },
                { try call.makeError(DBusError(name: "org.rxwidgets.Widgets1.Error.OutOfRange", message: "row \(round)")) },
                { try Message.signal(path: "/a", interface: "a.b", member: "S") },
            ]
            for make in made {
                let ours = try make()
                let theirs = try make()
                try ours.append(values)
                try theirs.append(values)
                let written = try ours.marshalled()
                XCTAssertEqual(written, try LibdbusOracle.marshalled(theirs), "\(ours.kind.map(String.init(describing:)) ?? "?") \(values)")
                XCTAssertEqual(try Message(wire: written).arguments(), try LibdbusOracle.arguments(of: theirs))
            }
        }
    }
}
