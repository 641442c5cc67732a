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

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// Itself, as a `Driver`.
    public func asDriver() -> Driver<Element> {
        asSharedSequence()
    }

    /// Binds every element to `observers`; call it on the main thread.
    public func drive<Observer: ObserverType>(_ observers: Observer...) -> Disposable where Observer.Element == Element {
        asSharedSequence().subscribeOnMain(observers)
    }

    /// Binds every element, as an optional, to `observers`; call it on the main thread.
    public func drive<Observer: ObserverType>(_ observers: Observer...) -> Disposable where Observer.Element == Element? {
        map { Optional($0) }.subscribeOnMain(observers)
    }

    /// Binds every element to `relays`.
    public func drive(_ relays: BehaviorRelay<Element>...) -> Disposable {
        drive(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Binds every element, as an optional, to `relays`.
    public func drive(_ relays: BehaviorRelay<Element?>...) -> Disposable {
        drive(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Binds every element to `relays`.
    public func drive(_ relays: ReplayRelay<Element>...) -> Disposable {
        drive(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Binds every element, as an optional, to `relays`.
    public func drive(_ relays: ReplayRelay<Element?>...) -> Disposable {
        drive(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Binds every element to `relay`.
    public func drive(_ relay: PublishRelay<Element>) -> Disposable {
        drive(onNext: { relay.accept($0) })
    }

    /// What `transformation` makes of the sequence, called on the main thread.
    public func drive<Result>(_ transformation: (Observable<Element>) -> Result) -> Result {
        MainScheduler.ensureRunningOnMainThread()
        return transformation(asObservable())
    }

    /// What the curried `with` makes of the sequence and `curriedArgument`, called on the main thread.
    public func drive<R1, R2>(_ with: (Observable<Element>) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        MainScheduler.ensureRunningOnMainThread()
        return with(asObservable())(curriedArgument)
    }

    /// Subscribes handlers of elements and completion that get `object`
    /// while it lives; call it on the main thread.
    public func drive<Object: AnyObject>(with object: Object, onNext: ((Object, Element) -> Void)? = nil, onCompleted: ((Object) -> Void)? = nil,
                                         onDisposed: ((Object) -> Void)? = nil) -> Disposable {
        MainScheduler.ensureRunningOnMainThread()
        return asObservable().subscribe(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes handlers of elements and completion; call it on the main thread.
    public func drive(onNext: ((Element) -> Void)? = nil, onCompleted: (() -> Void)? = nil, onDisposed: (() -> Void)? = nil) -> Disposable {
        asSharedSequence().subscribeOnMain(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes without handlers, for the sequence's side effects; call it on the main thread.
    public func drive() -> Disposable {
        drive(onNext: nil)
    }
}

extension BehaviorRelay {
    /// The relay's value and changes as a `Driver`.
    public func asDriver() -> Driver<Element> {
        asObservable().asDriver(onErrorRecover: { _ in Driver.empty() })
    }
}

extension InfallibleType {
    /// The sequence as a `Driver` (it cannot fail).
    public func asDriver() -> Driver<Element> {
        asObservable().asDriver(onErrorRecover: { _ in Driver.empty() })
    }
}
