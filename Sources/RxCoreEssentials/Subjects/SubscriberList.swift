/// The subscribers of a subject, in subscription order, and how the subject ended.
///
/// Events go to a snapshot of the subscribers, taken before the first is
/// called, so a subscriber may subscribe, dispose or send into the subject
/// while it is being called (reentrancy) without holding up anyone.
struct SubscriberList<Element> {
    /// The subscribers in subscription order; events go to a copy of this
    /// array, which costs nothing until someone subscribes or leaves.
    private var observers: [(key: UInt64, observer: (Event<Element>) -> Void)] = []
    private var nextKey: UInt64 = 0

    /// The event that ended the subject, if it ended.
    private(set) var stopEvent: Event<Element>?
    /// True once the subject was disposed.
    private(set) var isDisposed = false

    var hasObservers: Bool {
        !observers.isEmpty
    }

    /// Answers a new subscriber of a disposed or ended subject (with
    /// `RxError.disposed` or the ending event) and returns false; true when
    /// the subject is live and the subscriber may be inserted.
    func admits<Observer: ObserverType>(_ observer: Observer, subject: Any.Type) -> Bool where Observer.Element == Element {
        if isDisposed {
            observer.on(.error(RxError.disposed(object: "\(subject)")))
            return false
        }
        if let stopEvent {
            observer.on(stopEvent)
            return false
        }
        return true
    }

    mutating func insert(_ observer: @escaping (Event<Element>) -> Void) -> UInt64 {
        let key = nextKey
        nextKey += 1
        observers.append((key, observer))
        return key
    }

    mutating func remove(_ key: UInt64) {
        if let index = observers.firstIndex(where: { $0.key == key }) {
            observers.remove(at: index)
        }
    }

    /// Records a stop event and returns the observers to send the event to;
    /// after a stop event nothing more is sent.
    mutating func recipients(of event: Event<Element>) -> [(key: UInt64, observer: (Event<Element>) -> Void)] {
        guard stopEvent == nil, !isDisposed else { return [] }
        let recipients = observers
        if event.isStopEvent {
            stopEvent = event
            observers = []
        }
        return recipients
    }

    mutating func dispose() {
        isDisposed = true
        observers = []
        stopEvent = nil
    }
}

/// Removes a subscriber from its subject when disposed.
final class SubjectSubscription: Disposable {
    private var unsubscribe: (() -> Void)?

    init(_ unsubscribe: @escaping () -> Void) {
        self.unsubscribe = unsubscribe
        Resources.increment()
    }

    deinit {
        Resources.decrement()
    }

    func dispose() {
        let action = unsubscribe
        unsubscribe = nil
        action?()
    }
}

/// A subject's subscribers behind the subject's lock (recursive, as in
/// RxSwift: an observer called under it may send into or subscribe to the
/// same subject). State a subject keeps besides (a current value, a replay
/// buffer) is changed in `perform` too, so it moves with the subscribers.
final class LockedSubscribers<Element> {
    private var list = SubscriberList<Element>()
    private let lock = RecursiveLock()

    var hasObservers: Bool {
        lock.perform { list.hasObservers }
    }

    var isDisposed: Bool {
        lock.perform { list.isDisposed }
    }

    /// Runs `body` holding the lock.
    func perform<Result>(_ body: (inout SubscriberList<Element>) throws -> Result) rethrows -> Result {
        try lock.perform { try body(&list) }
    }

    /// Sends `event` to the subscribers of this moment, outside the lock.
    func send(_ event: Event<Element>) {
        for recipient in perform({ $0.recipients(of: event) }) {
            recipient.observer(event)
        }
    }

    /// Admits and inserts `observer` holding the lock, then runs `greet`
    /// (still holding it: nothing sent meanwhile can overtake what it sends).
    func subscribe<Observer: ObserverType>(_ observer: Observer, subject: Any.Type, greet: () -> Void = {}) -> Disposable where Observer.Element == Element {
        lock.perform {
            guard list.admits(observer, subject: subject) else {
                return Disposables.create()
            }
            let key = list.insert(observer.on)
            greet()
            return subscription(removing: key)
        }
    }

    /// The subscription that removes the subscriber `key` when disposed.
    func subscription(removing key: UInt64) -> Disposable {
        SubjectSubscription { [weak self] in self?.perform { $0.remove(key) } }
    }

    func dispose() {
        lock.perform { list.dispose() }
    }
}
