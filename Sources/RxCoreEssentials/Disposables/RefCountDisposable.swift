/// Disposes its disposable once it is disposed itself and every disposable
/// `retain()` handed out is disposed too (RxSwift's `RefCountDisposable`).
public final class RefCountDisposable: Cancelable {
    private let lock = RecursiveLock()
    private var disposable: Disposable?
    private var count = 0
    private var primaryDisposed = false

    /// Guards `disposable`.
    public init(disposable: Disposable) {
        self.disposable = disposable
    }

    /// True once the underlying disposable was disposed.
    public var isDisposed: Bool {
        lock.perform { disposable == nil }
    }

    /// A disposable that holds the underlying one alive until disposed; after
    /// the underlying one is gone, one that does nothing.
    public func retain() -> Disposable {
        lock.perform {
            guard disposable != nil else { return Disposables.create() }
            count += 1
            return Disposables.create { [weak self] in self?.release() }
        }
    }

    /// Disposes the underlying disposable now if nothing retains it, else when the last does.
    public func dispose() {
        let disposeNow = lock.perform { () -> Disposable? in
            guard !primaryDisposed else { return nil }
            primaryDisposed = true
            return count == 0 ? takeDisposable() : nil
        }
        disposeNow?.dispose()
    }

    private func release() {
        let disposeNow = lock.perform { () -> Disposable? in
            count -= 1
            return count == 0 && primaryDisposed ? takeDisposable() : nil
        }
        disposeNow?.dispose()
    }

    private func takeDisposable() -> Disposable? {
        defer { disposable = nil }
        return disposable
    }
}
