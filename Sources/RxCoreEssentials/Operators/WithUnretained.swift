extension ObservableType {
    /// Each element paired with `object`, held weakly: once `object` is
    /// gone the sequence completes (and disposes this one).
    public func withUnretained<Object: AnyObject>(_ object: Object) -> Observable<(Object, Element)> {
        withUnretained(object) { ($0, $1) }
    }

    /// Each element combined with `object` by `resultSelector`, `object`
    /// held weakly; completes once it is gone.
    public func withUnretained<Object: AnyObject, Out>(_ object: Object, resultSelector: @escaping (Object, Element) -> Out) -> Observable<Out> {
        Observable.create { [weak object] observer in
            let subscription = SingleAssignmentDisposable()
            subscription.setDisposable(self.subscribe { event in
                switch event {
                case .next(let element):
                    guard let object else {
                        observer.onCompleted()
                        subscription.dispose()
                        return
                    }
                    observer.onNext(resultSelector(object, element))
                case .error(let error):
                    observer.onError(error)
                case .completed:
                    observer.onCompleted()
                }
            })
            return subscription
        }
    }
}
