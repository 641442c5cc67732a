extension ObservableType {
    /// The element at `index` (counting from 0), then completion; disposes
    /// this sequence as soon as it is sent.
    ///
    /// Fails with `RxError.argumentOutOfRange` when this sequence completes
    /// with fewer elements, or when `index` is negative.
    public func element(at index: Int) -> Observable<Element> {
        Observable.create { observer in
            guard index >= 0 else {
                observer.onError(RxError.argumentOutOfRange)
                return Disposables.create()
            }
            var remaining = index
            let subscription = SingleAssignmentDisposable()
            subscription.setDisposable(self.subscribe { event in
                switch event {
                case .next(let element):
                    if remaining == 0 {
                        observer.onNext(element)
                        observer.onCompleted()
                        subscription.dispose()
                    }
                    remaining -= 1
                case .error(let error):
                    observer.onError(error)
                case .completed:
                    observer.onError(RxError.argumentOutOfRange)
                }
            })
            return subscription
        }
    }
}
