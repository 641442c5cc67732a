import BusTestSupport
import Foundation

/// `rxwidgets ARGUMENTS` started as cron starts a job: its own session, no
/// terminal, no input, no display (Foundation's `Process` starts its child
/// in a new session, as `setsid` would), so a question it asks waits in the
/// daemon as a prompt for an agent or `rxwidgets answer`.
final class HeadlessJob {
    let process = Process()
    let output: URL
    let error: URL

    init(_ arguments: [String], bus: PrivateBus) throws {
        let directory = bus.directory.appendingPathComponent("job-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        output = directory.appendingPathComponent("out")
        error = directory.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: error.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: frontEndExecutable)
        process.arguments = arguments
        // With a display rxwidgets would open a window instead (FrontEndChoice).
        let inherited = ProcessInfo.processInfo.environment.filter { $0.key != "DISPLAY" && $0.key != "WAYLAND_DISPLAY" }
        process.environment = inherited.merging(["DBUS_SESSION_BUS_ADDRESS": bus.address, "LANG": "C.UTF-8"]) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: error)
        try process.run()
    }

    var printed: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }
    var said: String { (try? String(contentsOf: error, encoding: .utf8)) ?? "" }

    /// Its exit status, once it exited within `seconds`; nil while it runs.
    func status(within seconds: TimeInterval) -> Int32? {
        guard waitUntil(timeout: seconds, { !self.process.isRunning }) else { return nil }
        return process.terminationStatus
    }

    deinit {
        if process.isRunning {
            process.terminate()
        }
    }
}
