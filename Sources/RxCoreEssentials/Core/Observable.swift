/// The base class of every observable sequence.
///
/// Instances are counted in `Resources.total` while alive, so a test can check
/// that a pipeline releases everything it built.
open class Observable<Element>: ObservableType {
    /// Creates the sequence and counts it as a live resource.
    public init() {
        Resources.increment()
    }

    deinit {
        Resources.decrement()
    }

    /// Subscribes an observer. Subclasses implement it; `Observable` itself has
    /// no events, so a bare instance behaves as `never()`.
    open func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        Disposables.create()
    }

    /// Itself.
    public func asObservable() -> Observable<Element> {
        self
    }
}
