/// A subject that holds a current value: a subscriber receives it first, then
/// every later event.
public final class BehaviorSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable {
    /// The observer side's type.
    public typealias Observer = BehaviorSubject<Element>

    /// The current value, changed holding the subscribers' lock.
    private var element: Element
    private let subscribers = LockedSubscribers<Element>()

    /// A subject whose current value is `value`.
    public init(value: Element) {
        self.element = value
        super.init()
    }

    /// The current value; throws the error the subject ended with, or
    /// `RxError.disposed` after `dispose()`.
    public func value() throws -> Element {
        try subscribers.perform { list in
            if list.isDisposed {
                throw RxError.disposed(object: "\(Self.self)")
            }
            if let error = list.stopEvent?.error {
                throw error
            }
            return element
        }
    }

    /// True while it has subscribers.
    public var hasObservers: Bool {
        subscribers.hasObservers
    }

    /// True once disposed.
    public var isDisposed: Bool {
        subscribers.isDisposed
    }

    /// Stores a `next` value as the current one and sends the event on.
    public func on(_ event: Event<Element>) {
        let recipients = subscribers.perform { list in
            if case .next(let value) = event, list.stopEvent == nil, !list.isDisposed {
                element = value
            }
            return list.recipients(of: event)
        }
        for recipient in recipients {
            recipient.observer(event)
        }
    }

    /// Subscribes an observer: it receives the current value (or the ending event) at once.
    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subscribers.subscribe(observer, subject: Self.self) { observer.on(.next(element)) }
    }

    /// Itself.
    public func asObserver() -> BehaviorSubject<Element> {
        self
    }

    /// Drops every subscriber; later subscribers get `RxError.disposed`.
    public func dispose() {
        subscribers.dispose()
    }
}
