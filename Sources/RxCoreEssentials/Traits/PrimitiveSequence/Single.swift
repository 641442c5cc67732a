/// A sequence of exactly one element, or an error.
public typealias Single<Element> = PrimitiveSequence<SingleTrait, Element>

/// What a `Single` observer receives: its element, or the failure.
public typealias SingleEvent<Element> = Result<Element, Swift.Error>

extension PrimitiveSequence where Trait == SingleTrait {
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

    /// A `Single` of `element`.
    public static func just(_ element: Element) -> Single<Element> {
        Single(raw: Observable.just(element))
    }

    /// A `Single` that fails with `error`.
    public static func error(_ error: Swift.Error) -> Single<Element> {
        Single(raw: Observable.error(error))
    }

    /// A `Single` that never sends anything.
    public static func never() -> Single<Element> {
        Single(raw: Observable.never())
    }

    /// Subscribes with a handler of the one result.
    public func subscribe(_ observer: @escaping SingleObserver) -> Disposable {
        var stopped = false
        return source.subscribe { event in
            guard !stopped else { return }
            switch event {
            case .next(let element):
                stopped = true
                observer(.success(element))
            case .error(let error):
                stopped = true
                observer(.failure(error))
            case .completed:
                break
            }
        }
    }

    /// Subscribes with handlers of success and failure; `onDisposed` runs
    /// once, after the result or when the subscription is disposed first.
    public func subscribe(onSuccess: ((Element) -> Void)? = nil, onFailure: ((Swift.Error) -> Void)? = nil, onDisposed: (() -> Void)? = nil) -> Disposable {
        source.subscribe(onNext: onSuccess, onError: onFailure, onDisposed: onDisposed)
    }

    /// The element mapped by `transform`.
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Single<Result> {
        Single<Result>(raw: source.map(transform))
    }

    /// The `Single` `selector` makes of the element.
    public func flatMap<Result>(_ selector: @escaping (Element) throws -> Single<Result>) -> Single<Result> {
        Single<Result>(raw: source.flatMap { try selector($0).asObservable() })
    }

    /// The element as a `Maybe`.
    public func asMaybe() -> Maybe<Element> {
        Maybe(raw: source)
    }

    /// Only the end: completion instead of the element.
    public func asCompletable() -> Completable {
        Completable(raw: source.ignoreElements())
    }
}

extension ObservableType {
    /// This sequence as a `Single`: its one element once it completes.
    /// Fails with `RxError.noElements` when it completes empty and with
    /// `RxError.moreThanOneElement` (disposing it) at a second element.
    public func asSingle() -> Single<Element> {
        Single(raw: one(allowingNone: false))
    }

    /// This sequence as a `Maybe`: its element, if any, once it completes;
    /// `RxError.moreThanOneElement` at a second element.
    public func asMaybe() -> Maybe<Element> {
        Maybe(raw: one(allowingNone: true))
    }

    /// Every element, gathered into one array sent when this sequence completes.
    public func toArray() -> Single<[Element]> {
        // Appended in place: a reduce that built a new array per element
        // copied n²/2 elements.
        Single(raw: Observable.create { observer in
            var elements: [Element] = []
            return self.subscribe { event in
                switch event {
                case .next(let element):
                    elements.append(element)
                case .error(let error):
                    observer.onError(error)
                case .completed:
                    observer.onNext(elements)
                    observer.onCompleted()
                }
            }
        })
    }

    private func one(allowingNone: Bool) -> Observable<Element> {
        Observable.create { observer in
            var kept: Element?
            let subscription = SingleAssignmentDisposable()
            subscription.setDisposable(self.subscribe { event in
                switch event {
                case .next(let element):
                    guard kept == nil else {
                        observer.onError(RxError.moreThanOneElement)
                        subscription.dispose()
                        return
                    }
                    kept = element
                case .error(let error):
                    observer.onError(error)
                case .completed:
                    if let kept {
                        observer.onNext(kept)
                        observer.onCompleted()
                    } else if allowingNone {
                        observer.onCompleted()
                    } else {
                        observer.onError(RxError.noElements)
                    }
                }
            })
            return subscription
        }
    }
}
