/// A `BehaviorSubject` that only carries elements: it never ends, and its
/// current value can be read at any time. The `Variable` of older RxSwift.
public final class BehaviorRelay<Element>: ObservableType {
    private let subject: BehaviorSubject<Element>
    private var current: Element

    /// A relay whose current value is `value`.
    public init(value: Element) {
        current = value
        subject = BehaviorSubject(value: value)
    }

    /// The current value.
    public var value: Element {
        current
    }

    /// Makes `event` the current value and sends it to the subscribers.
    public func accept(_ event: Element) {
        current = event
        subject.onNext(event)
    }

    /// Subscribes an observer: it receives the current value, then every accepted one.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// The relay's values as an `Infallible` (a relay never fails).
    public func asInfallible() -> Infallible<Element> {
        asInfallible(onErrorFallbackTo: .empty())
    }

    /// The relay's values as an `Observable`.
    public func asObservable() -> Observable<Element> {
        subject.asObservable()
    }
}
