import Synchronization

/// Process-wide hooks of the library.
public enum Hooks {
    /// Receives an error that reached a `subscribe` without an `onError` handler.
    public typealias DefaultErrorHandler = @Sendable (Swift.Error) -> Void

    private static let handler = Mutex<DefaultErrorHandler>({ error in
        log("<4>rx: unhandled error: \(error)")
    })

    /// The handler of unhandled errors; the default writes a warning to stderr.
    public static var defaultErrorHandler: DefaultErrorHandler {
        get { handler.withLock { $0 } }
        set { handler.withLock { $0 = newValue } }
    }

    /// Writes one line to stderr at once, unbuffered, so a diagnostic is never
    /// lost; start it with a `<N>` priority prefix for journald.
    public static func log(_ line: String) {
        writeToStandardError(line + "\n")
    }
}
