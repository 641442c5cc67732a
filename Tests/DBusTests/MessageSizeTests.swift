@testable import DBus
import XCTest

/// `Message.extent` bounds what a message costs on the wire, so `send` can
/// keep back what the bus would disconnect the sender for.
final class MessageSizeTests: XCTestCase {
    private func message(_ values: [DBusValue]) throws -> Message {
        let message = try Message.signal(path: "/a", interface: "a.b", member: "C")
        try message.append(values)
        return message
    }

    func testTheExtentBoundsTheMarshalledSizeFromAbove() throws {
        let strings = DBusValue.array(element: .string, (0..<1_000).map { .string(String(repeating: "x", count: $0)) })
        let values: [DBusValue] = [.int32(1), .string("name"), .variant(.structure([.string("s"), strings])), strings,
                                   .dictionary(key: .string, value: .variant, [(.string("k"), .variant(.uint64(9)))])]
        let built = try message(values)
        let bytes = try built.marshalled()
        XCTAssertGreaterThanOrEqual(built.extent.bytes, bytes.count, "a message built here: the bound kept while appending")
        XCTAssertLessThan(built.extent.bytes, bytes.count + 16_000)
        XCTAssertGreaterThanOrEqual(built.extent.largestArray, 499_500)
        // Read back, it is measured off its marshalled body, array by array.
        let read = try Message(marshalled: bytes)
        XCTAssertGreaterThanOrEqual(read.extent.bytes, bytes.count)
        XCTAssertLessThan(read.extent.bytes, bytes.count + 8_000, "a close bound: padding and the header allowance")
        XCTAssertGreaterThanOrEqual(read.extent.largestArray, 499_500)
        XCTAssertLessThan(read.extent.largestArray, 520_000)
    }

    func testTypedSignalsAreCountedAsTheyAreWritten() throws {
        let signal = TypedSignal("Big", ("titles", [String].self))
        var writer = MessageBodyWriter()
        try signal.encode(Array(repeating: String(repeating: "t", count: 1_000), count: 100), into: &writer)
        let message = try WireSignal(path: ObjectPath("/a")!, interface: "a.b", member: "Big", types: [.array(.string)]).message(with: writer.body)
        XCTAssertGreaterThanOrEqual(message.extent.bytes, try message.marshalled().count)
    }

    func testAnEmptyBodyCostsOnlyItsHeader() throws {
        let extent = try message([]).extent
        XCTAssertEqual(extent.bytes, Message.headerAllowance)
        XCTAssertEqual(extent.largestArray, 0)
    }
}
