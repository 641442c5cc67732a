/// A `SharedSequence` for events: it never fails, delivers on the main loop
/// and shares one subscription, replaying nothing (RxCocoa's `Signal`).
public typealias Signal<Element> = SharedSequence<SignalSharingStrategy, Element>

/// `Signal`'s sharing: `share(scope: .whileConnected)` on `MainScheduler`.
public struct SignalSharingStrategy: SharingStrategyProtocol {
    /// A fresh main-loop scheduler of `SharingScheduler.make`.
    public static var scheduler: SchedulerType { SharingScheduler.make() }

    /// One subscription, nothing replayed, while anyone subscribes.
    public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
        source.share(scope: .whileConnected)
    }
}

extension ObservableConvertibleType {
    /// This sequence as a `Signal` that ends with `element` instead of failing.
    public func asSignal(onErrorJustReturn element: Element) -> Signal<Element> {
        asSignal(onErrorSignalWith: Signal.just(element))
    }

    /// This sequence as a `Signal` that continues with `fallback` instead of failing.
    public func asSignal(onErrorSignalWith fallback: Signal<Element>) -> Signal<Element> {
        asSignal(onErrorRecover: { _ in fallback })
    }

    /// This sequence as a `Signal` that continues with what `recover` makes of an error.
    public func asSignal(onErrorRecover recover: @escaping (Swift.Error) -> Signal<Element>) -> Signal<Element> {
        .converting(asObservable(), onErrorRecover: recover)
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// Itself, as a `Signal`.
    public func asSignal() -> Signal<Element> {
        asSharedSequence()
    }

    /// Sends every element to `observers`; call it on the main thread.
    public func emit<Observer: ObserverType>(to observers: Observer...) -> Disposable where Observer.Element == Element {
        asSharedSequence().subscribeOnMain(observers)
    }

    /// Sends every element, as an optional, to `observers`; call it on the main thread.
    public func emit<Observer: ObserverType>(to observers: Observer...) -> Disposable where Observer.Element == Element? {
        map { Optional($0) }.subscribeOnMain(observers)
    }

    /// Sends every element to `relays`.
    public func emit(to relays: BehaviorRelay<Element>...) -> Disposable {
        emit(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Sends every element, as an optional, to `relays`.
    public func emit(to relays: BehaviorRelay<Element?>...) -> Disposable {
        emit(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Sends every element to `relays`.
    public func emit(to relays: PublishRelay<Element>...) -> Disposable {
        emit(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Sends every element, as an optional, to `relays`.
    public func emit(to relays: PublishRelay<Element?>...) -> Disposable {
        emit(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Sends every element to `relays`.
    public func emit(to relays: ReplayRelay<Element>...) -> Disposable {
        emit(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Sends every element, as an optional, to `relays`.
    public func emit(to relays: ReplayRelay<Element?>...) -> Disposable {
        emit(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Subscribes handlers of elements and completion that get `object`
    /// while it lives; call it on the main thread.
    public func emit<Object: AnyObject>(with object: Object, onNext: ((Object, Element) -> Void)? = nil, onCompleted: ((Object) -> Void)? = nil,
                                        onDisposed: ((Object) -> Void)? = nil) -> Disposable {
        MainScheduler.ensureRunningOnMainThread()
        return asObservable().subscribe(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes handlers of elements and completion; call it on the main thread.
    public func emit(onNext: ((Element) -> Void)? = nil, onCompleted: (() -> Void)? = nil, onDisposed: (() -> Void)? = nil) -> Disposable {
        asSharedSequence().subscribeOnMain(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes without handlers, for the sequence's side effects; call it on the main thread.
    public func emit() -> Disposable {
        emit(onNext: nil)
    }
}

extension PublishRelay {
    /// The relay's elements as a `Signal`.
    public func asSignal() -> Signal<Element> {
        asObservable().asSignal(onErrorRecover: { _ in Signal.empty() })
    }
}

extension ControlProperty {
    /// The property's values as a `Driver` (a control property never fails).
    public func asDriver() -> Driver<Element> {
        asDriver(onErrorRecover: { _ in Driver.empty() })
    }
}

extension ControlEvent {
    /// The events as a `Signal` (a control event never fails).
    public func asSignal() -> Signal<Element> {
        asSignal(onErrorRecover: { _ in Signal.empty() })
    }

    /// The events as a `Driver`.
    public func asDriver() -> Driver<Element> {
        asDriver(onErrorRecover: { _ in Driver.empty() })
    }
}
