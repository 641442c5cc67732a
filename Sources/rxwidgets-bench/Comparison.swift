import Foundation

/// What one server costs for the Picker and Form work the C reference does too: the
/// same client, the same calls, measured from `/proc/PID/stat`.
struct ServerFigures {
    /// Server CPU per sequential `Peer.Ping`, µs.
    var pingCPU = 0.0
    /// Server CPU per sequential SelectRow, µs.
    var selectCPU = 0.0
    /// p50 latency of a sequential SelectRow, µs.
    var selectP50 = 0.0
    /// Server CPU per SelectRow with 100 in flight, µs.
    var pipelinedCPU = 0.0
    /// SelectRow calls per second with 100 in flight.
    var pipelinedRate = 0.0
    /// SetItems of 1,000,000 strings: the call, ms.
    var setItemsCall = 0.0
    /// The same of a daemon run with `--no-state` (the references keep no state).
    var setItemsNoStateCall = 0.0
    /// Its server CPU, ms.
    var setItemsCPU = 0.0
    /// The server's peak RSS after it, MiB.
    var setItemsPeakRSS = 0.0
    /// `Form.SetValues` of 256 fields of 65,536 characters (16 MiB in, 256
    /// `ValueChanged` of 64 KiB out): p50 of the call, ms.
    var formSetValuesCall = 0.0
    /// Its server CPU per call, ms.
    var formSetValuesCPU = 0.0
    /// RSS once it owns its name, MiB.
    var startRSS = 0.0
    /// Exec to name acquired, µs.
    var startup = 0.0

    private static var fields: [(name: String, unit: String, key: WritableKeyPath<ServerFigures, Double>, target: String)] {
        [
        ("Peer.Ping, server CPU per call", "µs", \.pingCPU, ""),
        ("SelectRow, server CPU per call, sequential", "µs", \.selectCPU, "≤ 1.25"),
        ("SelectRow, p50 latency, sequential", "µs", \.selectP50, ""),
        ("SelectRow, server CPU per call, 100 in flight", "µs", \.pipelinedCPU, "≤ 1.25"),
        ("SelectRow, 100 in flight, calls/s", "", \.pipelinedRate, "≥ 1.0"),
        ("SetItems 1,000,000 strings: call", "ms", \.setItemsCall, "≤ 1.0"),
        ("the same, the daemon with --no-state", "ms", \.setItemsNoStateCall, "state on ≤ 1.1× this"),
        ("SetItems 1M: server CPU", "ms", \.setItemsCPU, "≤ 1.25"),
        ("SetItems 1M: server peak RSS", "MiB", \.setItemsPeakRSS, "≤ 1.5"),
        ("Form.SetValues 256 × 64 KiB: call", "ms", \.formSetValuesCall, "~100 ms"),
        ("Form.SetValues 256 × 64 KiB: server CPU", "ms", \.formSetValuesCPU, "~100 ms"),
        ("RSS at start", "MiB", \.startRSS, "≤ 10 MiB"),
        ("startup to name", "µs", \.startup, "≤ 30 ms"),
        ]
    }

    /// Each figure's median over the runs.
    static func median(_ runs: [ServerFigures]) -> ServerFigures {
        var result = ServerFigures()
        for field in fields {
            let sorted = runs.map { $0[keyPath: field.key] }.sorted()
            result[keyPath: field.key] = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        }
        return result
    }

    /// The side-by-side table for bench/README.md; without a Python
    /// reference its column shows "—".
    static func comparison(reference: ServerFigures, python: ServerFigures?, daemon: ServerFigures, repetitions: Int) -> String {
        var text = "| case (median of \(repetitions)) | C libdbus | Python dbus-fast | rxwidgetsd | rxwidgetsd / C | target |\n|---|---|---|---|---|---|\n"
        for field in fields {
            let c = reference[keyPath: field.key]
            let swift = daemon[keyPath: field.key]
            let unit = field.unit.isEmpty ? "" : " " + field.unit
            let peer = python.map { String(format: "%.1f%@", $0[keyPath: field.key], unit as NSString) } ?? "—"
            text += String(format: "| %@ | %.1f%@ | %@ | %.1f%@ | %.2f | %@ |\n", field.name as NSString, c, unit as NSString, peer as NSString,
                           swift, unit as NSString, c > 0 ? swift / c : 0, field.target as NSString)
        }
        return text
    }
}
