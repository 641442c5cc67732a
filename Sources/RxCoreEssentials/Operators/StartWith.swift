extension ObservableType {
    /// Sends `elements` first, then the elements of this sequence.
    public func startWith(_ elements: Element ...) -> Observable<Element> {
        Observable.concat([Observable.from(elements), asObservable()])
    }
}
