extension ObservableType {
    /// Maps each element to a sequence and forwards its elements, ignoring
    /// elements that arrive while that sequence is still running.
    ///
    /// Completes when this sequence and the running inner one have
    /// completed; the first error ends it. This sequence is disposed the
    /// moment it completes, an inner one the moment it completes.
    public func flatMapFirst<Source: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Source) -> Observable<Source.Element> {
        flatMapOne(selector, whileRunning: .ignore)
    }
}
