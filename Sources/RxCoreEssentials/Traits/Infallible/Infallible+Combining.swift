// combineLatest and zip of infallible sequences, as RxSwift's arity
// overloads (2 to 8), written once with parameter packs.

extension Infallible {
    /// The latest element of every source, combined by `resultSelector`
    /// whenever one sends, once all have sent.
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType, each I: InfallibleType>(
        _ source1: I1, _ source2: I2, _ sources: repeat each I,
        resultSelector: @escaping (I1.Element, I2.Element, repeat (each I).Element) throws -> Element
    ) -> Infallible<Element> {
        Infallible(Observable.combineLatest(source1.asObservable(), source2.asObservable(), repeat (each sources).asObservable(), resultSelector: resultSelector))
    }
}

extension InfallibleType where Element == Any {
    /// The latest element of every source, as a tuple, whenever one sends, once all have sent.
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType, each I: InfallibleType>(
        _ source1: I1, _ source2: I2, _ sources: repeat each I
    ) -> Infallible<(I1.Element, I2.Element, repeat (each I).Element)> {
        Infallible<(I1.Element, I2.Element, repeat (each I).Element)>(
            Observable.combineLatest(source1.asObservable(), source2.asObservable(), repeat (each sources).asObservable()))
    }
}

extension InfallibleType {
    /// The latest element of every source of `collection`, combined by `resultSelector`.
    public static func combineLatest<Collection: Swift.Collection>(_ collection: Collection, resultSelector: @escaping ([Collection.Element.Element]) throws -> Element) -> Infallible<Element>
        where Collection.Element: InfallibleType {
        Infallible(Observable.combineLatest(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }

    /// The latest element of every source of `collection`, as an array.
    public static func combineLatest<Collection: Swift.Collection>(_ collection: Collection) -> Infallible<[Element]>
        where Collection.Element: InfallibleType, Collection.Element.Element == Element {
        Infallible<[Element]>(Observable.combineLatest(collection.map { $0.asObservable() }))
    }

    /// The sources' elements by position, combined by `resultSelector`.
    public static func zip<E1, E2, each E>(_ source1: Infallible<E1>, _ source2: Infallible<E2>, _ sources: repeat Infallible<each E>,
                                           resultSelector: @escaping (E1, E2, repeat each E) throws -> Element) -> Infallible<Element> {
        Infallible(Observable.zip(source1.asObservable(), source2.asObservable(), repeat (each sources).asObservable(), resultSelector: resultSelector))
    }
}
