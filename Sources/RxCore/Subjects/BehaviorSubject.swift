/// A subject that holds a current value: a subscriber receives it first, then
/// every later event.
public final class BehaviorSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable {
    /// The observer side's type.
    public typealias Observer = BehaviorSubject<Element>

    private var element: Element
    private var subscribers = SubscriberList<Element>()
    /// Guards the value and `subscribers`, so two threads may send and subscribe (as RxSwift allows).
    private let lock = RecursiveLock()

    /// A subject whose current value is `value`.
    public init(value: Element) {
        self.element = value
        super.init()
    }

    /// The current value; throws the error the subject ended with, or
    /// `RxError.disposed` after `dispose()`.
    public func value() throws -> Element {
        try lock.perform {
            if subscribers.isDisposed {
                throw RxError.disposed(object: "\(Self.self)")
            }
            if let error = subscribers.stopEvent?.error {
                throw error
            }
            return element
        }
    }

    /// True while it has subscribers.
    public var hasObservers: Bool {
        lock.perform { subscribers.hasObservers }
    }

    /// True once disposed.
    public var isDisposed: Bool {
        lock.perform { subscribers.isDisposed }
    }

    /// Stores a `next` value as the current one and sends the event on.
    public func on(_ event: Event<Element>) {
        let recipients = lock.perform {
            if case .next(let value) = event, subscribers.stopEvent == nil, !subscribers.isDisposed {
                element = value
            }
            return subscribers.recipients(of: event)
        }
        for recipient in recipients {
            recipient.observer(event)
        }
    }

    /// Subscribes an observer: it receives the current value (or the ending event) at once.
    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        // The current value is sent under the lock, so no newer value can
        // overtake it (the lock is recursive: the observer may call back in).
        lock.perform {
            guard subscribers.admits(observer, subject: Self.self) else {
                return Disposables.create()
            }
            let key = subscribers.insert(observer.on)
            observer.on(.next(element))
            return SubjectSubscription { [weak self] in self?.lock.perform { self?.subscribers.remove(key) } }
        }
    }

    /// Itself.
    public func asObserver() -> BehaviorSubject<Element> {
        self
    }

    /// Drops every subscriber; later subscribers get `RxError.disposed`.
    public func dispose() {
        lock.perform { subscribers.dispose() }
    }
}
