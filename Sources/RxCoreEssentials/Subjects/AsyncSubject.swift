/// A subject that sends only its last element, and only when it completes:
/// then every subscriber, present or later, gets that element (if there was
/// one) and the completion. An error goes out at once, without an element.
///
/// After `dispose()`, a new subscriber receives `RxError.disposed`.
public final class AsyncSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable {
    /// The observer side's type.
    public typealias Observer = AsyncSubject<Element>

    private let subscribers = LockedSubscribers<Element>()
    /// The last element, changed holding the subscribers' lock.
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
            subscribers.perform { list in
                guard !list.isDisposed, list.stopEvent == nil else { return }
                last = element
            }
        case .error:
            let recipients = subscribers.perform { list in
                // An error after the end changes nothing: later subscribers
                // still get the last element and the completion.
                if list.stopEvent == nil {
                    last = nil
                }
                return list.recipients(of: event)
            }
            for recipient in recipients {
                recipient.observer(event)
            }
        case .completed:
            let (element, recipients) = subscribers.perform { list in (last, list.recipients(of: event)) }
            for recipient in recipients {
                if let element {
                    recipient.observer(.next(element))
                }
                recipient.observer(.completed)
            }
        }
    }

    /// Subscribes an observer; one that comes after completion gets the last element and the completion.
    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subscribers.perform { list in
            if case .completed? = list.stopEvent, !list.isDisposed, let last {
                observer.on(.next(last))
            }
            guard list.admits(observer, subject: Self.self) else {
                return Disposables.create()
            }
            return subscribers.subscription(removing: list.insert(observer.on))
        }
    }

    /// Itself.
    public func asObserver() -> AsyncSubject<Element> {
        self
    }

    /// Drops every subscriber and the kept element; later subscribers get `RxError.disposed`.
    public func dispose() {
        subscribers.perform { list in
            list.dispose()
            last = nil
        }
    }
}
