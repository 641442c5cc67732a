/// The trait of `Completable`.
public enum CompletableTrait {}
/// A sequence of no elements: completion or an error.
public typealias Completable = PrimitiveSequence<CompletableTrait, Never>

/// What a `Completable` observer receives.
public enum CompletableEvent {
    /// The failure.
    case error(Swift.Error)
    /// The end.
    case completed
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
    /// Receives the one event of a `Completable`.
    public typealias CompletableObserver = (CompletableEvent) -> Void

    /// A `Completable` whose `subscribe` sends one event; anything after it is ignored.
    public static func create(subscribe: @escaping (@escaping CompletableObserver) -> Disposable) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.create { observer in
            subscribe { event in
                switch event {
                case .error(let error): observer.onError(error)
                case .completed: observer.onCompleted()
                }
            }
        })
    }

    /// Subscribes with a handler of the one event; it is called at most once.
    public func subscribe(_ observer: @escaping CompletableObserver) -> Disposable {
        var stopped = false
        return primitiveSequence.source.subscribe { event in
            guard !stopped else { return }
            stopped = true
            switch event {
            case .next: preconditionFailure("a Completable sent an element")
            case .error(let error): observer(.error(error))
            case .completed: observer(.completed)
            }
        }
    }

    /// Subscribes with handlers of completion and failure; `onDisposed` runs
    /// once, after the event's handler or when the subscription is disposed
    /// first. A failure without `onError` goes to `Hooks.defaultErrorHandler`.
    public func subscribe(onCompleted: (() -> Void)? = nil, onError: ((Swift.Error) -> Void)? = nil, onDisposed: (() -> Void)? = nil) -> Disposable {
        subscribeHandlers({ subscribe($0) }, errorOf: { event in
            if case .error(let error) = event { return error }
            return nil
        }, onError: onError, onDisposed: onDisposed) { event in
            if case .completed = event { onCompleted?() }
        }
    }

    /// Subscribes handlers that also receive `object`, held weakly: once it
    /// is gone, the handlers are no longer called.
    public func subscribe<Object: AnyObject>(with object: Object, onCompleted: ((Object) -> Void)? = nil, onError: ((Object, Swift.Error) -> Void)? = nil,
                                             onDisposed: ((Object) -> Void)? = nil) -> Disposable {
        subscribe(onCompleted: { [weak object] in
            guard let object else { return }
            onCompleted?(object)
        }, onError: { [weak object] error in
            guard let object else { return }
            onError?(object, error)
        }, onDisposed: { [weak object] in
            guard let object else { return }
            onDisposed?(object)
        })
    }

    /// A `Completable` that fails with `error`.
    public static func error(_ error: Swift.Error) -> Completable {
        Completable(raw: Observable.error(error))
    }

    /// A `Completable` that never ends.
    public static func never() -> Completable {
        Completable(raw: Observable.never())
    }

    /// A `Completable` that completes at once.
    public static func empty() -> Completable {
        Completable(raw: Observable.empty())
    }
}

extension ObservableType where Element == Never {
    /// This sequence's end, as a `Completable`.
    public func asCompletable() -> Completable {
        Completable(raw: asObservable())
    }
}
