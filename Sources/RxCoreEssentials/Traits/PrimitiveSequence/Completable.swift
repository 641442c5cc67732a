/// A sequence of no elements: completion or an error.
public typealias Completable = PrimitiveSequence<CompletableTrait, Never>

/// What a `Completable` observer receives.
public enum CompletableEvent {
    /// The failure.
    case error(Swift.Error)
    /// The end.
    case completed
}

extension PrimitiveSequence where Trait == CompletableTrait, Element == Never {
    /// Receives the one event of a `Completable`.
    public typealias CompletableObserver = (CompletableEvent) -> Void

    /// A `Completable` whose `subscribe` sends one event; anything after it is ignored.
    public static func create(subscribe: @escaping (@escaping CompletableObserver) -> Disposable) -> Completable {
        Completable(raw: Observable.create { observer in
            subscribe { event in
                switch event {
                case .error(let error): observer.onError(error)
                case .completed: observer.onCompleted()
                }
            }
        })
    }

    /// A `Completable` that completes at once.
    public static func empty() -> Completable {
        Completable(raw: Observable.empty())
    }

    /// A `Completable` that fails with `error`.
    public static func error(_ error: Swift.Error) -> Completable {
        Completable(raw: Observable.error(error))
    }

    /// Subscribes with handlers of completion and failure; `onDisposed` runs once, at the end.
    public func subscribe(onCompleted: (() -> Void)? = nil, onError: ((Swift.Error) -> Void)? = nil, onDisposed: (() -> Void)? = nil) -> Disposable {
        source.subscribe(onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// This, then `next` once this completes.
    public func andThen<Next>(_ next: Single<Next>) -> Single<Next> {
        Single(raw: source.map { _ -> Next in }.concat(next.asObservable()))
    }

    /// This, then `next` once this completes.
    public func andThen(_ next: Completable) -> Completable {
        Completable(raw: source.concat(next.asObservable()))
    }
}

extension ObservableType {
    /// This sequence's end only, as a `Completable`.
    public func asCompletable() -> Completable {
        Completable(raw: ignoreElements())
    }
}
