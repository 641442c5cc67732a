import RxCoreEssentials

/// An observable of recorded events that records its subscriptions. As in
/// RxTest it is an `ObservableType`, not an `Observable`: `asObservable()`
/// wraps it, and what subscribes through the wrapper is recorded all the same.
public class TestableObservable<Element>: ObservableType {
    /// The events it sends.
    public let recordedEvents: [Recorded<Event<Element>>]
    /// Its subscriptions, with the times they began and ended.
    public internal(set) var subscriptions: [Subscription] = []
    let testScheduler: TestScheduler

    init(testScheduler: TestScheduler, recordedEvents: [Recorded<Event<Element>>]) {
        self.testScheduler = testScheduler
        self.recordedEvents = recordedEvents
    }

    /// Subscribes an observer; each kind sends the recorded events its way.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        preconditionFailure("\(Self.self) does not say how it sends its events")
    }

    /// Records that subscription `index` ended now.
    func endSubscription(_ index: Int) {
        subscriptions[index] = Subscription(subscriptions[index].subscribe, testScheduler.clock)
    }
}

/// Sends its events at their absolute times to whoever is subscribed then.
final class HotObservable<Element>: TestableObservable<Element> {
    private var observers: [Int: AnyObserver<Element>] = [:]
    private var nextKey = 0

    override init(testScheduler: TestScheduler, recordedEvents: [Recorded<Event<Element>>]) {
        super.init(testScheduler: testScheduler, recordedEvents: recordedEvents)
        for recorded in recordedEvents {
            testScheduler.scheduleAt(recorded.time) { [weak self] in
                guard let self else { return }
                for (_, observer) in self.observers.sorted(by: { $0.key < $1.key }) {
                    observer.on(recorded.value)
                }
            }
        }
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let key = nextKey
        nextKey += 1
        observers[key] = observer.asObserver()
        subscriptions.append(Subscription(testScheduler.clock))
        let index = subscriptions.count - 1
        return Disposables.create { [weak self] in
            self?.observers[key] = nil
            self?.endSubscription(index)
        }
    }
}

/// Sends its events to each subscriber, the times counted from the subscription.
final class ColdObservable<Element>: TestableObservable<Element> {
    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subscriptions.append(Subscription(testScheduler.clock))
        let index = subscriptions.count - 1
        let scheduled = CompositeDisposable()
        for recorded in recordedEvents {
            scheduled.insert(testScheduler.scheduleAbsoluteVirtual((), time: testScheduler.clock + recorded.time) { _ in
                observer.on(recorded.value)
                return Disposables.create()
            })
        }
        return Disposables.create { [weak self] in
            scheduled.dispose()
            self?.endSubscription(index)
        }
    }
}
