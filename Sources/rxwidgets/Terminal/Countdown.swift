import Glibc
import RxCoreEssentials

/// A prompt's deadline as a person reads it: the seconds left, counted from
/// the daemon's deadline (so every front end on the prompt shows the same),
/// and what a timeout answers.
enum Countdown {
    /// `⏱ 12 s left · then cherry`; without a default, the answer is what
    /// the question holds then.
    static func line(to deadline: UInt64, then answer: String?) -> Line {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let milliseconds = Int64(deadline) - (Int64(now.tv_sec) * 1_000 + Int64(now.tv_nsec) / 1_000_000)
        let seconds = max((milliseconds + 999) / 1_000, 0)
        return Line("⏱ \(seconds) s left · then " + (answer.map { quoted($0, quote: "\"") } ?? "what is chosen now"), .help)
    }
}
