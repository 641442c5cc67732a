extension ObservableType {
    /// Maps each element to a sequence and forwards its elements, ignoring
    /// elements that arrive while that sequence is still running.
    ///
    /// Completes when this sequence and the running inner one have
    /// completed; the first error ends it. This sequence is disposed the
    /// moment it completes, an inner one the moment it completes.
    public func flatMapFirst<Source: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Source) -> Observable<Source.Element> {
        Observable.create { observer in
            let sourceSubscription = SingleAssignmentDisposable()
            let innerSubscription = SerialDisposable()
            var hasActiveInner = false
            var sourceCompleted = false
            sourceSubscription.setDisposable(self.subscribe { event in
                switch event {
                case .next(let element):
                    guard !hasActiveInner else { return }
                    let inner: Observable<Source.Element>
                    do {
                        inner = try selector(element).asObservable()
                    } catch {
                        observer.onError(error)
                        return
                    }
                    hasActiveInner = true
                    let subscription = SingleAssignmentDisposable()
                    innerSubscription.disposable = subscription
                    subscription.setDisposable(inner.subscribe { event in
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
