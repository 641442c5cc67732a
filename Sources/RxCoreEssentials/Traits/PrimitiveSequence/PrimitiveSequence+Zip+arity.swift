// Zip of two to any number of Singles or Maybes, as RxSwift's arity
// overloads (2 to 8), written once with parameter packs.

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// The sources' elements, combined by `resultSelector` once every one has its element.
    public static func zip<E1, E2, each E>(_ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>, _ sources: repeat PrimitiveSequence<Trait, each E>,
                                           resultSelector: @escaping (E1, E2, repeat each E) throws -> Element) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.zip(source1.source, source2.source, repeat (each sources).source, resultSelector: resultSelector))
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == SingleTrait {
    /// The sources' elements as one tuple, once every one has its element.
    public static func zip<E1, E2, each E>(_ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>, _ sources: repeat PrimitiveSequence<Trait, each E>)
        -> PrimitiveSequence<Trait, (E1, E2, repeat each E)> {
        PrimitiveSequence<Trait, (E1, E2, repeat each E)>(raw: Observable.zip(source1.source, source2.source, repeat (each sources).source))
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// The sources' elements, combined by `resultSelector` once every one
    /// has its element; empty as soon as one completes without.
    public static func zip<E1, E2, each E>(_ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>, _ sources: repeat PrimitiveSequence<Trait, each E>,
                                           resultSelector: @escaping (E1, E2, repeat each E) throws -> Element) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.zip(source1.source, source2.source, repeat (each sources).source, resultSelector: resultSelector))
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == MaybeTrait {
    /// The sources' elements as one tuple, once every one has its element;
    /// empty as soon as one completes without.
    public static func zip<E1, E2, each E>(_ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>, _ sources: repeat PrimitiveSequence<Trait, each E>)
        -> PrimitiveSequence<Trait, (E1, E2, repeat each E)> {
        PrimitiveSequence<Trait, (E1, E2, repeat each E)>(raw: Observable.zip(source1.source, source2.source, repeat (each sources).source))
    }
}
