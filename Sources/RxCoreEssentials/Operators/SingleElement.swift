extension ObservableType {
    /// This sequence's one element, sent as it arrives, then completion once
    /// the source completes. Fails with `RxError.noElements` when the source
    /// completes empty, and with `RxError.moreThanOneElement` at a second
    /// element (disposing the source). Unlike `asSingle()`, which waits for
    /// the completion to send its element, as RxSwift's.
    public func single() -> Observable<Element> {
        Observable.create { observer in
            var seen = false
            let source = SingleAssignmentDisposable()
            source.setDisposable(self.subscribe { event in
                switch event {
                case .next(let element):
                    guard !seen else {
                        observer.onError(RxError.moreThanOneElement)
                        source.dispose()
                        return
                    }
                    seen = true
                    observer.onNext(element)
                case .error(let error):
                    observer.onError(error)
                case .completed:
                    if seen {
                        observer.onCompleted()
                    } else {
                        observer.onError(RxError.noElements)
                    }
                }
            })
            return source
        }
    }

    /// The one element `predicate` accepts, as `single()`.
    public func single(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        filter(predicate).single()
    }
}
