/// How long `share(replay:scope:)` keeps its shared subject.
public enum SubjectLifetimeScope: Sendable {
    /// While there are subscribers: when the last one leaves, or the source
    /// ends, the subject is dropped and the next subscriber starts afresh.
    case whileConnected
    /// For ever: later subscribers get the replay buffer and how the source ended.
    case forever
}

extension ObservableType {
    /// Shares one subscription to this sequence among all subscribers, and
    /// replays the last `replay` elements to each new one.
    ///
    /// The source is subscribed when the first subscriber arrives and disposed
    /// when the last one leaves.
    public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Observable<Element> {
        ShareReplayScope(source: asObservable(), replay: max(replay, 0), scope: scope)
    }
}

private final class ShareReplayScope<Element>: Observable<Element> {
    private let source: Observable<Element>
    private let replay: Int
    private let scope: SubjectLifetimeScope
    private var connection: SharedConnection<Element>?
    /// Guards `connection` and its subscriber count: two threads may
    /// subscribe at once, the first connects (RxSwift's rule, and its lock).
    private let lock = RecursiveLock()

    init(source: Observable<Element>, replay: Int, scope: SubjectLifetimeScope) {
        self.source = source
        self.replay = replay
        self.scope = scope
    }

    /// Decides under the lock who connects and who disconnects; subscribes
    /// to the subject (and so replays), connects to the source and disposes
    /// it outside the lock, as RxSwift does, so an observer or a source that
    /// takes a lock of its own cannot deadlock against another subscriber.
    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let (connection, sourceSubscription) = lock.perform { () -> (SharedConnection<Element>, SingleAssignmentDisposable?) in
            let connection = self.connection ?? makeConnection()
            self.connection = connection
            return (connection, connection.addSubscriber())
        }
        let subscription = connection.subscribe(observer.asObserver())
        if let sourceSubscription {
            connection.connect(to: source, through: sourceSubscription)
        }
        return Disposables.create { [weak self, lock] in
            subscription.dispose()
            let disconnected = lock.perform { () -> Disposable? in
                let disconnected = connection.removeSubscriber()
                if self?.scope == .whileConnected, connection.subscriberCount == 0, self?.connection === connection {
                    self?.connection = nil
                }
                return disconnected
            }
            disconnected?.dispose()
        }
    }

    private func makeConnection() -> SharedConnection<Element> {
        let connection = SharedConnection<Element>(replay: replay)
        if scope == .whileConnected {
            connection.onStop = { [weak self, weak connection] in
                self?.lock.perform {
                    if let connection, self?.connection === connection {
                        self?.connection = nil
                    }
                }
            }
        }
        return connection
    }
}

/// One shared subject, subscribed to the source while it has subscribers.
private final class SharedConnection<Element> {
    let subscribe: (AnyObserver<Element>) -> Disposable
    private let subjectObserver: AnyObserver<Element>
    private var sourceSubscription: Disposable?
    private(set) var subscriberCount = 0
    var onStop: (() -> Void)?

    init(replay: Int) {
        if replay == 0 {
            let subject = PublishSubject<Element>()
            subscribe = subject.subscribe
            subjectObserver = AnyObserver(subject)
        } else {
            let subject = ReplaySubject<Element>.create(bufferSize: replay)
            subscribe = subject.subscribe
            subjectObserver = AnyObserver(subject)
        }
    }

    /// Counts a subscriber; for the first, the subscription to the source
    /// it is to connect (the caller's lock held).
    func addSubscriber() -> SingleAssignmentDisposable? {
        subscriberCount += 1
        guard subscriberCount == 1 else { return nil }
        let subscription = SingleAssignmentDisposable()
        sourceSubscription = subscription
        return subscription
    }

    /// Subscribes the subject to `source` (no lock held). Disconnected
    /// meanwhile, `subscription` disposes the source at once.
    func connect(to source: Observable<Element>, through subscription: SingleAssignmentDisposable) {
        subscription.setDisposable(source.subscribe { [subjectObserver] event in
            if event.isStopEvent {
                self.onStop?()
            }
            subjectObserver.on(event)
            if event.isStopEvent {
                subscription.dispose()
            }
        })
    }

    /// Uncounts a subscriber; after the last, the source subscription for
    /// the caller to dispose once it let go of its lock.
    func removeSubscriber() -> Disposable? {
        subscriberCount -= 1
        guard subscriberCount == 0 else { return nil }
        defer { sourceSubscription = nil }
        return sourceSubscription
    }
}
