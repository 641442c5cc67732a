extension ObservableType {
    /// Maps each element to a sequence and forwards the elements of the most
    /// recent one only, disposing the one before.
    ///
    /// Completes when this sequence and the current inner one have completed;
    /// the first error ends it. This sequence is disposed the moment it
    /// completes, an inner one when it completes or a newer one replaces it.
    public func flatMapLatest<Source: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Source) -> Observable<Source.Element> {
        flatMapOne(selector, whileRunning: .replace)
    }
}
