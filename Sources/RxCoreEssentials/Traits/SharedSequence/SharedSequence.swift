/// How a `SharedSequence` shares its source and where it delivers.
public protocol SharingStrategyProtocol {
    /// Where elements are delivered: a main-loop scheduler of `SharingScheduler.make`, for UI-like work.
    static var scheduler: SchedulerType { get }
    /// How one subscription to the source is shared among subscribers.
    static func share<Element>(_ source: Observable<Element>) -> Observable<Element>
}

/// A sequence that never fails, delivers on the main loop and shares one
/// subscription to its source: RxCocoa's `Driver` (which replays the latest
/// element to a new subscriber) and `Signal` (which does not).
public struct SharedSequence<SharingStrategy: SharingStrategyProtocol, Element>: ObservableConvertibleType {
    let source: Observable<Element>

    /// A shared sequence of `source`, which must not fail and must deliver
    /// on the main loop (the conversions `asDriver`/`asSignal` see to both).
    init(_ source: Observable<Element>) {
        self.source = SharingStrategy.share(source)
    }

    /// This sequence as an `Infallible`.
    public func asInfallible() -> Infallible<Element> {
        asInfallible(onErrorFallbackTo: .empty())
    }

    /// This sequence as an `Observable`.
    public func asObservable() -> Observable<Element> {
        source
    }

    /// Itself.
    public func asSharedSequence() -> SharedSequence<SharingStrategy, Element> {
        self
    }
}

extension SharedSequence {
    /// `source` delivered on the strategy's scheduler, continuing with what
    /// `recover` makes of an error: how `asDriver` and `asSignal` convert.
    static func converting(_ source: Observable<Element>, onErrorRecover recover: @escaping (Swift.Error) -> SharedSequence<SharingStrategy, Element>) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(source.observe(on: SharingStrategy.scheduler).catch { recover($0).asObservable() })
    }

    /// Subscribes `observers` to every event, on the main thread (`drive`, `emit`).
    func subscribeOnMain<Observer: ObserverType>(_ observers: [Observer]) -> Disposable where Observer.Element == Element {
        MainScheduler.ensureRunningOnMainThread()
        return source.subscribe { event in
            observers.forEach { $0.on(event) }
        }
    }

    /// Subscribes handlers on the main thread (`drive`, `emit`).
    func subscribeOnMain(onNext: ((Element) -> Void)?, onCompleted: (() -> Void)?, onDisposed: (() -> Void)?) -> Disposable {
        MainScheduler.ensureRunningOnMainThread()
        return source.subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// A sequence of `element` alone.
    public static func just(_ element: Element) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.just(element, scheduler: SharingStrategy.scheduler))
    }

    /// A sequence that completes at once.
    public static func empty() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.empty())
    }

    /// A sequence that never sends anything.
    public static func never() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.never())
    }

    /// A sequence made anew for each (shared) subscription by `factory`.
    public static func deferred(_ factory: @escaping () -> SharedSequence<SharingStrategy, Element>) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.deferred { factory().asObservable() })
    }

    /// Each element mapped by `transform`.
    public func map<Result>(_ transform: @escaping (Element) -> Result) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence<SharingStrategy, Result>(source.map(transform))
    }

    /// Each non-nil result of `transform`.
    public func compactMap<Result>(_ transform: @escaping (Element) -> Result?) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence<SharingStrategy, Result>(source.compactMap(transform))
    }

    /// The elements `predicate` accepts.
    public func filter(_ predicate: @escaping (Element) -> Bool) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(source.filter(predicate))
    }

    /// `elements`, then this sequence's.
    public func startWith(_ elements: Element...) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.concat([Observable.from(elements), source]))
    }

    /// The elements of the shared sequence `selector` makes of the latest element.
    public func flatMapLatest<Result>(_ selector: @escaping (Element) -> SharedSequence<SharingStrategy, Result>) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence<SharingStrategy, Result>(source.flatMapLatest { selector($0).asObservable() })
    }

    /// Each accumulated value.
    public func scan<A>(_ seed: A, accumulator: @escaping (A, Element) -> A) -> SharedSequence<SharingStrategy, A> {
        SharedSequence<SharingStrategy, A>(source.scan(seed, accumulator: accumulator))
    }

    /// Side effects for each element.
    public func `do`(onNext: ((Element) -> Void)? = nil, onCompleted: (() -> Void)? = nil, onSubscribe: (() -> Void)? = nil, onDispose: (() -> Void)? = nil) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(source.do(onNext: onNext, onCompleted: onCompleted, onSubscribe: onSubscribe, onDispose: onDispose))
    }
}

extension SharedSequence where Element: Equatable {
    /// Drops an element equal to the one before.
    public func distinctUntilChanged() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(source.distinctUntilChanged())
    }
}

extension SharedSequence {
    /// The latest element of each, combined by `resultSelector`, whenever either sends.
    public static func combineLatest<First, Second>(_ first: SharedSequence<SharingStrategy, First>, _ second: SharedSequence<SharingStrategy, Second>,
                                                    resultSelector: @escaping (First, Second) -> Element) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.combineLatest(first.asObservable(), second.asObservable(), resultSelector: resultSelector))
    }
}
