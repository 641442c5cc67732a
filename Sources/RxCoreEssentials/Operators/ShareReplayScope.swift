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

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        lock.perform {
            let connection = self.connection ?? makeConnection()
            self.connection = connection
            let subscription = connection.subscribe(observer.asObserver())
            connection.retain(source: source)
            return Disposables.create { [weak self, lock] in
                lock.perform {
                    subscription.dispose()
                    connection.release()
                    if self?.scope == .whileConnected, connection.subscriberCount == 0, self?.connection === connection {
                        self?.connection = nil
                    }
                }
            }
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

    func retain(source: Observable<Element>) {
        subscriberCount += 1
        guard subscriberCount == 1 else { return }
        let subscription = SingleAssignmentDisposable()
        sourceSubscription = subscription
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

    func release() {
        subscriberCount -= 1
        guard subscriberCount == 0 else { return }
        let subscription = sourceSubscription
        sourceSubscription = nil
        subscription?.dispose()
    }
}
