import Synchronization

/// Process-wide hooks of the library.
public enum Hooks {
    /// Receives an error that reached a `subscribe` without an `onError` handler.
    public typealias DefaultErrorHandler = @Sendable (Swift.Error) -> Void

    private static let handler = Mutex<DefaultErrorHandler>({ error in
        let line = "<4>rx: unhandled error: \(error)\n"
        writeToStandardError(line)
    })

    /// The handler of unhandled errors; the default writes a warning to stderr.
    public static var defaultErrorHandler: DefaultErrorHandler {
        get { handler.withLock { $0 } }
        set { handler.withLock { $0 = newValue } }
    }
}
