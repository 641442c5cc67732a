/// A subject that holds a current value: a subscriber receives it first, then
/// every later event.
public final class BehaviorSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable {
    /// The observer side's type.
    public typealias Observer = BehaviorSubject<Element>

    private var element: Element
    private var subscribers = SubscriberList<Element>()

    /// A subject whose current value is `value`.
    public init(value: Element) {
        self.element = value
        super.init()
    }

    /// The current value; throws the error the subject ended with, or
    /// `RxError.disposed` after `dispose()`.
    public func value() throws -> Element {
        if subscribers.isDisposed {
            throw RxError.disposed(object: "\(Self.self)")
        }
        if let error = subscribers.stopEvent?.error {
            throw error
        }
        return element
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
        if case .next(let value) = event, subscribers.stopEvent == nil, !subscribers.isDisposed {
            element = value
        }
        for recipient in subscribers.recipients(of: event) {
            recipient.observer(event)
        }
    }

    /// Subscribes an observer: it receives the current value (or the ending event) at once.
    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        guard subscribers.admits(observer, subject: Self.self) else {
            return Disposables.create()
        }
        let key = subscribers.insert(observer.on)
        observer.on(.next(element))
        return SubjectSubscription { [weak self] in self?.subscribers.remove(key) }
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
