extension ObservableType {
    /// The one element of this sequence, sent when it completes, then
    /// completion. Fails with `RxError.noElements` when it completes empty,
    /// and with `RxError.moreThanOneElement` at a second element (disposing it).
    public func single() -> Observable<Element> {
        asSingle().asObservable()
    }

    /// The one element `predicate` accepts, as `single()`.
    public func single(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        filter(predicate).single()
    }
}
