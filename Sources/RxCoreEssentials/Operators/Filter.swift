extension ObservableType {
    /// Passes on the elements that satisfy `predicate`; an error thrown by it
    /// ends the sequence with it.
    public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        CompactMap(source: asObservable()) { element -> Element? in
            try predicate(element) ? .some(element) : .none
        }
    }
}
