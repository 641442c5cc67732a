import DBus
import Foundation

extension BenchmarkRun {
    /// A form at its value budget: 256 text fields holding 65,536
    /// characters each (16 MiB of values). Each call on it should cost what
    /// its change costs, not what the whole form holds: `SetValue` of one
    /// field, `SetValues` of all, `Validate` and `GetValue` (reads).
    func measureFullForm() {
        log("full form")
        let stats = daemon.stats
        let form = createForm("full", spec: plainSpec)
        let full = { (letter: Character) in String(repeating: letter, count: 65_536) }
        let count = quick ? 4 : 20
        let measure = { (name: String, note: String, make: (Int) -> Message) in
            let ticksBefore = stats.cpuTicks
            let latencies = self.sequential(count, make)
            let cpu = ProcessStats.microseconds(ticks: stats.cpuTicks - ticksBefore) / Double(count) / 1_000
            self.rows.append(Row(name: name, n: count, p50: latencies.p50, p99: latencies.p99, callsPerSecond: nil, ratio: nil,
                                 note: String(format: "%@; daemon CPU %.1f ms per call", note as NSString, cpu)))
        }
        measure("full-form set-values", "SetValues of all 256 fields, 65,536 characters each, alternating letters") { index in
            message(form, Widgets1.form, "SetValues", [allFields("f", full(index % 2 == 0 ? "a" : "b")), .uint64(0)])
        }
        measure("full-form set-value", "SetValue of one field of that form, 65,536 characters") { index in
            message(form, Widgets1.form, "SetValue", [.string("f\(index % 256)"), .variant(.string(full(index % 2 == 0 ? "c" : "d")))])
        }
        measure("full-form validate", "Validate on that form (a read)") { _ in
            message(form, Widgets1.form, "Validate", [])
        }
        measure("full-form get-value", "GetValue of one of its fields (a read)") { index in
            message(form, Widgets1.form, "GetValue", [.string("f\(index % 256)")])
        }
    }
}
