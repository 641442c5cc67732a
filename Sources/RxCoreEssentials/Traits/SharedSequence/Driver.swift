/// A `SharedSequence` for state: it never fails, delivers on the main loop
/// and replays its latest element to each new subscriber (RxCocoa's `Driver`).
public typealias Driver<Element> = SharedSequence<DriverSharingStrategy, Element>

/// `Driver`'s sharing: `share(replay: 1, scope: .whileConnected)` on `MainScheduler`.
public struct DriverSharingStrategy: SharingStrategyProtocol {
    /// A fresh main-loop scheduler of `SharingScheduler.make`.
    public static var scheduler: SchedulerType { SharingScheduler.make() }

    /// One subscription, the latest element replayed, while anyone subscribes.
    public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
        source.share(replay: 1, scope: .whileConnected)
    }
}

extension ObservableConvertibleType {
    /// This sequence as a `Driver` that ends with `element` instead of failing.
    public func asDriver(onErrorJustReturn element: Element) -> Driver<Element> {
        asDriver(onErrorDriveWith: Driver.just(element))
    }

    /// This sequence as a `Driver` that continues with `fallback` instead of failing.
    public func asDriver(onErrorDriveWith fallback: Driver<Element>) -> Driver<Element> {
        asDriver(onErrorRecover: { _ in fallback })
    }

    /// This sequence as a `Driver` that continues with what `recover` makes of an error.
    public func asDriver(onErrorRecover recover: @escaping (Swift.Error) -> Driver<Element>) -> Driver<Element> {
        .converting(asObservable(), onErrorRecover: recover)
    }
}

extension SharedSequence where SharingStrategy == DriverSharingStrategy {
    /// Binds every element to `observers`; call it on the main thread.
    public func drive<Observer: ObserverType>(_ observers: Observer...) -> Disposable where Observer.Element == Element {
        subscribeOnMain(observers)
    }

    /// Binds every element to `relay`.
    public func drive(_ relay: BehaviorRelay<Element>) -> Disposable {
        subscribeOnMain(onNext: { relay.accept($0) }, onCompleted: nil, onDisposed: nil)
    }

    /// Binds every element to `relay`.
    public func drive(_ relay: PublishRelay<Element>) -> Disposable {
        subscribeOnMain(onNext: { relay.accept($0) }, onCompleted: nil, onDisposed: nil)
    }

    /// Subscribes handlers of elements and completion; call it on the main thread.
    public func drive(onNext: ((Element) -> Void)? = nil, onCompleted: (() -> Void)? = nil, onDisposed: (() -> Void)? = nil) -> Disposable {
        subscribeOnMain(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }
}
