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
    /// Guards the two above, so two threads may send and subscribe (as RxSwift allows).
    private let lock = RecursiveLock()

    /// A subject with no element yet.
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

    /// Keeps an element; on completion sends the last one kept, then completes.
    public func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            lock.perform {
                guard !subscribers.isDisposed, subscribers.stopEvent == nil else { return }
                last = element
            }
        case .error:
            let recipients = lock.perform {
                last = nil
                return subscribers.recipients(of: event)
            }
            for recipient in recipients {
                recipient.observer(event)
            }
        case .completed:
            let (element, recipients) = lock.perform { (last, subscribers.recipients(of: event)) }
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
        lock.perform {
            if case .completed? = subscribers.stopEvent, !subscribers.isDisposed, let last {
                observer.on(.next(last))
            }
            guard subscribers.admits(observer, subject: Self.self) else {
                return Disposables.create()
            }
            let key = subscribers.insert(observer.on)
            return SubjectSubscription { [weak self] in self?.lock.perform { self?.subscribers.remove(key) } }
        }
    }

    /// Itself.
    public func asObserver() -> AsyncSubject<Element> {
        self
    }

    /// Drops every subscriber and the kept element; later subscribers get `RxError.disposed`.
    public func dispose() {
        lock.perform {
            subscribers.dispose()
            last = nil
        }
    }
}
