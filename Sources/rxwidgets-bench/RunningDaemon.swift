import Foundation

/// A server started on the private bus, stopped by `stop()`.
final class RunningDaemon {
    let process = Process()
    var pid: Int32 { process.processIdentifier }
    var stats: ProcessStats { ProcessStats(pid: pid) }

    /// With `stateDirectory`, the daemon keeps its widgets there; without, `--no-state`.
    init(path: String, address: String, stateDirectory: String? = nil) throws {
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["--address", address, "--today", "2024-06-15"] + (stateDirectory.map { ["--state-dir", $0] } ?? ["--no-state"])
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
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
