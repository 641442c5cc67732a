import BusTestSupport
@testable import DBus
import Foundation
import XCTest

/// A second marshaller, written from the specification alone, in either
/// byte order: what another client on the bus may send.
private struct SpecEncoder {
    var bytes: [UInt8]
    let bigEndian: Bool

    mutating func pad(_ alignment: Int) {
        while bytes.count % alignment != 0 { bytes.append(0) }
    }

    mutating func integer<T: FixedWidthInteger>(_ value: T) {
        pad(MemoryLayout<T>.size)
        withUnsafeBytes(of: bigEndian ? value.bigEndian : value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func string(_ text: String) {
        integer(UInt32(text.utf8.count))
        bytes.append(contentsOf: text.utf8)
        bytes.append(0)
    }

    mutating func signature(_ text: String) {
        bytes.append(UInt8(text.utf8.count))
        bytes.append(contentsOf: text.utf8)
        bytes.append(0)
    }

    mutating func value(_ value: DBusValue) {
        switch value {
        case .byte(let v): bytes.append(v)
        case .boolean(let v): integer(UInt32(v ? 1 : 0))
        case .int16(let v): integer(v)
        case .uint16(let v): integer(v)
        case .int32(let v): integer(v)
        case .uint32(let v): integer(v)
        case .int64(let v): integer(v)
        case .uint64(let v): integer(v)
        case .double(let v): integer(v.bitPattern)
        case .unixFD(let v): integer(v)
        case .string(let v): string(v)
        case .objectPath(let v): string(v.rawValue)
        case .signature(let v): signature(v.rawValue)
        case .array(let element, let elements):
            integer(UInt32(0))
            let lengthAt = bytes.count - 4
            pad(element.alignment)
            let start = bytes.count
            elements.forEach { self.value($0) }
            let length = UInt32(bytes.count - start)
            withUnsafeBytes(of: bigEndian ? length.bigEndian : length.littleEndian) { bytes.replaceSubrange(lengthAt..<lengthAt + 4, with: $0) }
        case .dictEntry(let key, let entryValue):
            pad(8)
            self.value(key)
            self.value(entryValue)
        case .structure(let fields):
            pad(8)
            fields.forEach { self.value($0) }
        case .variant(let inner):
            signature(inner.type.signature)
            self.value(inner)
        }
    }

    /// A method call carrying `values`.
    static func methodCall(_ values: [DBusValue], bigEndian: Bool) -> [UInt8] {
        var body = SpecEncoder(bytes: [], bigEndian: bigEndian)
        values.forEach { body.value($0) }
        var header = SpecEncoder(bytes: [UInt8(ascii: bigEndian ? "B" : "l"), 1, 0, 1], bigEndian: bigEndian)
        header.integer(UInt32(body.bytes.count))
        header.integer(UInt32(7))
        var fields: [(UInt8, DBusValue)] = [(1, .objectPath(ObjectPath("/a")!)), (2, .string("a.b")), (3, .string("C")), (6, .string("org.rxwidgets.Test"))]
        if !values.isEmpty {
            fields.append((8, .signature(Signature(types: values.map(\.type)))))
        }
        header.value(.array(element: .structure([.byte, .variant]), fields.map { .structure([.byte($0.0), .variant($0.1)]) }))
        header.pad(8)
        return header.bytes + body.bytes
    }
}

final class WireByteOrderTests: XCTestCase {
    private let filler = DBusValue.array(element: .string, (0..<8_000).map { .string("row \($0)") })

    func testBodiesInEitherByteOrderReadAsTheyWereSent() throws {
        var generator = SeededGenerator(for: "testBodiesInEitherByteOrderReadAsTheyWereSent")
        for _ in 0..<300 {
            let values = [filler] + (0..<Int.random(in: 1..<5, using: &generator)).map { _ in randomValue(depth: 3, using: &generator) }
            for bigEndian in [true, false] {
                let bytes = SpecEncoder.methodCall(values, bigEndian: bigEndian)
                XCTAssertEqual(try bytes.withUnsafeBytes { try WireReader.arguments(of: $0, types: values.map(\.type)) }, values, "big-endian \(bigEndian)")
                let message = try Message(marshalled: bytes)
                XCTAssertEqual(try message.inputArguments(named: []), values, "through the daemon's read, big-endian \(bigEndian)")
            }
        }
    }

    func testAlignmentsThatCatchWritersOutAreLibdbussOwn() throws {
        let path = ObjectPath("/p")!
        let cases: [[DBusValue]] = [
            [.byte(1), .array(element: .dictEntry(key: .string, value: .variant), []), .byte(2)],
            [.byte(1), .array(element: .structure([.int64]), []), .int64(3)],
            [.byte(1), .array(element: .int64, []), .byte(2)],
            [.int16(1), .array(element: .double, [.double(1)])],
            [.byte(1), .variant(.array(element: .structure([.byte]), [])), .byte(2)],
            [.array(element: .array(.structure([.byte])), [.array(element: .structure([.byte]), []), .array(element: .structure([.byte]), [.structure([.byte(1)])])])],
            [.variant(.variant(.variant(.uint64(9)))), .variant(.array(element: .dictEntry(key: .byte, value: .double), [.dictEntry(.byte(1), .double(2))]))],
        ]
        for values in cases {
            let byLibdbus = try Message.signal(path: path.rawValue, interface: "a.b", member: "C")
            try byLibdbus.append(values)
            var body = WireBody()
            values.forEach { body.append($0) }
            let written = try WireSignal(path: path, interface: "a.b", member: "C", types: values.map(\.type)).message(with: body)
            XCTAssertEqual(try written.marshalled(), try LibdbusOracle.marshalled(byLibdbus), "\(values)")
        }
    }

    func testWhatASignalCannotCarryIsRefusedBeforeLibdbusSeesIt() throws {
        let path = ObjectPath("/p")!
        var descriptor = WireBody()
        descriptor.append(.unixFD(0))
        XCTAssertThrowsError(try WireSignal(path: path, interface: "a.b", member: "C", types: [.unixFD]).message(with: descriptor)) {
            XCTAssertEqual(($0 as? DBusError)?.message, "a Unix file descriptor cannot be sent in a signal; signals carry data")
        }
        var huge = WireBody()
        huge.append(.array(element: .string, Array(repeating: .string(String(repeating: "x", count: 65_536)), count: 1_100)))
        XCTAssertThrowsError(try WireSignal(path: path, interface: "a.b", member: "C", types: [.array(.string)]).message(with: huge)) {
            XCTAssertTrue($0 is MessageTooLarge, "a caller that makes room can try again: \($0)")
        }
        var nested: DBusType = .int32
        for _ in 0..<30 { nested = .structure([nested, .byte, .byte, .byte, .byte, .byte, .byte, .byte, .byte]) }
        var long = WireBody()
        long.append(.variant(Self.value(of: nested)))
        XCTAssertThrowsError(try WireSignal(path: path, interface: "a.b", member: "C", types: [.variant]).message(with: long)) {
            XCTAssertEqual(($0 as? DBusError)?.message, "a signature is longer than 255 characters")
        }
    }

    private static func value(of type: DBusType) -> DBusValue {
        switch type {
        case .structure(let fields): return .structure(fields.map(value(of:)))
        case .byte: return .byte(0)
        default: return .int32(0)
        }
    }
}
