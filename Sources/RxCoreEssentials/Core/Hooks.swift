import Glibc
import Synchronization

/// Process-wide hooks of the library.
public enum Hooks {
    /// Receives an error that reached a `subscribe` without an `onError`
    /// handler, with the call stack captured when that subscription was made
    /// (empty unless `recordCallStackOnError` is on).
    public typealias DefaultErrorHandler = @Sendable (_ subscriptionCallStack: [String], _ error: Swift.Error) -> Void
    /// Captures the call stack of a subscription.
    public typealias CustomCaptureSubscriptionCallstack = @Sendable () -> [String]

    private static let handler = Mutex<DefaultErrorHandler>({ _, error in
        log("<4>rx: unhandled error: \(error)")
    })
    private static let capture = Mutex<CustomCaptureSubscriptionCallstack>({ [] })
    private static let recordsCallStack = Atomic<Bool>(false)

    /// Hands an unhandled error to `defaultErrorHandler`.
    static func report(_ error: Swift.Error, subscriptionCallStack: [String] = []) {
        defaultErrorHandler(subscriptionCallStack, error)
    }

    /// The call stack `subscribe(onNext:onError:…)` keeps for its error
    /// report: captured only while `recordCallStackOnError` is on, as RxSwift.
    static func subscriptionCallStack() -> [String] {
        recordCallStackOnError ? customCaptureSubscriptionCallstack() : []
    }

    /// Whether subscriptions capture their call stack for the error handler;
    /// off by default, as capturing costs on every subscription.
    public static var recordCallStackOnError: Bool {
        get { recordsCallStack.load(ordering: .relaxed) }
        set { recordsCallStack.store(newValue, ordering: .relaxed) }
    }

    /// How a subscription's call stack is captured when
    /// `recordCallStackOnError` is on. The default gives none: a Linux
    /// process has no symbolized backtrace without a symbolizer; install
    /// one (it receives the subscribing thread) to record stacks.
    public static var customCaptureSubscriptionCallstack: CustomCaptureSubscriptionCallstack {
        get { capture.withLock { $0 } }
        set { capture.withLock { $0 = newValue } }
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
