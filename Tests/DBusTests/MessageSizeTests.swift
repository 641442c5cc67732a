import DBus
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
        let marshalled = try built.marshalled().count
        XCTAssertGreaterThanOrEqual(built.extent.bytes, marshalled)
        XCTAssertLessThan(built.extent.bytes, marshalled + 8_000, "a close bound: padding and the header allowance")
        XCTAssertGreaterThanOrEqual(built.extent.largestArray, 499_500)
        XCTAssertEqual(values.reduce(Message.headerAllowance) { $0 + $1.encodedBytesBound } >= marshalled, true, "the value's own bound agrees")
    }

    func testAnEmptyBodyCostsOnlyItsHeader() throws {
        let extent = try message([]).extent
        XCTAssertEqual(extent.bytes, Message.headerAllowance)
        XCTAssertEqual(extent.largestArray, 0)
    }
}
