import BusTestSupport
import DBus
import Foundation
import Glibc
import XCTest

/// The daemon never reads the file system for a chooser (API.md, "File
/// chooser"), shown by the system calls themselves: `strace -f -e
/// trace=%file` on the daemon while a chooser is set to a folder, filtered,
/// given paths in it and chosen. The daemon keeps state, so the trace also
/// shows the state file written: the tracing works.
final class FileChooserTraceTests: DaemonTestCase {
    private var stateDirectory: URL {
        bus.directory.appendingPathComponent("state")
    }

    override var daemonArguments: [String] { ["--state-dir", stateDirectory.path] }

    func testTheDaemonTouchesNothingUnderTheChosenFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rxwidgets-traced-\(getpid())")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("inner"), withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        for name in ["secret.txt", "photo.png", "inner/deep.png"] {
            _ = FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data("private".utf8))
        }
        let trace = bus.directory.appendingPathComponent("daemon.trace")
        let strace = Process()
        strace.executableURL = URL(fileURLWithPath: "/usr/bin/strace")
        // Every thread of the daemon (the state is written off the loop), and any it starts.
        let threads = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(daemon.process.processIdentifier)/task")
        strace.arguments = ["-f", "-e", "trace=%file", "-o", trace.path] + threads.flatMap { ["-p", $0] }
        let messages = Pipe()
        strace.standardError = messages
        try strace.run()
        // strace says "Process N attached" once it traces the daemon, or why it cannot.
        let said = String(decoding: messages.fileHandleForReading.availableData, as: UTF8.self)
        XCTAssertTrue(said.contains("attached"), "strace could not attach to the daemon: \(said)")

        let chooser = "\(root)/file/traced"
        let filters: DBusValue = .array(element: .structure([.string, .array(.string)]), [
            .structure([.string("Images"), .array(element: .string, [.string("*.png")])]),
            .structure([.string("All files"), .array(element: .string, [.string("*")])]),
        ])
        try call(root, managerInterface, "CreateFileChooser", [.string("traced"), options([("folder", .string(folder.path)), ("filters", filters), ("multiple", .boolean(true))])])
        try call(chooser, "org.rxwidgets.Widgets1.FileChooser", "SetFolder", [.string(folder.appendingPathComponent("inner").path)])
        try call(chooser, "org.rxwidgets.Widgets1.FileChooser", "SetFilter", [.int32(1)])
        try call(chooser, "org.rxwidgets.Widgets1.FileChooser", "Select", [.array(element: .string, [
            .string(folder.appendingPathComponent("secret.txt").path), .string(folder.appendingPathComponent("inner/deep.png").path),
        ])])
        try call(chooser, "org.rxwidgets.Widgets1.FileChooser", "Choose")
        // The chooser's state file, written beside its final name and renamed.
        XCTAssertTrue(waitFor { ((try? String(contentsOf: trace, encoding: .utf8)) ?? "").contains("file.traced") },
                      "the trace shows the state file written, so tracing works: \((try? String(contentsOf: trace, encoding: .utf8)) ?? "")")
        strace.interrupt()
        strace.waitUntilExit()
        let calls = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
        XCTAssertFalse(calls.isEmpty)
        let underFolder = calls.filter { $0.contains(folder.path) }
        XCTAssertEqual(underFolder, [], "system calls naming the chosen folder: \(underFolder)")
    }
}
