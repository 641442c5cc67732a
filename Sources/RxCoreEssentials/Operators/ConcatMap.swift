extension ObservableType {
    /// Maps each element to a sequence and sends their elements one sequence
    /// after another: a sequence starts once the one before has completed,
    /// elements arriving meanwhile wait in order.
    ///
    /// Completes when this sequence and every inner one have completed; the
    /// first error ends it.
    public func concatMap<Source: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Source) -> Observable<Source.Element> {
        map { try selector($0).asObservable() }.concat()
    }
}
