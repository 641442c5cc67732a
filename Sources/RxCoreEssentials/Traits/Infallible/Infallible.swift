/// A type that is an `Infallible`: lets operators be declared once for
/// every sequence that never fails, as RxSwift's are.
public protocol InfallibleType: ObservableConvertibleType {}

/// A sequence that never fails: RxSwift's `Infallible`, for values that
/// may come from any thread (unlike `Driver`, it neither shares nor moves
/// to the main loop).
public struct Infallible<Element>: InfallibleType {
    private let source: Observable<Element>

    init(_ source: Observable<Element>) {
        self.source = source
    }

    /// This sequence as an `Observable` (which never sends an error).
    public func asObservable() -> Observable<Element> {
        source
    }
}

extension InfallibleType {
    /// Subscribes handlers of elements and completion; `onDisposed` runs once, at the end.
    public func subscribe(onNext: ((Element) -> Void)? = nil, onCompleted: (() -> Void)? = nil, onDisposed: (() -> Void)? = nil) -> Disposable {
        asObservable().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes handlers that also receive `object`, held weakly: once it
    /// is gone, the sequence ends for them.
    public func subscribe<Object: AnyObject>(with object: Object, onNext: ((Object, Element) -> Void)? = nil, onCompleted: ((Object) -> Void)? = nil,
                                             onDisposed: ((Object) -> Void)? = nil) -> Disposable {
        asObservable().subscribe(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes a handler of every event.
    public func subscribe(_ on: @escaping (InfallibleEvent<Element>) -> Void) -> Disposable {
        asObservable().subscribe { event in
            switch event {
            case .next(let element): on(.next(element))
            case .completed: on(.completed)
            case .error(let error): preconditionFailure("an Infallible failed: \(error)")
            }
        }
    }
}
