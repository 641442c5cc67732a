/// The operators every trait has, as RxSwift's: each is the `Observable`
/// operator of the same name on the wrapped sequence, and keeps the trait
/// because none of them can add an element or drop the end.
extension PrimitiveSequence {
    /// Shifts the element (or completion) by `dueTime`, as `Observable.delay`.
    public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.delay(dueTime, scheduler: scheduler))
    }

    /// Subscribes `dueTime` later, as `Observable.delaySubscription`.
    public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.delaySubscription(dueTime, scheduler: scheduler))
    }

    /// Delivers the events through `scheduler`, as `Observable.observe(on:)`.
    public func observe(on scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.observe(on: scheduler))
    }

    /// Subscribes and disposes through `scheduler`, as `Observable.subscribe(on:)`.
    public func subscribe(on scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.subscribe(on: scheduler))
    }

    /// On an error, continues with the sequence `handler` returns for it.
    public func `catch`(_ handler: @escaping (Swift.Error) throws -> PrimitiveSequence<Trait, Element>) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.catch { try handler($0).asObservable() })
    }

    /// Subscribes again after an error, `maxAttemptCount` times in all.
    public func retry(_ maxAttemptCount: Int) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.retry(maxAttemptCount))
    }

    /// Subscribes again each time the sequence `notificationHandler` builds
    /// from the errors sends an element, as `Observable.retry(when:)`.
    public func retry<Trigger: ObservableType, Failure: Swift.Error>(when notificationHandler: @escaping (Observable<Failure>) -> Trigger) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.retry(when: notificationHandler))
    }

    /// `retry(when:)` over every error.
    public func retry<Trigger: ObservableType>(when notificationHandler: @escaping (Observable<Swift.Error>) -> Trigger) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.retry(when: notificationHandler))
    }

    /// Prints the events, as `Observable.debug`.
    public func debug(_ identifier: String? = nil, trimOutput: Bool = false, file: String = #file, line: UInt = #line, function: String = #function) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function))
    }

    /// A sequence holding a resource for as long as it lives, as `Observable.using`.
    public static func using<Resource: Disposable>(_ resourceFactory: @escaping () throws -> Resource,
                                                  primitiveSequenceFactory: @escaping (Resource) throws -> PrimitiveSequence<Trait, Element>) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.using(resourceFactory, observableFactory: { try primitiveSequenceFactory($0).asObservable() }))
    }

    /// Fails with `RxError.timeout` when nothing ends it within `dueTime`.
    public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.timeout(dueTime, scheduler: scheduler))
    }

    /// Switches to `other` when nothing ends it within `dueTime`.
    public func timeout(_ dueTime: RxTimeInterval, other: PrimitiveSequence<Trait, Element>, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.timeout(dueTime, other: other, scheduler: scheduler))
    }
}

extension PrimitiveSequence where Trait == CompletableTrait, Element == Never {
    /// Subscribes one handler of the end: `.completed` or `.error`.
    public func subscribe(_ observer: @escaping (CompletableEvent) -> Void) -> Disposable {
        source.subscribe { event in
            switch event {
            case .next: break
            case .error(let error): observer(.error(error))
            case .completed: observer(.completed)
            }
        }
    }

    /// A `Completable` that never ends.
    public static func never() -> Completable {
        Completable(raw: Observable.never())
    }

    /// This, then `second`.
    public func concat(_ second: Completable) -> Completable {
        Completable(raw: source.concat(second.asObservable()))
    }

    /// Each in turn; completes after the last.
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Completable where Sequence.Element == Completable {
        Completable(raw: Observable.concat(sequence.map { $0.asObservable() }))
    }

    /// Each in turn; completes after the last.
    public static func concat(_ sources: Completable...) -> Completable {
        concat(sources)
    }

    /// All at once; completes when every one has, fails at the first error.
    public static func zip<Collection: Swift.Collection>(_ sources: Collection) -> Completable where Collection.Element == Completable {
        Completable(raw: Observable.merge(sources.map { $0.asObservable() }))
    }

    /// All at once; completes when every one has, fails at the first error.
    public static func zip(_ sources: Completable...) -> Completable {
        zip(sources)
    }
}

extension PrimitiveSequence where Trait == MaybeTrait {
    /// Subscribes one handler of the outcome: `.success`, `.completed` or `.error`.
    public func subscribe(_ observer: @escaping (MaybeEvent<Element>) -> Void) -> Disposable {
        var sent = false
        return source.subscribe { event in
            guard !sent else { return }
            switch event {
            case .next(let element):
                sent = true
                observer(.success(element))
            case .error(let error):
                sent = true
                observer(.error(error))
            case .completed:
                sent = true
                observer(.completed)
            }
        }
    }

    /// A `Maybe` that never ends.
    public static func never() -> Maybe<Element> {
        Maybe(raw: Observable.never())
    }
}

extension PrimitiveSequence where Trait == SingleTrait {
    /// Combines the sources' elements with `resultSelector` once each has
    /// one; the first error ends it.
    public static func zip<E1, E2, each E>(_ source1: Single<E1>, _ source2: Single<E2>, _ sources: repeat Single<each E>,
                                           resultSelector: @escaping (E1, E2, repeat each E) throws -> Element) -> Single<Element> {
        Single(raw: Observable.zip(source1.asObservable(), source2.asObservable(), repeat (each sources).asObservable(), resultSelector: resultSelector))
    }

    /// The sources' elements in order, once each has one.
    public static func zip<Collection: Swift.Collection, Result>(_ sources: Collection, resultSelector: @escaping ([Result]) throws -> Element) -> Single<Element>
        where Collection.Element == Single<Result> {
        Single(raw: sources.isEmpty ? Observable.deferred { .just(try resultSelector([])) } : Observable.zip(sources.map { $0.asObservable() }, resultSelector: resultSelector))
    }
}
