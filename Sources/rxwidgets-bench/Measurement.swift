import Foundation
import Glibc

/// Monotonic nanoseconds.
func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Latencies in nanoseconds and what they add up to.
struct Latencies {
    var samples: [UInt64] = []

    mutating func record(_ nanoseconds: UInt64) {
        samples.append(nanoseconds)
    }

    private func percentile(_ fraction: Double) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sorted = samples.sorted()
        let index = min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))
        return Double(sorted[index]) / 1_000
    }

    var p50: Double { percentile(0.5) }
    var p99: Double { percentile(0.99) }
}

/// A process's CPU time and memory, from /proc.
struct ProcessStats {
    let pid: Int32

    private static let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))

    /// User plus system CPU time, in clock ticks.
    var cpuTicks: UInt64 {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the command: state is field 3, utime 14 and stime 15 (1-based in proc(5)).
        guard fields.count > 12, let user = UInt64(fields[11]), let system = UInt64(fields[12]) else { return 0 }
        return user + system
    }

    /// Ticks as microseconds.
    static func microseconds(ticks: UInt64) -> Double {
        Double(ticks) / ticksPerSecond * 1_000_000
    }

    private func status(_ key: String) -> Double {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix(key + ":") {
            let number = line.dropFirst(key.count + 1).trimmingCharacters(in: .whitespaces).split(separator: " ").first
            return Double(number ?? "0").map { $0 / 1024 } ?? 0
        }
        return 0
    }

    /// Resident memory now, MiB.
    var rssMiB: Double { status("VmRSS") }
    /// Peak resident memory, MiB.
    var peakRSSMiB: Double { status("VmHWM") }
}

/// One row of the result table.
struct Row {
    let name: String
    let n: Int
    let p50: Double?
    let p99: Double?
    let callsPerSecond: Double?
    let ratio: Double?
    let note: String

    func format(_ value: Double?, decimals: Int = 1) -> String {
        value.map { String(format: "%.\(decimals)f", $0) } ?? "—"
    }

    var markdown: String {
        "| \(name) | \(n) | \(format(p50)) | \(format(p99)) | \(format(callsPerSecond, decimals: 0)) | \(format(ratio, decimals: 2)) | \(note) |"
    }
}
