import Foundation

/// A server started on the private bus, stopped by `stop()`.
final class RunningDaemon {
    let process = Process()
    var pid: Int32 { process.processIdentifier }
    var stats: ProcessStats { ProcessStats(pid: pid) }

    /// Where its stderr goes.
    let logPath: String

    /// With `stateDirectory`, the daemon keeps its widgets there; without,
    /// `--no-state`. `mode` comes before the daemon's arguments (the floor
    /// server is the bench itself with `--floor-server`).
    init(path: String, mode: [String] = [], address: String, stateDirectory: String? = nil, logPath: String) throws {
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = mode + ["--address", address, "--today", "2024-06-15"] + (stateDirectory.map { ["--state-dir", $0] } ?? ["--no-state"])
        self.logPath = logPath
        guard FileManager.default.createFile(atPath: logPath, contents: nil), let log = FileHandle(forWritingAtPath: logPath) else {
            throw CocoaError(.fileWriteUnknown)
        }
        process.standardError = log
        try process.run()
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }

    /// The longest turn of rxwidgetsd's main loop, in milliseconds, as it
    /// logs at exit (nil for a server that does not): the longest the loop
    /// was held at once. A call may still wait across several turns (its
    /// client's turn among the others, reading paused while much waits).
    var longestTurnMilliseconds: Double? {
        let prefix = "the longest turn of the main loop took "
        guard let text = try? String(contentsOfFile: logPath, encoding: .utf8),
              let line = text.split(separator: "\n").last(where: { $0.contains(prefix) }),
              let figure = line.components(separatedBy: prefix).last?.split(separator: " ").first else { return nil }
        return Double(figure)
    }
}

/// The daemon the cases after startup measure, as it was once it owned the name.
struct MeasuredDaemon {
    let running: RunningDaemon
    /// Its unique name: Peer.Ping goes there, so that the bus answers for
    /// no well-known name, and match rules name it as the sender.
    let name: String
    /// RSS once it owned the name, MiB.
    let startRSS: Double
    var stats: ProcessStats { running.stats }
}
