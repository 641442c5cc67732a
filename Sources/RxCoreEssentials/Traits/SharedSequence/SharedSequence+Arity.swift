/// `zip` and `combineLatest` of two or more shared sequences of one
/// strategy, as RxCocoa's arities (here one declaration each, over a pack).
extension SharedSequence {
    /// The sources' elements by position, combined by `resultSelector`.
    public static func zip<E1, E2, each E>(
        _ source1: SharedSequence<SharingStrategy, E1>, _ source2: SharedSequence<SharingStrategy, E2>, _ sources: repeat SharedSequence<SharingStrategy, each E>,
        resultSelector: @escaping (E1, E2, repeat each E) throws -> Element
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.zip(source1.asObservable(), source2.asObservable(), repeat (each sources).asObservable(), resultSelector: resultSelector))
    }

    /// The latest element of each source, combined by `resultSelector`, whenever one sends.
    public static func combineLatest<E1, E2, each E>(
        _ source1: SharedSequence<SharingStrategy, E1>, _ source2: SharedSequence<SharingStrategy, E2>, _ sources: repeat SharedSequence<SharingStrategy, each E>,
        resultSelector: @escaping (E1, E2, repeat each E) throws -> Element
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.combineLatest(source1.asObservable(), source2.asObservable(), repeat (each sources).asObservable(), resultSelector: resultSelector))
    }
}

extension SharedSequence where Element == Any {
    /// The sources' elements by position, as tuples.
    public static func zip<E1, E2, each E>(
        _ source1: SharedSequence<SharingStrategy, E1>, _ source2: SharedSequence<SharingStrategy, E2>, _ sources: repeat SharedSequence<SharingStrategy, each E>
    ) -> SharedSequence<SharingStrategy, (E1, E2, repeat each E)> {
        SharedSequence<SharingStrategy, (E1, E2, repeat each E)>(Observable.zip(source1.asObservable(), source2.asObservable(), repeat (each sources).asObservable()))
    }

    /// The latest element of each source, as tuples, whenever one sends.
    public static func combineLatest<E1, E2, each E>(
        _ source1: SharedSequence<SharingStrategy, E1>, _ source2: SharedSequence<SharingStrategy, E2>, _ sources: repeat SharedSequence<SharingStrategy, each E>
    ) -> SharedSequence<SharingStrategy, (E1, E2, repeat each E)> {
        SharedSequence<SharingStrategy, (E1, E2, repeat each E)>(Observable.combineLatest(source1.asObservable(), source2.asObservable(), repeat (each sources).asObservable()))
    }
}
