/// A subject that sends each event to the observers subscribed at that moment.
///
/// After it ends, a new subscriber receives only the ending event; after
/// `dispose()`, a new subscriber receives `RxError.disposed`.
public final class PublishSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable {
    /// The observer side's type.
    public typealias Observer = PublishSubject<Element>

    private var subscribers = SubscriberList<Element>()
    /// Guards `subscribers`, so two threads may send and subscribe (as RxSwift allows).
    private let lock = RecursiveLock()

    /// A subject with no subscribers.
    public override init() {
        super.init()
    }

    /// True while it has subscribers.
    public var hasObservers: Bool {
        lock.perform { subscribers.hasObservers }
    }

    /// True once disposed.
    public var isDisposed: Bool {
        lock.perform { subscribers.isDisposed }
    }

    /// Sends the event to the current subscribers (nothing after an ending event).
    public func on(_ event: Event<Element>) {
        for recipient in lock.perform({ subscribers.recipients(of: event) }) {
            recipient.observer(event)
        }
    }

    /// Subscribes an observer to the events sent from now on.
    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        lock.perform {
            guard subscribers.admits(observer, subject: Self.self) else {
                return Disposables.create()
            }
            let key = subscribers.insert(observer.on)
            return SubjectSubscription { [weak self] in self?.lock.perform { self?.subscribers.remove(key) } }
        }
    }

    /// Itself.
    public func asObserver() -> PublishSubject<Element> {
        self
    }

    /// Drops every subscriber; later subscribers get `RxError.disposed`.
    public func dispose() {
        lock.perform { subscribers.dispose() }
    }
}
