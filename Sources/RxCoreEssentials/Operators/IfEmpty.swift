extension ObservableType {
    /// This sequence, or `default` alone when it completes without elements.
    ///
    /// Errors pass through.
    public func ifEmpty(default element: Element) -> Observable<Element> {
        ifEmpty(switchTo: Observable.just(element))
    }

    /// This sequence, or `other` when it completes without elements: this
    /// sequence is disposed when it completes, and `other` subscribed then.
    ///
    /// Errors pass through.
    public func ifEmpty(switchTo other: Observable<Element>) -> Observable<Element> {
        Observable.create { observer in
            var isEmpty = true
            let subscription = SerialDisposable()
            let source = SingleAssignmentDisposable()
            subscription.disposable = source
            source.setDisposable(self.subscribe { event in
                switch event {
                case .next(let element):
                    isEmpty = false
                    observer.onNext(element)
                case .error(let error):
                    observer.onError(error)
                case .completed:
                    guard isEmpty else {
                        observer.onCompleted()
                        return
                    }
                    subscription.disposable = other.subscribe(observer)
                }
            })
            return subscription
        }
    }
}
