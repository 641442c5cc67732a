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

extension PrimitiveSequence: ObservableConvertibleType {
    /// The sequence as an `Observable`: the trait's events, then its end.
    public func asObservable() -> Observable<Element> {
        source
    }
}

extension PrimitiveSequence {
    /// A sequence made anew for each subscriber by `factory`.
    public static func deferred(_ factory: @escaping () throws -> PrimitiveSequence<Trait, Element>) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.deferred { try factory().asObservable() })
    }

    /// Runs side effects for each event, as `Observable.do` does.
    public func `do`(onError: ((Swift.Error) throws -> Void)? = nil, onSubscribe: (() -> Void)? = nil, onDispose: (() -> Void)? = nil) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.do(onError: onError, onSubscribe: onSubscribe, onDispose: onDispose))
    }
}

/// The trait of `Single`.
public enum SingleTrait {}
/// The trait of `Maybe`.
public enum MaybeTrait {}
/// The trait of `Completable`.
public enum CompletableTrait {}
