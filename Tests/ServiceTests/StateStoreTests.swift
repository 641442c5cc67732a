import DBus
import Foundation
@testable import Service
import XCTest

final class StateStoreTests: XCTestCase {
    func testFailedWritesAreRetriedLessAndLessOftenUpToAMinute() {
        let seconds = (1...9).map { StateStore.retryDelay(afterFailures: $0) / 1_000_000_000 }
        XCTAssertEqual(seconds, [1, 2, 4, 8, 16, 32, 60, 60, 60])
        XCTAssertEqual(StateStore.retryDelay(afterFailures: 1_000_000), StateStore.longestRetryInterval, "no overflow however long it fails")
    }

    func testOneStorePerDirectory() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rxwidgets-lock-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var first: StateStore? = try StateStore(directory: directory)
        let started = Date()
        XCTAssertThrowsError(try StateStore(directory: directory)) { error in
            XCTAssertTrue("\(error)".contains("is in use by another rxwidgetsd"), "\(error)")
        }
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 1.9, "it waited for the lock first")
        XCTAssertNotNil(first)
        first = nil
        XCTAssertNoThrow(try StateStore(directory: directory), "the lock goes with the store")
    }
}

final class StateFileTests: XCTestCase {
    private func roundTrip(_ state: [DBusValue], file: StaticString = #filePath, line: UInt = #line) throws -> [UInt8] {
        let bytes = try StateFile(kind: .picker, name: "big", ownerUID: 1000, revision: 7, state: state).encoded()
        let read = try StateFile(decoding: bytes)
        XCTAssertEqual(read.state, state, file: file, line: line)
        XCTAssertEqual(read.revision, 7, file: file, line: line)
        XCTAssertEqual(read.ownerUID, 1000, file: file, line: line)
        return bytes
    }

    func testArraysPastTheProtocolsCapAreKept() throws {
        let row = String(repeating: "x", count: 32)
        let component = DBusValue.array(element: .string, (0..<2_000_000).map { .string(row + String($0)) })
        XCTAssertNil(StateFile.wireBytes(component, atMost: 64 << 20), "more than one D-Bus array may hold")
        let bytes = try roundTrip([.array(element: .array(.string), [component, .array(element: .string, [.string("small")])]), .int32(3)])
        XCTAssertGreaterThan(bytes.count, 64 << 20)
    }

    func testLongTitlesStructuresAndVariantsPastAFrameAreKept() throws {
        let long = String(repeating: "é", count: 32_768)
        let titles = DBusValue.array(element: .string, (0..<1_100).map { _ in .string(long) })
        let section = DBusValue.structure([.string("header"), titles, .variant(titles)])
        _ = try roundTrip([.array(element: section.type, [section, section]), .variant(.variant(.string("nested")))])
    }

    /// A value nested deeper than one frame may hold is opened a container
    /// a frame — a dictionary entry too — and read back as it was.
    func testValuesNestedDeeperThanAFrameAreKept() throws {
        let deep = (0..<70).reduce(DBusValue.string("deep")) { inner, _ in .variant(inner) }
        XCTAssertNil(StateFile.wireBytes(deep, depth: StateFile.frameDepth), "deeper than one frame may hold")
        let entry = DBusValue.dictEntry(.string("key"), deep)
        let dictionary = DBusValue.array(element: .dictEntry(key: .string, value: .variant), [.dictEntry(.string("shallow"), .variant(.string("x"))), entry])
        _ = try roundTrip([.array(element: .variant, [.variant(dictionary), deep]), deep])
    }

    func testSmallStatesAreOneMessageEachAndFormatOneIsStillRead() throws {
        let state: [DBusValue] = [.string("about-you"), .dictionary(key: .string, value: .variant, [(.string("a"), .variant(.int32(1)))])]
        let bytes = try roundTrip(state)
        XCTAssertLessThan(bytes.count, 1_000)
        let old = try Message.signal(path: "/org/rxwidgets/Widgets1", interface: "org.rxwidgets.Widgets1.State", member: "Widget")
        try old.append([.string("picker"), .string("big"), .uint32(1000), .uint64(7), .array(element: .variant, state.map { .variant($0) })])
        var version = UInt32(1).littleEndian
        let formatOne = Array("RXWSTATE".utf8) + withUnsafeBytes(of: &version) { Array($0) } + (try old.marshalled())
        XCTAssertEqual(try StateFile(decoding: formatOne).state, state)
    }

    /// Variants the writer makes as it encodes (`StateValue.variants`)
    /// write the same bytes as variants made up front, and read back as them.
    func testVariantsMadeAsTheFileIsWrittenAreTheSameBytes() throws {
        let models = (0..<300_000).map { DBusValue.string("model \($0)") }
        let small = [DBusValue.string("a"), .int32(2)]
        XCTAssertNil(StateValue.variants(models).wireBytes(atMost: StateFile.frameBytes, depth: StateFile.frameDepth), "the models take several frames")
        for values in [models, small] {
            let pieces: [StateValue] = [.value(.boolean(true)), .variants(values), .structure([.value(.string("h")), .variants(values)])]
            let whole = pieces.map(\.materialized)
            let written = try StateFile(kind: .picker, name: "big", ownerUID: 1000, revision: 7, pieces: pieces).encoded()
            XCTAssertEqual(written, try StateFile(kind: .picker, name: "big", ownerUID: 1000, revision: 7, state: whole).encoded())
            XCTAssertEqual(try StateFile(decoding: written).state, whole)
        }
        let components: StateValue = .array(element: .array(.variant), [.variants(models), .variants(small)])
        let read = try StateFile(decoding: try StateFile(kind: .picker, name: "big", ownerUID: 1000, revision: 7, pieces: [components]).encoded())
        XCTAssertEqual(read.state, [components.materialized], "components written one by one inside their array read back whole")
    }

    func testATornFileIsAnErrorNotAWrongState() throws {
        let component = DBusValue.array(element: .string, (0..<700_000).map { .string("row \($0) of a component that takes two frames and more") })
        let bytes = try StateFile(kind: .picker, name: "big", ownerUID: 0, revision: 1, state: [component]).encoded()
        for cut in [13, bytes.count / 2, bytes.count - 1] {
            XCTAssertThrowsError(try StateFile(decoding: Array(bytes[..<cut])), "cut at \(cut) of \(bytes.count)")
        }
        XCTAssertThrowsError(try StateFile(decoding: bytes + bytes[12...]), "more after the values")
    }
}
