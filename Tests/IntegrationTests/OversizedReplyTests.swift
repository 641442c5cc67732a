import BusTestSupport
import CLinux
import DBus
import Foundation
import Glibc
import XCTest

/// One read from any uid once made the daemon exit: a reply past the bus's
/// limits (an array over 64 MiB, a message over the bus's size) gets its
/// sender disconnected, and the daemon ended with its connection. Now every
/// reply and signal is measured before it is sent.
final class OversizedReplyTests: DaemonTestCase {
    private let picker = "\(root)/picker/p"

    private func assertAnswering(_ context: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNoThrow(try client.callAndWait(destination: busName, path: root, interface: "org.freedesktop.DBus.Peer", member: "Ping", timeoutMilliseconds: 10_000),
                         "the daemon answers after \(context); log:\n\(daemon.log.suffix(2_000))", file: file, line: line)
    }

    /// A picker whose component 0 holds `count` titles of `row`, loaded from a memfd.
    private func loadPicker(_ row: String, count: Int) throws {
        try call(root, managerInterface, "CreatePicker", [.string("p"), options([])])
        let fd = clinux_memfd("rows")
        defer { close(fd) }
        let line = Array((row + "\n").utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(line.count * count)
        for _ in 0..<count { bytes += line }
        _ = bytes.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count) }
        try call(picker, pickerInterface, "LoadItems", [.unixFD(fd), options([])])
    }

    private func titlePage(_ first: Int32, _ count: Int32) throws -> [DBusValue] {
        let reply = try client.callAndWait(destination: busName, path: picker, interface: pickerInterface, member: "Titles",
                                           [.int32(0), .int32(first), .int32(count)], timeoutMilliseconds: 60_000)
        return reply.first?.arrayElements ?? []
    }

    func testTitlesPastTheMessageLimitArePagedNotFatal() throws {
        // 65,536 titles of 1,100 characters: 72 MB, past the 64 MiB array cap.
        let row = String(repeating: "t", count: 1_100)
        try loadPicker(row, count: 65_536)
        let page = try titlePage(0, 65_536)
        XCTAssertGreaterThan(page.count, 20_000)
        XCTAssertLessThan(page.count, 65_536, "the page ends where the reply would pass 32 MiB")
        XCTAssertEqual(page.last, .string(row), "whole titles, never a cut one")
        assertAnswering("Titles of 72 MB")
    }

    func testARenderedTitleIsBoundedByTheStringLimit() throws {
        try loadPicker(String(repeating: "v", count: 1_000), count: 10)
        // 9,362 placeholders over 1,000-character titles: 9.4 MB a title, 94 MB for ten.
        let format = String(repeating: "{value}", count: 9_362)
        try call(picker, pickerInterface, "SetAdapter", [.string("title"), options([("format", .string(format))])])
        let page = try titlePage(0, 10).compactMap(\.stringValue)
        XCTAssertEqual(page.count, 10)
        XCTAssertEqual(page.map(\.unicodeScalars.count), Array(repeating: 65_536, count: 10), "a title is clipped at the string limit")
        let one = try call(picker, pickerInterface, "TitleForRow", [.int32(3), .int32(0)])
        XCTAssertEqual(one.first?.stringValue?.unicodeScalars.count, 65_536)
        assertAnswering("titles rendered from 9,362 placeholders")
    }

    func testGetManagedObjectsLeavesOutWhatWouldNotFit() throws {
        let spec = #"{"fields":["# + (0..<256).map { #"{"name":"f\#($0)","kind":"text"}"# }.joined(separator: ",") + "]}"
        let value = String(repeating: "w", count: 65_536)
        for index in 0..<4 {
            try call(root, managerInterface, "CreateForm", [.string("big\(index)"), .string(spec), options([])])
            try call("\(root)/form/big\(index)", formInterface, "SetValues", [options((0..<256).map { ("f\($0)", .string(value)) }), .uint64(0)])
        }
        _ = takeEvents()
        // Four forms of 16 MiB of values each: 64 MiB, twice what a message may carry.
        let managed = try client.callAndWait(destination: busName, path: root, interface: "org.freedesktop.DBus.ObjectManager", member: "GetManagedObjects", timeoutMilliseconds: 60_000)
        let objects = managed.first?.dictionaryEntries ?? []
        XCTAssertEqual(objects.count, 4, "every widget is listed")
        let properties = objects.map { object -> [String] in
            let form = object.value.dictionaryEntries?.first { $0.key.stringValue == formInterface }?.value
            return (form?.dictionaryEntries ?? []).compactMap(\.key.stringValue)
        }
        XCTAssertTrue(properties.allSatisfy { $0.contains("Revision") && $0.contains("Fields") }, "small properties stay: \(properties)")
        XCTAssertTrue(properties.contains { !$0.contains("Values") }, "the largest values are left out, to be read with Get")
        let values = try property("\(root)/form/big0", formInterface, "Values")
        XCTAssertEqual(values?.dictionaryEntries?.count, 256, "Get reads what GetManagedObjects left out")
        assertAnswering("GetManagedObjects over 64 MiB of values")
    }
}

/// The same guards with a message limit small enough to reach with little
/// data: a reply over it is `LimitExceeded` naming the call, a property
/// change over it is announced as invalidated, a signal over it is not sent.
final class MessageLimitTests: DaemonTestCase {
    override var daemonArguments: [String] { ["--max-message-bytes", "1048576"] }

    private let picker = "\(root)/picker/p"

    func testAReplyOverTheLimitIsLimitExceededNamingTheCall() throws {
        let big = DBusValue.variant(.array(element: .string, Array(repeating: .string(String(repeating: "m", count: 60_000)), count: 20)))
        try call(root, managerInterface, "CreatePicker", [.string("p"), options([])])
        try call(picker, pickerInterface, "SetModels", [.array(element: .array(.variant), [.array(element: .variant, [.variant(.string("small")), big])])])
        let refusal = error(picker, pickerInterface, "Model", [.int32(1), .int32(0)])
        XCTAssertEqual(refusal?.name, errorPrefix + "LimitExceeded")
        XCTAssertTrue(refusal?.message.hasPrefix("the reply to org.rxwidgets.Widgets1.Picker.Model would be about 12") == true, refusal?.message ?? "")
        XCTAssertTrue(refusal?.message.contains("at most 1048576") == true, refusal?.message ?? "")
        XCTAssertEqual(try call(picker, pickerInterface, "Model", [.int32(0), .int32(0)]).first, .variant(.string("small")))
        // The selection's ModelSelected would be as large: the call is
        // answered, its state announced, the oversized signal left out.
        _ = takeEvents()
        try call(picker, pickerInterface, "SelectRow", [.int32(1), .int32(0)])
        XCTAssertEqual(takeEvents().filter { !$0.hasPrefix("ModelSelected") }.count, 3, "PropertiesChanged, ItemSelected and the reply")
        XCTAssertTrue(daemon.log.contains("ModelSelected at \(picker) not sent: would be about"), daemon.log)
        XCTAssertEqual(try property(picker, pickerInterface, "SelectedRows"), .array(element: .int32, [.int32(1)]))
    }

    func testBatchReadsArePagedByBytes() throws {
        let row = String(repeating: "r", count: 1_000)
        try call(root, managerInterface, "CreatePicker", [.string("p"), options([("items", titles([Array(repeating: row, count: 2_000)]))])])
        for member in ["Titles", "AttributedTitles"] {
            var read = 0
            var pages = 0
            while read < 2_000 {
                let reply = try call(picker, pickerInterface, member, [.int32(0), .int32(Int32(read)), .int32(65_536)])
                let page = reply.first?.arrayElements ?? []
                XCTAssertFalse(page.isEmpty, "\(member) from \(read)")
                read += page.count
                pages += 1
            }
            XCTAssertEqual(read, 2_000, "\(member): the client reads on from where each page ended")
            XCTAssertGreaterThan(pages, 1, "\(member): 2 MB of titles take more than one reply of at most 1 MiB")
        }
        try call(root, managerInterface, "CreateTable", [.string("t"), options([("items", .array(element: .string, Array(repeating: .string(row), count: 2_000)))])])
        let cells = try call("\(root)/table/t", tableInterface, "Cells", [.int32(0), .int32(0), .int32(65_536)])
        XCTAssertLessThan(cells.first?.arrayElements?.count ?? 0, 2_000)
        XCTAssertGreaterThan(cells.first?.arrayElements?.count ?? 0, 500)
    }

    func testAChangedPropertyOverTheLimitIsAnnouncedAsInvalidated() throws {
        let spec = #"{"fields":["# + (0..<20).map { #"{"name":"f\#($0)","kind":"text"}"# }.joined(separator: ",") + "]}"
        try call(root, managerInterface, "CreateForm", [.string("f"), .string(spec), options([])])
        var invalidated: [String] = []
        let watch = client.onSignal { message in
            guard message.member == "PropertiesChanged", let arguments = try? message.arguments(), arguments.count == 3 else { return }
            invalidated += (arguments[2].arrayElements ?? []).compactMap(\.stringValue)
        }
        defer { watch.dispose() }
        try call("\(root)/form/f", formInterface, "SetValues", [options((0..<20).map { ("f\($0)", .string(String(repeating: "x", count: 60_000))) }), .uint64(0)])
        XCTAssertEqual(invalidated, ["Values"], "1.2 MB of values cannot be sent in a PropertiesChanged of at most 1 MiB")
        XCTAssertEqual(error("\(root)/form/f", "org.freedesktop.DBus.Properties", "Get", [.string(formInterface), .string("Values")])?.name, errorPrefix + "LimitExceeded")
        XCTAssertEqual(try property("\(root)/form/f", formInterface, "Revision"), .uint64(2))
    }
}

/// A signal is a broadcast (the bus keeps a copy for every subscriber that
/// has not read it yet), so signals have a limit of their own,
/// `--max-signal-bytes`: a property value past it is announced as
/// invalidated, an event signal past it is not sent; calls and replies are
/// as usual.
final class SignalLimitTests: DaemonTestCase {
    override var daemonArguments: [String] { ["--max-signal-bytes", "65536"] }

    /// The members of the events recorded since the last call.
    private func members() -> [String] {
        takeEvents().map { event -> String in
            let end = event.firstIndex { $0 == "(" || $0 == " " } ?? event.endIndex
            return String(event[..<end])
        }
    }

    func testLargePropertiesAreInvalidatedAndLargeEventsNotSent() throws {
        let spec = #"{"fields":["# + (0..<4).map { #"{"name":"f\#($0)","kind":"text"}"# }.joined(separator: ",") + "]}"
        let form = "\(root)/form/f"
        try call(root, managerInterface, "CreateForm", [.string("f"), .string(spec), options([])])
        var changed: [String] = []
        var invalidated: [String] = []
        let watch = client.onSignal { message in
            guard message.member == "PropertiesChanged", let arguments = try? message.arguments(), arguments.count == 3 else { return }
            changed += (arguments[1].dictionaryEntries ?? []).compactMap { $0.key.stringValue }
            invalidated += (arguments[2].arrayElements ?? []).compactMap(\.stringValue)
        }
        defer { watch.dispose() }
        _ = takeEvents()
        let text = String(repeating: "v", count: 20_000)
        try call(form, formInterface, "SetValues", [options((0..<4).map { ("f\($0)", DBusValue.string(text)) }), .uint64(0)])
        XCTAssertEqual(invalidated, ["Values"], "80 KB of values in a PropertiesChanged of at most 64 KiB")
        XCTAssertEqual(changed, ["Revision"])
        XCTAssertEqual(members(), ["PropertiesChanged", "ValueChanged", "ValueChanged", "ValueChanged", "ValueChanged", "reply"], "each 20 KB ValueChanged fits")
        XCTAssertEqual(try property(form, formInterface, "Values")?.dictionaryEntries?.count, 4, "Get reads what was invalidated")

        let picker = "\(root)/picker/p"
        let wide: [[String]] = (0..<4).map { _ in [String(repeating: "w", count: 20_000), "n"] }
        try call(root, managerInterface, "CreatePicker", [.string("p"), options([("items", titles(wide))])])
        _ = takeEvents()
        try call(picker, pickerInterface, "SelectRow", [.int32(1), .int32(0)])
        XCTAssertEqual(members(), ["PropertiesChanged", "ItemSelected", "ModelSelected", "reply"], "60 KB of models: sent")
        try call(picker, pickerInterface, "SelectRow", [.int32(0), .int32(0)])
        XCTAssertEqual(members(), ["PropertiesChanged", "ItemSelected", "reply"], "80 KB of models: not sent")
        XCTAssertTrue(daemon.log.contains("ModelSelected at \(picker) not sent: would be about"), daemon.log)
        XCTAssertTrue(daemon.log.contains("a signal may carry at most 65536"), daemon.log)
        XCTAssertEqual(try property(picker, pickerInterface, "Revision"), .uint64(3), "both selections were made")
    }

    func testAnItemsChangedTooLargeToSendIsAReload() throws {
        let table = "\(root)/table/t"
        let rows = (0..<10_000).map { "row \($0)" }
        try call(root, managerInterface, "CreateTable", [.string("t"), options([("items", .array(element: .string, rows.map { .string($0) }))])])
        _ = takeEvents()
        // 10,000 updated rows: 80 KB of index paths.
        try call(table, tableInterface, "SetItems", [models(rows.map { "changed \($0)" })])
        XCTAssertEqual(members(), ["PropertiesChanged", "Reloaded", "reply"])
        XCTAssertTrue(daemon.log.contains("ItemsChanged at \(table) not sent"), daemon.log)
        XCTAssertEqual(try call(table, tableInterface, "Cells", [.int32(0), .int32(0), .int32(1)]).first?.arrayElements?.count, 1)
    }
}
