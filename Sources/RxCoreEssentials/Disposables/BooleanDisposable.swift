/// A disposable that only records that it was disposed.
public final class BooleanDisposable: Cancelable {
    /// True once disposed.
    public private(set) var isDisposed: Bool

    /// A disposable, disposed already when `isDisposed` is true.
    public init(isDisposed: Bool = false) {
        self.isDisposed = isDisposed
    }

    /// Records the disposal.
    public func dispose() {
        isDisposed = true
    }
}
