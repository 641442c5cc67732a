import BusTestSupport
@testable import DBus
import XCTest

/// Signals written in D-Bus's wire format by the daemon itself are the
/// messages libdbus would have built, byte for byte.
final class WireSignalTests: XCTestCase {
    private func value(depth: Int, using random: inout SeededGenerator) -> DBusValue {
        let strings = ["", "a", "día", String(repeating: "x", count: 300), "\u{1F600} wide"]
        let leaf = Int.random(in: 0..<13, using: &random)
        if depth > 0 && Bool.random(using: &random) {
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                let element = value(depth: depth - 1, using: &random)
                let count = Int.random(in: 0..<4, using: &random)
                // Elements of one type: the first one's, again.
                return .array(element: element.type, Array(repeating: element, count: count))
            case 1:
                return .structure((0..<Int.random(in: 1..<4, using: &random)).map { _ in value(depth: depth - 1, using: &random) })
            case 2:
                let value = value(depth: depth - 1, using: &random)
                return .array(element: .dictEntry(key: .string, value: value.type), [.dictEntry(.string("k"), value), .dictEntry(.string("l"), value)])
            default:
                return .variant(value(depth: depth - 1, using: &random))
            }
        }
        switch leaf {
        case 0: return .byte(UInt8.random(in: 0...255, using: &random))
        case 1: return .boolean(Bool.random(using: &random))
        case 2: return .int16(Int16.random(in: .min ... .max, using: &random))
        case 3: return .uint16(UInt16.random(in: 0 ... .max, using: &random))
        case 4: return .int32(Int32.random(in: .min ... .max, using: &random))
        case 5: return .uint32(UInt32.random(in: 0 ... .max, using: &random))
        case 6: return .int64(Int64.random(in: .min ... .max, using: &random))
        case 7: return .uint64(UInt64.random(in: 0 ... .max, using: &random))
        case 8: return .double(Double.random(in: -1e9...1e9, using: &random))
        case 9: return .objectPath(ObjectPath("/org/rx\(Int.random(in: 0..<9, using: &random))")!)
        case 10: return .signature(Signature(types: [.int32, .array(.string)]))
        default: return .string(strings.randomElement(using: &random)!)
        }
    }

    func testRandomSignalsAreByteForByteWhatLibdbusBuilds() throws {
        var generator = SeededGenerator(for: "testRandomSignalsAreByteForByteWhatLibdbusBuilds")
        for _ in 0..<500 {
            let values = (0..<Int.random(in: 0..<5, using: &generator)).map { _ in value(depth: 3, using: &generator) }
            let path = ObjectPath("/org/rxwidgets/Widgets1/picker/p")!
            let byLibdbus = try Message.signal(path: path.rawValue, interface: "org.rxwidgets.Widgets1.Picker", member: "ItemSelected")
            try byLibdbus.append(values)
            var body = WireBody()
            for value in values {
                try value.validate()
                body.append(value)
            }
            let written = try WireSignal(path: path, interface: "org.rxwidgets.Widgets1.Picker", member: "ItemSelected", types: values.map(\.type)).message(with: body)
            XCTAssertEqual(try written.marshalled(), try byLibdbus.marshalled(), "\(values)")
            XCTAssertEqual(try written.arguments(), values)
            XCTAssertGreaterThanOrEqual(written.extent.bytes, try written.marshalled().count, "the extent bounds the message")
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
