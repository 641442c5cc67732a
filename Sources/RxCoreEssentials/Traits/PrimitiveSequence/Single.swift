/// The trait of `Single`.
public enum SingleTrait {}
/// A sequence of exactly one element, or an error.
public typealias Single<Element> = PrimitiveSequence<SingleTrait, Element>

/// What a `Single` observer receives: its element, or the failure.
public typealias SingleEvent<Element> = Result<Element, Swift.Error>

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Receives the one event of a `Single`.
    public typealias SingleObserver = (SingleEvent<Element>) -> Void

    /// A `Single` whose `subscribe` sends one result; anything after it is ignored.
    public static func create(subscribe: @escaping (@escaping SingleObserver) -> Disposable) -> Single<Element> {
        Single(raw: Observable.create { observer in
            subscribe { result in
                switch result {
                case .success(let element):
                    observer.onNext(element)
                    observer.onCompleted()
                case .failure(let error):
                    observer.onError(error)
                }
            }
        })
    }

    /// Subscribes with a handler of the one result; it is called at most once.
    public func subscribe(_ observer: @escaping SingleObserver) -> Disposable {
        var stopped = false
        return primitiveSequence.source.subscribe { event in
            guard !stopped else { return }
            stopped = true
            switch event {
            case .next(let element): observer(.success(element))
            case .error(let error): observer(.failure(error))
            case .completed: preconditionFailure("a Single completed without an element")
            }
        }
    }

    /// Subscribes with handlers of success and failure; `onDisposed` runs
    /// once, after the result's handler or when the subscription is disposed
    /// first. A failure without `onFailure` goes to `Hooks.defaultErrorHandler`.
    public func subscribe(onSuccess: ((Element) -> Void)? = nil, onFailure: ((Swift.Error) -> Void)? = nil, onDisposed: (() -> Void)? = nil) -> Disposable {
        subscribeHandlers({ subscribe($0) }, errorOf: { result in
            if case .failure(let error) = result { return error }
            return nil
        }, onError: onFailure, onDisposed: onDisposed) { result in
            if case .success(let element) = result { onSuccess?(element) }
        }
    }

    /// RxSwift 5's name of `subscribe(onSuccess:onFailure:onDisposed:)`.
    @available(*, deprecated, renamed: "subscribe(onSuccess:onFailure:onDisposed:)")
    public func subscribe(onSuccess: ((Element) -> Void)? = nil, onError: @escaping ((Swift.Error) -> Void), onDisposed: (() -> Void)? = nil) -> Disposable {
        subscribe(onSuccess: onSuccess, onFailure: onError, onDisposed: onDisposed)
    }

    /// Subscribes handlers that also receive `object`, held weakly: once it
    /// is gone, the handlers are no longer called.
    public func subscribe<Object: AnyObject>(with object: Object, onSuccess: ((Object, Element) -> Void)? = nil, onFailure: ((Object, Swift.Error) -> Void)? = nil,
                                             onDisposed: ((Object) -> Void)? = nil) -> Disposable {
        subscribe(onSuccess: { [weak object] element in
            guard let object else { return }
            onSuccess?(object, element)
        }, onFailure: { [weak object] error in
            guard let object else { return }
            onFailure?(object, error)
        }, onDisposed: { [weak object] in
            guard let object else { return }
            onDisposed?(object)
        })
    }

    /// A `Single` of `element`.
    public static func just(_ element: Element) -> Single<Element> {
        Single(raw: Observable.just(element))
    }

    /// A `Single` of `element`, sent on `scheduler`.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Single<Element> {
        Single(raw: Observable.just(element, scheduler: scheduler))
    }

    /// A `Single` that fails with `error`.
    public static func error(_ error: Swift.Error) -> Single<Element> {
        Single(raw: Observable.error(error))
    }

    /// A `Single` that never sends anything.
    public static func never() -> Single<Element> {
        Single(raw: Observable.never())
    }
}
