/// A sequence that never fails: RxSwift's `Infallible`, for values that
/// may come from any thread (unlike `Driver`, it neither shares nor moves
/// to the main loop).
public struct Infallible<Element>: ObservableConvertibleType {
    private let source: Observable<Element>

    init(_ source: Observable<Element>) {
        self.source = source
    }

    /// This sequence as an `Observable` (which never sends an error).
    public func asObservable() -> Observable<Element> {
        source
    }

    /// An infallible sequence of `element` alone.
    public static func just(_ element: Element) -> Infallible<Element> {
        Infallible(Observable.just(element))
    }

    /// An infallible sequence that completes at once.
    public static func empty() -> Infallible<Element> {
        Infallible(Observable.empty())
    }

    /// An infallible sequence that never sends anything.
    public static func never() -> Infallible<Element> {
        Infallible(Observable.never())
    }

    /// An infallible sequence whose `subscribe` sends elements and completion through the handlers.
    public static func create(subscribe: @escaping (_ observer: @escaping (InfallibleEvent<Element>) -> Void) -> Disposable) -> Infallible<Element> {
        Infallible(Observable.create { observer in
            subscribe { event in
                switch event {
                case .next(let element): observer.onNext(element)
                case .completed: observer.onCompleted()
                }
            }
        })
    }

    /// Subscribes handlers of elements and completion; `onDisposed` runs once, at the end.
    public func subscribe(onNext: ((Element) -> Void)? = nil, onCompleted: (() -> Void)? = nil, onDisposed: (() -> Void)? = nil) -> Disposable {
        source.subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Each element mapped by `transform`.
    public func map<Result>(_ transform: @escaping (Element) -> Result) -> Infallible<Result> {
        Infallible<Result>(source.map(transform))
    }

    /// The elements `predicate` accepts.
    public func filter(_ predicate: @escaping (Element) -> Bool) -> Infallible<Element> {
        Infallible(source.filter(predicate))
    }
}

/// What an `Infallible` observer receives.
public enum InfallibleEvent<Element> {
    /// An element.
    case next(Element)
    /// The end.
    case completed
}

extension ObservableConvertibleType {
    /// This sequence as an `Infallible` that ends with `element` instead of failing.
    public func asInfallible(onErrorJustReturn element: Element) -> Infallible<Element> {
        Infallible(asObservable().catchAndReturn(element))
    }

    /// This sequence as an `Infallible` that continues with `fallback` instead of failing.
    public func asInfallible(onErrorFallbackTo fallback: Infallible<Element>) -> Infallible<Element> {
        Infallible(asObservable().catch { _ in fallback.asObservable() })
    }

    /// This sequence as an `Infallible` that continues with what `recover` makes of an error.
    public func asInfallible(onErrorRecover recover: @escaping (Swift.Error) -> Infallible<Element>) -> Infallible<Element> {
        Infallible(asObservable().catch { recover($0).asObservable() })
    }
}
