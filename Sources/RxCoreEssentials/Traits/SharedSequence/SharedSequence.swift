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

    /// `source` itself, for what needs no sharing (a fresh sequence per
    /// subscriber costs nothing and keeps each one's timing, as RxCocoa's).
    init(raw source: Observable<Element>) {
        self.source = source
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
}

/// A type that is, or can be seen as, a `SharedSequence`: the shared
/// sequences' operators are defined on it, as RxCocoa's.
public protocol SharedSequenceConvertibleType: ObservableConvertibleType {
    /// How the sequence shares and where it delivers.
    associatedtype SharingStrategy: SharingStrategyProtocol

    /// The sequence as a `SharedSequence`.
    func asSharedSequence() -> SharedSequence<SharingStrategy, Element>
}

extension SharedSequence: SharedSequenceConvertibleType {}

extension ObservableConvertibleType {
    /// This sequence as a shared sequence of strategy `S` that ends with
    /// `element` instead of failing.
    public func asSharedSequence<S>(sharingStrategy: S.Type = S.self, onErrorJustReturn element: Element) -> SharedSequence<S, Element> {
        asSharedSequence(sharingStrategy: sharingStrategy, onErrorDriveWith: .just(element))
    }

    /// This sequence as a shared sequence of strategy `S` that continues
    /// with `fallback` instead of failing.
    public func asSharedSequence<S>(sharingStrategy: S.Type = S.self, onErrorDriveWith fallback: SharedSequence<S, Element>) -> SharedSequence<S, Element> {
        asSharedSequence(sharingStrategy: sharingStrategy, onErrorRecover: { _ in fallback })
    }

    /// This sequence as a shared sequence of strategy `S` that continues
    /// with what `recover` makes of an error.
    public func asSharedSequence<S>(sharingStrategy: S.Type = S.self, onErrorRecover recover: @escaping (Swift.Error) -> SharedSequence<S, Element>) -> SharedSequence<S, Element> {
        .converting(asObservable(), onErrorRecover: recover)
    }
}
