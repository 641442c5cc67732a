/// A `PublishSubject` that only carries elements: it never ends.
public final class PublishRelay<Element>: ObservableType {
    private let subject = PublishSubject<Element>()

    /// A relay with no subscribers.
    public init() {}

    /// Sends an element to the current subscribers.
    public func accept(_ event: Element) {
        subject.onNext(event)
    }

    /// Subscribes an observer to the elements accepted from now on.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// The relay's values as an `Infallible` (a relay never fails).
    public func asInfallible() -> Infallible<Element> {
        asInfallible(onErrorFallbackTo: .empty())
    }

    /// The relay's elements as an `Observable`.
    public func asObservable() -> Observable<Element> {
        subject.asObservable()
    }
}
