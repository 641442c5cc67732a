extension ObservableType {
    /// Maps each element to a sequence and forwards the elements of the most
    /// recent one only, disposing the one before.
    ///
    /// Completes when this sequence and the current inner one have completed;
    /// the first error ends it. This sequence is disposed the moment it
    /// completes, an inner one when it completes or a newer one replaces it.
    public func flatMapLatest<Source: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Source) -> Observable<Source.Element> {
        Observable.create { observer in
            let sourceSubscription = SingleAssignmentDisposable()
            let innerSubscription = SerialDisposable()
            var latest = 0
            var hasActiveInner = false
            var sourceCompleted = false
            sourceSubscription.setDisposable(self.subscribe { event in
                switch event {
                case .next(let element):
                    let inner: Observable<Source.Element>
                    do {
                        inner = try selector(element).asObservable()
                    } catch {
                        observer.onError(error)
                        return
                    }
                    latest += 1
                    let generation = latest
                    hasActiveInner = true
                    let subscription = SingleAssignmentDisposable()
                    innerSubscription.disposable = subscription
                    subscription.setDisposable(inner.subscribe { event in
                        guard generation == latest else { return }
                        switch event {
                        case .next, .error:
                            observer.on(event)
                        case .completed:
                            hasActiveInner = false
                            subscription.dispose()
                            if sourceCompleted {
                                observer.onCompleted()
                            }
                        }
                    })
                case .error(let error):
                    observer.onError(error)
                case .completed:
                    sourceCompleted = true
                    sourceSubscription.dispose()
                    if !hasActiveInner {
                        observer.onCompleted()
                    }
                }
            })
            return Disposables.create(sourceSubscription, innerSubscription)
        }
    }
}
