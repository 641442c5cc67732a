import Glibc
import Synchronization

/// Process-wide hooks of the library.
public enum Hooks {
    /// Receives an error that reached a `subscribe` without an `onError`
    /// handler, with the call stack of the subscription as RxSwift gives it
    /// (empty here: call stacks are not recorded).
    public typealias DefaultErrorHandler = @Sendable (_ subscriptionCallStack: [String], _ error: Swift.Error) -> Void

    private static let handler = Mutex<DefaultErrorHandler>({ _, error in
        log("<4>rx: unhandled error: \(error)")
    })

    /// Hands an unhandled error to `defaultErrorHandler`.
    static func report(_ error: Swift.Error) {
        defaultErrorHandler([], error)
    }

    /// The handler of unhandled errors; the default writes a warning to stderr.
    public static var defaultErrorHandler: DefaultErrorHandler {
        get { handler.withLock { $0 } }
        set { handler.withLock { $0 = newValue } }
    }

    /// Writes one line to stderr at once, unbuffered, so a diagnostic is never
    /// lost; start it with a `<N>` priority prefix for journald. The prefix is
    /// dropped when stderr is a terminal and journald is not reading it
    /// (`JOURNAL_STREAM` unset): it is for the journal, not for a person.
    public static func log(_ line: String) {
        writeToStandardError((keepsPriority ? line : withoutPriority(line)) + "\n")
    }

    private static let keepsPriority = isatty(STDERR_FILENO) == 0 || getenv("JOURNAL_STREAM").map { $0.pointee != 0 } == true

    private static func withoutPriority(_ line: String) -> String {
        guard line.first == "<", let close = line.firstIndex(of: ">"), line[line.index(after: line.startIndex)..<close].allSatisfy(\.isNumber) else { return line }
        return String(line[line.index(after: close)...])
    }
}
