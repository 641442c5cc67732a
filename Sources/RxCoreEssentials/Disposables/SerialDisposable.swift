/// Holds one disposable at a time: setting a new one disposes the previous.
public final class SerialDisposable: Cancelable {
    private var current: Disposable?

    /// True once disposed.
    public private(set) var isDisposed = false

    /// An empty serial disposable.
    public init() {}

    /// The current disposable. Setting it disposes the previous one; after
    /// `dispose()`, a new value is disposed at once.
    public var disposable: Disposable {
        get { current ?? Disposables.create() }
        set {
            if isDisposed {
                newValue.dispose()
                return
            }
            let previous = current
            current = newValue
            previous?.dispose()
        }
    }

    /// Disposes the current disposable and every later one.
    public func dispose() {
        guard !isDisposed else { return }
        isDisposed = true
        let previous = current
        current = nil
        previous?.dispose()
    }
}
