/// The trait of `Maybe`.
public enum MaybeTrait {}
/// A sequence of at most one element: an element, completion without one, or an error.
public typealias Maybe<Element> = PrimitiveSequence<MaybeTrait, Element>

/// What a `Maybe` observer receives.
public enum MaybeEvent<Element> {
    /// The element; the sequence ends with it.
    case success(Element)
    /// The failure.
    case error(Swift.Error)
    /// The end, without an element.
    case completed
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Receives the one event of a `Maybe`.
    public typealias MaybeObserver = (MaybeEvent<Element>) -> Void

    /// A `Maybe` whose `subscribe` sends one event; anything after it is ignored.
    public static func create(subscribe: @escaping (@escaping MaybeObserver) -> Disposable) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.create { observer in
            subscribe { event in
                switch event {
                case .success(let element):
                    observer.onNext(element)
                    observer.onCompleted()
                case .error(let error):
                    observer.onError(error)
                case .completed:
                    observer.onCompleted()
                }
            }
        })
    }

    /// Subscribes with a handler of the one event; it is called at most once.
    public func subscribe(_ observer: @escaping MaybeObserver) -> Disposable {
        var stopped = false
        return primitiveSequence.source.subscribe { event in
            guard !stopped else { return }
            stopped = true
            switch event {
            case .next(let element): observer(.success(element))
            case .error(let error): observer(.error(error))
            case .completed: observer(.completed)
            }
        }
    }

    /// Subscribes with handlers of an element, a failure and completion
    /// without an element; `onDisposed` runs once, after the event's handler
    /// or when the subscription is disposed first. A failure without
    /// `onError` goes to `Hooks.defaultErrorHandler`.
    public func subscribe(onSuccess: ((Element) -> Void)? = nil, onError: ((Swift.Error) -> Void)? = nil, onCompleted: (() -> Void)? = nil,
                          onDisposed: (() -> Void)? = nil) -> Disposable {
        subscribeHandlers({ subscribe($0) }, errorOf: { event in
            if case .error(let error) = event { return error }
            return nil
        }, onError: onError, onDisposed: onDisposed) { event in
            switch event {
            case .success(let element): onSuccess?(element)
            case .completed: onCompleted?()
            case .error: break
            }
        }
    }

    /// Subscribes handlers that also receive `object`, held weakly: once it
    /// is gone, the handlers are no longer called.
    public func subscribe<Object: AnyObject>(with object: Object, onSuccess: ((Object, Element) -> Void)? = nil, onError: ((Object, Swift.Error) -> Void)? = nil,
                                             onCompleted: ((Object) -> Void)? = nil, onDisposed: ((Object) -> Void)? = nil) -> Disposable {
        subscribe(onSuccess: { [weak object] element in
            guard let object else { return }
            onSuccess?(object, element)
        }, onError: { [weak object] error in
            guard let object else { return }
            onError?(object, error)
        }, onCompleted: { [weak object] in
            guard let object else { return }
            onCompleted?(object)
        }, onDisposed: { [weak object] in
            guard let object else { return }
            onDisposed?(object)
        })
    }

    /// A `Maybe` of `element`.
    public static func just(_ element: Element) -> Maybe<Element> {
        Maybe(raw: Observable.just(element))
    }

    /// A `Maybe` of `element`, sent on `scheduler`.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Maybe<Element> {
        Maybe(raw: Observable.just(element, scheduler: scheduler))
    }

    /// A `Maybe` that fails with `error`.
    public static func error(_ error: Swift.Error) -> Maybe<Element> {
        Maybe(raw: Observable.error(error))
    }

    /// A `Maybe` that never sends anything.
    public static func never() -> Maybe<Element> {
        Maybe(raw: Observable.never())
    }

    /// A `Maybe` that completes without an element.
    public static func empty() -> Maybe<Element> {
        Maybe(raw: Observable.empty())
    }
}
