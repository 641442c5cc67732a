/// An observable sequence with a trait that limits what it may send: a
/// `Single` one element or an error, a `Maybe` at most one element, a
/// `Completable` only completion or an error. It wraps an `Observable` that
/// keeps to the trait.
public struct PrimitiveSequence<Trait, Element> {
    let source: Observable<Element>

    init(raw: Observable<Element>) {
        source = raw
    }
}

/// A type that is a `PrimitiveSequence`: lets the traits' operators be
/// declared once on the protocol, constrained by trait, as RxSwift's are.
public protocol PrimitiveSequenceType {
    /// `SingleTrait`, `MaybeTrait` or `CompletableTrait`.
    associatedtype Trait
    /// The type of the element the sequence may send.
    associatedtype Element

    /// The sequence itself.
    var primitiveSequence: PrimitiveSequence<Trait, Element> { get }
}

extension PrimitiveSequence: PrimitiveSequenceType {
    /// The sequence itself.
    public var primitiveSequence: PrimitiveSequence<Trait, Element> {
        self
    }
}

extension PrimitiveSequence: ObservableConvertibleType {
    /// The sequence as an `Observable`: the trait's events, then its end.
    public func asObservable() -> Observable<Element> {
        source
    }
}

/// The integer types `timer` counts in, under RxSwift's name.
public typealias RxAbstractInteger = FixedWidthInteger

extension PrimitiveSequence {
    /// A sequence made anew for each subscriber by `factory`; an error it
    /// throws is the sequence's error.
    public static func deferred(_ factory: @escaping () throws -> PrimitiveSequence<Trait, Element>) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.deferred { try factory().asObservable() })
    }
}

extension PrimitiveSequenceType where Element: RxAbstractInteger {
    /// Sends 0 once `dueTime` has passed on `scheduler`, then ends.
    public static func timer(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable<Element>.timer(dueTime, scheduler: scheduler))
    }
}

/// How the traits' handler forms of `subscribe` end: `subscribe` delivers
/// the one event to `handle`; an error with no `onError` goes to
/// `Hooks.defaultErrorHandler` (with the call stack of the subscription);
/// `onDisposed` runs once, after the event or at an earlier disposal.
func subscribeHandlers<TraitEvent>(_ subscribe: (@escaping (TraitEvent) -> Void) -> Disposable, errorOf: @escaping (TraitEvent) -> Swift.Error?,
                                   onError: ((Swift.Error) -> Void)?, onDisposed: (() -> Void)?, handle: @escaping (TraitEvent) -> Void) -> Disposable {
    let callStack = onError == nil ? Hooks.subscriptionCallStack() : []
    let disposed = onDisposed.map(Disposables.create(with:)) ?? Disposables.create()
    let subscription = subscribe { event in
        if let error = errorOf(event) {
            if let onError {
                onError(error)
            } else {
                Hooks.report(error, subscriptionCallStack: callStack)
            }
        } else {
            handle(event)
        }
        disposed.dispose()
    }
    return Disposables.create(subscription, disposed)
}
