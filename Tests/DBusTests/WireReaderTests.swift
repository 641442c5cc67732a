import BusTestSupport
@testable import DBus
import Foundation
import XCTest

/// Bodies read off their wire format are what libdbus's iterator reads,
/// refusals (API rule 12) included.
final class WireReaderTests: XCTestCase {
    private func call(_ values: [DBusValue]) throws -> Message {
        let message = try Message.methodCall(destination: "org.rxwidgets.Test", path: "/a", interface: "a.b", member: "C")
        try message.append(values)
        return message
    }

    private func wireRead(_ message: Message) throws -> [DBusValue] {
        let bytes = try message.marshalled()
        let types = try DBusType.parse(signature: message.signature)
        return try bytes.withUnsafeBytes { try WireReader.arguments(of: $0, types: types) }
    }

    func testRandomBodiesReadAsLibdbusReadsThem() throws {
        var generator = SeededGenerator(for: "testRandomBodiesReadAsLibdbusReadsThem")
        for _ in 0..<500 {
            let values = (0..<Int.random(in: 0..<5, using: &generator)).map { _ in randomValue(depth: 3, using: &generator) }
            let message = try call(values)
            XCTAssertEqual(try wireRead(message), try LibdbusOracle.arguments(of: message), "\(values)")
        }
    }

    func testALargeBodyIsReadOffItsWireFormat() throws {
        let rows = (0..<100_000).map { DBusValue.string("row \($0) día") }
        let models = (0..<20_000).map { DBusValue.variant(.structure([.int32(Int32($0)), .string("m")])) }
        let message = try call([.array(element: .string, rows), .array(element: .variant, models), .uint64(7)])
        XCTAssertGreaterThan(message.extent.bytes, Message.wireReadBytes)
        XCTAssertEqual(try message.inputArguments(named: ["rows", "models", "revision"]), try LibdbusOracle.arguments(of: message), "as libdbus reads it")
    }

    func testALargeBodysRefusalsNameWhereTheyAre() throws {
        let filler = DBusValue.array(element: .string, (0..<20_000).map { .string("row \($0)") })
        let repeated = DBusValue.array(element: .dictEntry(key: .string, value: .variant), [
            .dictEntry(.string("a"), .variant(.int32(1))), .dictEntry(.string("b"), .variant(.array(element: .dictEntry(key: .string, value: .int32), [
                .dictEntry(.string("x"), .int32(1)), .dictEntry(.string("x"), .int32(2)),
            ]))),
        ])
        let large = try call([filler, repeated])
        let small = try call([.array(element: .string, []), repeated])
        XCTAssertGreaterThan(large.extent.bytes, Message.wireReadBytes)
        let refusals = [large, small].map { message -> String? in
            do {
                _ = try message.inputArguments(named: ["rows", "options"])
                return nil
            } catch {
                return (error as? DBusError)?.message
            }
        }
        XCTAssertEqual(refusals[0], "options['b']: the key 'x' appears more than once; each key of a dictionary may appear once")
        XCTAssertEqual(refusals[1], refusals[0], "as the iterator says it")
        let descriptor = open("/dev/null", O_RDONLY)
        defer { close(descriptor) }
        let handle = try call([filler, .array(element: .variant, [.variant(.string("fine")), .variant(.structure([.string("fd"), .unixFD(descriptor)]))])])
        XCTAssertThrowsError(try handle.inputArguments(named: ["rows", "models"])) { error in
            XCTAssertEqual((error as? DBusError)?.message.hasPrefix("models[1].1: a Unix file descriptor (h) inside a variant"), true, "\(error)")
        }
    }
}
