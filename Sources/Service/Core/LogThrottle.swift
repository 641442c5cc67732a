import RxCoreEssentials

/// At most one log line a second for each kind of repeated trouble, so a
/// client that causes it in a loop cannot flood the journal; the next line
/// says how many were left out.
public struct LogThrottle {
    private var lastLogged: [String: (seconds: Int, leftOut: Int)] = [:]

    public init() {}

    /// Whether to log the trouble `key` now, and how many of its lines were
    /// left out since the last one.
    public mutating func admit(_ key: String) -> (log: Bool, leftOut: Int) {
        let seconds = Int(MonotonicClock.now().nanoseconds / 1_000_000_000)
        guard let last = lastLogged[key], last.seconds == seconds else {
            let leftOut = lastLogged[key]?.leftOut ?? 0
            lastLogged[key] = (seconds, 0)
            return (true, leftOut)
        }
        lastLogged[key] = (seconds, last.leftOut + 1)
        return (false, 0)
    }
}
