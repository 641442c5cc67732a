/// A subject that sends only its last element, and only when it completes:
/// then every subscriber, present or later, gets that element (if there was
/// one) and the completion. An error goes out at once, without an element.
///
/// After `dispose()`, a new subscriber receives `RxError.disposed`.
public final class AsyncSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable {
    /// The observer side's type.
    public typealias Observer = AsyncSubject<Element>

    private var subscribers = SubscriberList<Element>()
    private var last: Element?

    /// A subject with no element yet.
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

    /// Keeps an element; on completion sends the last one kept, then completes.
    public func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            guard !subscribers.isDisposed, subscribers.stopEvent == nil else { return }
            last = element
        case .error:
            last = nil
            for recipient in subscribers.recipients(of: event) {
                recipient.observer(event)
            }
        case .completed:
            let element = last
            for recipient in subscribers.recipients(of: event) {
                if let element {
                    recipient.observer(.next(element))
                }
                recipient.observer(.completed)
            }
        }
    }

    /// Subscribes an observer; one that comes after completion gets the last element and the completion.
    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        if case .completed? = subscribers.stopEvent, !subscribers.isDisposed, let last {
            observer.on(.next(last))
        }
        guard subscribers.admits(observer, subject: Self.self) else {
            return Disposables.create()
        }
        let key = subscribers.insert(observer.on)
        return SubjectSubscription { [weak self] in self?.subscribers.remove(key) }
    }

    /// Itself.
    public func asObserver() -> AsyncSubject<Element> {
        self
    }

    /// Drops every subscriber and the kept element; later subscribers get `RxError.disposed`.
    public func dispose() {
        subscribers.dispose()
        last = nil
    }
}
