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

extension PrimitiveSequence where Trait == MaybeTrait {
    /// Receives the one event of a `Maybe`.
    public typealias MaybeObserver = (MaybeEvent<Element>) -> Void

    /// A `Maybe` whose `subscribe` sends one event; anything after it is ignored.
    public static func create(subscribe: @escaping (@escaping MaybeObserver) -> Disposable) -> Maybe<Element> {
        Maybe(raw: Observable.create { observer in
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

    /// A `Maybe` of `element`.
    public static func just(_ element: Element) -> Maybe<Element> {
        Maybe(raw: Observable.just(element))
    }

    /// A `Maybe` that completes without an element.
    public static func empty() -> Maybe<Element> {
        Maybe(raw: Observable.empty())
    }

    /// A `Maybe` that fails with `error`.
    public static func error(_ error: Swift.Error) -> Maybe<Element> {
        Maybe(raw: Observable.error(error))
    }

    /// Subscribes with handlers of an element, a failure and completion
    /// without an element; `onDisposed` runs once, at the end.
    public func subscribe(onSuccess: ((Element) -> Void)? = nil, onError: ((Swift.Error) -> Void)? = nil, onCompleted: (() -> Void)? = nil, onDisposed: (() -> Void)? = nil) -> Disposable {
        var succeeded = false
        return source.subscribe(onNext: { element in
            succeeded = true
            onSuccess?(element)
        }, onError: onError, onCompleted: {
            if !succeeded { onCompleted?() }
        }, onDisposed: onDisposed)
    }

    /// The element mapped by `transform`.
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Maybe<Result> {
        Maybe<Result>(raw: source.map(transform))
    }

    /// This `Maybe`, or `element` when it completes empty, as a `Single`.
    public func ifEmpty(default element: Element) -> Single<Element> {
        Single(raw: source.ifEmpty(default: element))
    }
}
