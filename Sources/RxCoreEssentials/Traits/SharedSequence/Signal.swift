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

extension SharedSequence where SharingStrategy == SignalSharingStrategy {
    /// Sends every element to `observers`; call it on the main thread.
    public func emit<Observer: ObserverType>(to observers: Observer...) -> Disposable where Observer.Element == Element {
        subscribeOnMain(observers)
    }

    /// Sends every element to `relay`.
    public func emit(to relay: PublishRelay<Element>) -> Disposable {
        subscribeOnMain(onNext: { relay.accept($0) }, onCompleted: nil, onDisposed: nil)
    }

    /// Subscribes handlers of elements and completion; call it on the main thread.
    public func emit(onNext: ((Element) -> Void)? = nil, onCompleted: (() -> Void)? = nil, onDisposed: (() -> Void)? = nil) -> Disposable {
        subscribeOnMain(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
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
