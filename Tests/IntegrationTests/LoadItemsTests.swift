import BusTestSupport
import CLinux
import DBus
import Foundation
import Glibc
import RxCoreEssentials
import XCTest

/// `LoadItems`: a bulk bind from a file descriptor, all or nothing, with the
/// same limits and signals as `SetItems`.
final class LoadItemsTests: DaemonTestCase {
    override var daemonArguments: [String] { ["--max-rows", "1000", "--max-string-length", "100"] }

    private let picker = "\(root)/picker/p"
    private let table = "\(root)/table/t"

    /// A regular file holding `bytes`, opened for reading.
    private func file(_ bytes: [UInt8]) throws -> Int32 {
        let url = bus.directory.appendingPathComponent("rows-\(UUID().uuidString)")
        try Data(bytes).write(to: url)
        let fd = open(url.path, O_RDONLY)
        XCTAssertGreaterThanOrEqual(fd, 0)
        return fd
    }

    private func file(_ text: String) throws -> Int32 {
        try file(Array(text.utf8))
    }

    private func load(_ path: String, _ interface: String, section: Int32? = nil, _ fd: Int32, _ pairs: [(String, DBusValue)] = []) -> DBusError? {
        defer { close(fd) }
        return error(path, interface, "LoadItems", (section.map { [.int32($0)] } ?? []) + [.unixFD(fd), options(pairs)])
    }

    func testPickerLoadsReplacesAppendsAndAddsComponents() throws {
        try call(root, managerInterface, "CreatePicker", [.string("p"), options([])])
        _ = takeEvents()
        XCTAssertNil(load(picker, pickerInterface, try file("apple\nbanana\ncherry\n")))
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Picker MatchCounts,NumberOfComponents,RowCounts,SelectedRows,Revision", "reply"], "as SetItems: component 0 of a picker without items")
        XCTAssertEqual(try call(picker, pickerInterface, "Titles", [.int32(0), .int32(0), .int32(10)])[0], .array(element: .string, ["apple", "banana", "cherry"].map { .string($0) }),
                       "a trailing separator adds no empty row")
        XCTAssertNil(load(picker, pickerInterface, try file("durian"), [("append", .boolean(true))]))
        XCTAssertNil(load(picker, pickerInterface, try file([0x73, 0x00, 0x6C, 0x00]), [("component", .int32(1)), ("separator", .string("nul"))]))
        XCTAssertEqual(try property(picker, pickerInterface, "RowCounts"), .array(element: .int32, [.int32(4), .int32(2)]))
        XCTAssertEqual(try call(picker, pickerInterface, "TitleForRow", [.int32(1), .int32(1)]), [.string("l")])
        XCTAssertNil(load(picker, pickerInterface, try file("x\ny"), [("component", .int32(0))]))
        XCTAssertEqual(try property(picker, pickerInterface, "RowCounts"), .array(element: .int32, [.int32(2), .int32(2)]), "without append the rows are replaced")
    }

    func testRefusedLoadsChangeNothing() throws {
        try call(root, managerInterface, "CreatePicker", [.string("p"), options([("items", titles([["a"]]))])])
        let revision = try property(picker, pickerInterface, "Revision")
        _ = takeEvents()
        var pipeEnds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&pipeEnds), 0)
        close(pipeEnds[1])
        XCTAssertEqual(load(picker, pickerInterface, pipeEnds[0]), DBusError.invalidArgs("items: the descriptor is a pipe; LoadItems reads a memfd or a regular file"))
        var sockets: [Int32] = [0, 0]
        XCTAssertEqual(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &sockets), 0)
        close(sockets[1])
        XCTAssertEqual(load(picker, pickerInterface, sockets[0])?.message, "items: the descriptor is a socket; LoadItems reads a memfd or a regular file")
        XCTAssertEqual(load(picker, pickerInterface, try file("ok\nbad\u{0}row\n")), DBusError.invalidArgs("items: row 1 contains U+0000, which D-Bus strings cannot carry"))
        XCTAssertEqual(load(picker, pickerInterface, try file([0x61, 0x0A, 0xFF, 0xFE])), DBusError.invalidArgs("items: row 1 is not valid UTF-8"))
        XCTAssertEqual(load(picker, pickerInterface, try file(String(repeating: "x", count: 101)))?.name, errorPrefix + "LimitExceeded")
        XCTAssertEqual(load(picker, pickerInterface, try file(String(repeating: "r\n", count: 1_001)))?.name, errorPrefix + "LimitExceeded")
        XCTAssertEqual(load(picker, pickerInterface, try file("a"), [("component", .int32(2))])?.name, errorPrefix + "OutOfRange")
        XCTAssertEqual(load(picker, pickerInterface, try file("a"), [("separator", .string("tab"))]), DBusError.invalidArgs("options 'separator': expected 'newline' or 'nul', got 'tab'"))
        XCTAssertEqual(load(picker, pickerInterface, try file("a"), [("colour", .string("red"))])?.name, DBusError.Name.invalidArgs)
        XCTAssertEqual(takeEvents().filter { !$0.hasPrefix("error") }, [], "no refused load sends a signal")
        XCTAssertEqual(try property(picker, pickerInterface, "Revision"), revision)
        XCTAssertEqual(try property(picker, pickerInterface, "RowCounts"), .array(element: .int32, [.int32(1)]))
    }

    /// Every kind of descriptor that is not a readable regular file or memfd
    /// is refused by what it is, before a byte is read (none can make the
    /// one thread wait), and a file too large for the limits by its size.
    func testDescriptorsThatAreNotReadableFilesAreRefusedByWhatTheyAre() throws {
        try call(root, managerInterface, "CreatePicker", [.string("p"), options([("items", titles([["a"]]))])])
        _ = takeEvents()
        let fifo = bus.directory.appendingPathComponent("fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let regular = bus.directory.appendingPathComponent("rows").path
        XCTAssertTrue(FileManager.default.createFile(atPath: regular, contents: Data("a\nb\n".utf8)))
        // O_PATH, which Swift's Glibc module does not import (it needs _GNU_SOURCE).
        let pathOnly: Int32 = 0o10000000
        let sparse = clinux_memfd("sparse")
        XCTAssertEqual(ftruncate(sparse, 4 << 30), 0)
        let refusals: [(what: String, fd: Int32, message: String)] = [
            ("/dev/zero", open("/dev/zero", O_RDONLY), "items: the descriptor is a character device; LoadItems reads a memfd or a regular file"),
            ("a FIFO", open(fifo, O_RDONLY | O_NONBLOCK), "items: the descriptor is a pipe; LoadItems reads a memfd or a regular file"),
            ("a directory", open(bus.directory.path, O_RDONLY | O_DIRECTORY), "items: the descriptor is a directory; LoadItems reads a memfd or a regular file"),
            ("a write-only file", open(regular, O_WRONLY), "items: the file cannot be read: Bad file descriptor"),
            ("an O_PATH descriptor", open(regular, pathOnly), "items: the file cannot be read: Bad file descriptor"),
            ("/proc/self/mem", open("/proc/self/mem", O_RDONLY), "items: the file cannot be read: Input/output error"),
        ]
        for refusal in refusals {
            XCTAssertGreaterThanOrEqual(refusal.fd, 0, refusal.what)
            XCTAssertEqual(load(picker, pickerInterface, refusal.fd)?.message, refusal.message, refusal.what)
        }
        let bySize = load(picker, pickerInterface, sparse)
        XCTAssertEqual(bySize?.name, errorPrefix + "LimitExceeded")
        XCTAssertTrue(bySize?.message.hasPrefix("items: the file has 4294967296 bytes; the limit is ") == true, "a 4 GiB sparse memfd, refused by its size: \(bySize?.message ?? "")")
        XCTAssertEqual(takeEvents().filter { !$0.hasPrefix("error") }, [], "no refused load sends a signal")
        XCTAssertEqual(try property(picker, pickerInterface, "RowCounts"), .array(element: .int32, [.int32(1)]))
    }

    func testReceivedDescriptorsAreClosed() throws {
        try call(root, managerInterface, "CreatePicker", [.string("p"), options([])])
        XCTAssertNil(load(picker, pickerInterface, try file("warm up")))
        // The state writer's first file starts its thread (and libdispatch's
        // own descriptors, once): counted before, not as a leak.
        MainLoop.shared.run(while: { true }, timeout: .milliseconds(400))
        let descriptors = { try FileManager.default.contentsOfDirectory(atPath: "/proc/\(self.daemon.process.processIdentifier)/fd").count }
        let before = try descriptors()
        for index in 0..<200 {
            XCTAssertNotNil(load(picker, pickerInterface, try file("a"), [("separator", .string("bad\(index)"))]), "a refused load")
            XCTAssertNil(load(picker, pickerInterface, try file("row \(index)")))
        }
        XCTAssertEqual(try descriptors(), before, "the daemon keeps none of the 400 descriptors it was sent")
    }

    func testTableReplacingReloadsAndKeepsOtherSectionsSelection() throws {
        try call(root, managerInterface, "CreateTable", [.string("t"), options([("sections", .array(element: .structure([.string, .array(.string)]), [
            .structure([.string("a"), .array(element: .string, [.string("a0"), .string("a1")])]),
            .structure([.string("b"), .array(element: .string, [.string("b0")])]),
        ]))])])
        try call(table, "org.freedesktop.DBus.Properties", "Set", [.string(tableInterface), .string("AllowsMultipleSelection"), .variant(.boolean(true))])
        try call(table, tableInterface, "SelectRow", [.int32(0), .int32(1)])
        try call(table, tableInterface, "SelectRow", [.int32(1), .int32(0)])
        _ = takeEvents()
        XCTAssertNil(load(table, tableInterface, section: 0, try file("x\ny\nz")))
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Table MatchCounts,RowCounts,SelectedIndexPaths,Revision", "Reloaded()", "reply"])
        XCTAssertEqual(try property(table, tableInterface, "SelectedIndexPaths"), .array(element: .structure([.int32, .int32]), [.structure([.int32(1), .int32(0)])]),
                       "only the replaced section's selection is dropped")
        XCTAssertEqual(try call(table, tableInterface, "Headers"), [.array(element: .string, [.string("a"), .string("b")])])
        _ = takeEvents()
        XCTAssertNil(load(table, tableInterface, section: 1, try file("b1"), [("append", .boolean(true))]))
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Table MatchCounts,RowCounts,Revision", "ItemsChanged([], [(1, 1)], [], [])", "reply"])
        XCTAssertNil(load(table, tableInterface, section: 2, try file("c0")))
        XCTAssertEqual(try property(table, tableInterface, "RowCounts"), .array(element: .int32, [.int32(3), .int32(2), .int32(1)]))
        XCTAssertEqual(load(table, tableInterface, section: 4, try file("c0"))?.name, errorPrefix + "OutOfRange")
    }
}

/// A file the limits refuse is refused as soon as that shows, holding no
/// more than a chunk of it: a 512 MiB memfd of zeros was read whole (and
/// held, 525–580 MiB at the peak) before it was refused.
final class LoadItemsEarlyRefusalTests: DaemonTestCase {
    private func peakResidentMiB() throws -> Double {
        let status = try String(contentsOfFile: "/proc/\(daemon.process.processIdentifier)/status", encoding: .utf8)
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return (Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
    }

    private func zeros(_ bytes: Int) -> Int32 {
        let fd = clinux_memfd("zeros")
        XCTAssertEqual(ftruncate(fd, off_t(bytes)), 0)
        return fd
    }

    func testAFileOfZerosIsRefusedAtItsFirstRows() throws {
        try call(root, managerInterface, "CreatePicker", [.string("p"), options([])])
        let picker = "\(root)/picker/p"
        let fd = zeros(512 << 20)
        defer { close(fd) }
        let newline = error(picker, pickerInterface, "LoadItems", [.unixFD(fd), options([])])
        XCTAssertEqual(newline?.message, "items: row 0 contains U+0000, which D-Bus strings cannot carry")
        let nul = error(picker, pickerInterface, "LoadItems", [.unixFD(fd), options([("separator", .string("nul"))])])
        XCTAssertEqual(nul?.name, errorPrefix + "LimitExceeded")
        XCTAssertTrue(nul?.message.contains("more than 2000000 rows") == true, nul?.message ?? "")
        XCTAssertLessThan(try peakResidentMiB(), 300, "the daemon never held the file")
        XCTAssertEqual(try property(picker, pickerInterface, "Revision"), .uint64(1))
    }
}

/// The room a load reserves is estimated from its first chunk and the
/// file's size, which `--max-load-bytes` may let be anything: a first chunk
/// of separators in a file of 2^63 − 1 bytes overflowed the estimate and
/// trapped the daemon (SIGILL).
final class LoadItemsEstimateTests: DaemonTestCase {
    override var daemonArguments: [String] { ["--max-load-bytes", String(Int.max)] }

    func testAFileOfAnySizeIsEstimatedWithoutOverflow() throws {
        try call(root, managerInterface, "CreatePicker", [.string("p"), options([])])
        let picker = "\(root)/picker/p"
        let fd = clinux_memfd("separators")
        defer { close(fd) }
        let separators = [UInt8](repeating: 0x0A, count: 1 << 20)
        XCTAssertEqual(separators.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }, separators.count)
        XCTAssertEqual(ftruncate(fd, off_t(Int.max)), 0)
        let refused = error(picker, pickerInterface, "LoadItems", [.unixFD(fd), options([])])
        XCTAssertEqual(refused?.message, "items: row 1048576 contains U+0000, which D-Bus strings cannot carry", "refused where the zeros begin")
        XCTAssertEqual(try property(picker, pickerInterface, "Revision"), .uint64(1), "the daemon is alive and nothing changed")
    }
}
