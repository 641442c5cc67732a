import Glibc

/// `CLOCK_MONOTONIC` in nanoseconds.
public enum MonotonicClock {
    public struct Instant: Comparable, Sendable {
        public let nanoseconds: Int64

        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.nanoseconds < rhs.nanoseconds
        }

        public func adding(_ delta: Int64) -> Instant {
            let (sum, overflow) = nanoseconds.addingReportingOverflow(delta)
            return Instant(nanoseconds: overflow ? (delta > 0 ? Int64.max : Int64.min) : sum)
        }

        public func nanoseconds(since other: Instant) -> Int64 {
            let (difference, overflow) = nanoseconds.subtractingReportingOverflow(other.nanoseconds)
            return overflow ? Int64.max : difference
        }
    }

    public static func now() -> Instant {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Instant(nanoseconds: Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec))
    }
}
