import Glibc
import Localization
import RxCoreEssentials

/// How long a question on the screen waits for rxwidgetsd to come back
/// after it left the bus (a restart, an upgrade, a crash) before it ends
/// with exit status 3: `RXWIDGETS_DAEMON_WAIT` seconds, 30 when unset.
/// The daemon puts the question back from its state directory while the
/// front end that asked it is still on the bus.
package enum DaemonReturnWait {
    package static let variable = "RXWIDGETS_DAEMON_WAIT"
    package static let defaultSeconds = 30
    /// A day: longer is surely a mistake.
    package static let longestSeconds = 86_400

    /// The wait `value` (the variable's text; nil when unset) asks for, in
    /// nanoseconds, or why it is not one.
    package static func nanoseconds(_ value: String?) -> Result<Int64, UsageError> {
        guard let value else { return .success(Int64(defaultSeconds) * 1_000_000_000) }
        guard let seconds = Double(value), seconds.isFinite, seconds >= 0, seconds <= Double(longestSeconds) else {
            // English on purpose: a usage error names the variable and its value.
            return .failure(UsageError(description: "\(variable) is \(quoted(value)); expected seconds from 0 to \(longestSeconds)"))
        }
        return .success(Int64(seconds * 1_000_000_000))
    }

    /// The wait the environment asks for, in nanoseconds, read before the
    /// bus is reached; a value that is not one ends the program as a usage error.
    package static func fromEnvironment(program: String) -> Int64 {
        switch nanoseconds(getenv(variable).map { String(cString: $0) }) {
        case .success(let wait): return wait
        case .failure(let error): Failure.usage(error.description, program: program)
        }
    }
}
