import Glibc
import Localization
import RxCoreEssentials

/// A prompt's deadline as a person reads it, in every front end: the
/// seconds left, counted from the daemon's deadline (so each front end on
/// the prompt shows the same), and what a timeout answers.
package enum Countdown {
    /// `times out in 12 s · then "cherry"`; without a default, the answer
    /// is what the question holds then.
    package static func text(to deadline: UInt64, then answer: String?) -> String {
        let seconds = max((millisecondsLeft(to: deadline) + 999) / 1_000, 0)
        guard let answer else {
            // TRANSLATORS: {0} is how many seconds are left ("s" stands for seconds); then what is chosen on the screen is the answer.
            return tr("times out in {0} s · then what is chosen now", seconds)
        }
        // TRANSLATORS: {0} is how many seconds are left ("s" stands for seconds), {1} the title that is the answer then.
        return tr("times out in {0} s · then \"{1}\"", seconds, quoted(answer, quote: nil))
    }

    /// Milliseconds from now to `deadline` (milliseconds since the Unix
    /// epoch, `CLOCK_REALTIME`, as the daemon keeps it); negative once past.
    package static func millisecondsLeft(to deadline: UInt64) -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(clamping: deadline) - (Int64(now.tv_sec) * 1_000 + Int64(now.tv_nsec) / 1_000_000)
    }
}
