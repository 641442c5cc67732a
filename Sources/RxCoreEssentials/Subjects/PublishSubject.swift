/// A subject that sends each event to the observers subscribed at that moment.
///
/// After it ends, a new subscriber receives only the ending event; after
/// `dispose()`, a new subscriber receives `RxError.disposed`. Safe to use
/// from two threads, as RxSwift's.
public final class PublishSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable {
    /// The observer side's type.
    public typealias Observer = PublishSubject<Element>

    private let subscribers = LockedSubscribers<Element>()

    /// A subject with no subscribers.
    public override init() {
        super.init()
    }

    /// True while it has subscribers.
    public var hasObservers: Bool {
        subscribers.hasObservers
    }

    /// True once disposed.
    public var isDisposed: Bool {
        subscribers.isDisposed
    }

    /// Sends the event to the current subscribers (nothing after an ending event).
    public func on(_ event: Event<Element>) {
        subscribers.send(event)
    }

    /// Subscribes an observer to the events sent from now on.
    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subscribers.subscribe(observer, subject: Self.self)
    }

    /// Itself.
    public func asObserver() -> PublishSubject<Element> {
        self
    }

    /// Drops every subscriber; later subscribers get `RxError.disposed`.
    public func dispose() {
        subscribers.dispose()
    }
}
