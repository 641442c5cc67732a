/// Holds one disposable at a time: setting a new one disposes the previous.
/// Safe to set and dispose from different threads, as RxSwift's: the state
/// changes under a lock, the disposing happens outside it.
public final class SerialDisposable: Cancelable {
    // `current` and `disposed` are only touched holding `lock`.
    private let lock = RecursiveLock()
    private var current: Disposable?
    private var disposed = false

    /// True once disposed.
    public var isDisposed: Bool {
        lock.perform { disposed }
    }

    /// An empty serial disposable.
    public init() {}

    /// The current disposable. Setting it disposes the previous one; after
    /// `dispose()`, a new value is disposed at once.
    public var disposable: Disposable {
        get { lock.perform { current } ?? Disposables.create() }
        set {
            let replaced = lock.perform { () -> Disposable? in
                guard !disposed else { return newValue }
                defer { current = newValue }
                return current
            }
            replaced?.dispose()
        }
    }

    /// Disposes the current disposable and every later one.
    public func dispose() {
        let previous = lock.perform { () -> Disposable? in
            guard !disposed else { return nil }
            disposed = true
            defer { current = nil }
            return current
        }
        previous?.dispose()
    }
}
