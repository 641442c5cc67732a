extension ObservableType {
    /// Transforms each element; an error thrown by `transform` ends the sequence with it.
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Observable<Result> {
        CompactMap(source: asObservable()) { element -> Result? in
            .some(try transform(element))
        }
    }
}
