/// A resource that can be released: a subscription, a scheduled action.
///
/// `dispose()` may be called any number of times; only the first has an effect.
public protocol Disposable {
    /// Releases the resource.
    func dispose()
}

/// A disposable that can tell whether it was disposed.
public protocol Cancelable: Disposable {
    /// True once `dispose()` has been called.
    var isDisposed: Bool { get }
}
