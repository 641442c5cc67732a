/// What `flatMapLatest` and `flatMapFirst` do with an element that arrives
/// while an inner sequence runs.
enum InnerRunningPolicy {
    /// Dispose the running one and switch to the new element's.
    case replace
    /// Ignore the new element.
    case ignore
}

extension ObservableType {
    /// The one-inner-at-a-time flat map both operators are: at most one inner
    /// sequence is subscribed. Completes when this sequence and the running
    /// inner one have completed; the first error ends it. This sequence is
    /// disposed the moment it completes, an inner one when it completes or
    /// is replaced.
    func flatMapOne<Source: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Source, whileRunning policy: InnerRunningPolicy) -> Observable<Source.Element> {
        Observable.create { observer in
            let lock = RecursiveLock()
            let sourceSubscription = SingleAssignmentDisposable()
            let innerSubscription = SerialDisposable()
            var latest = 0
            var hasActiveInner = false
            var sourceCompleted = false
            sourceSubscription.setDisposable(self.subscribe { event in
                lock.perform {
                    switch event {
                    case .next(let element):
                        if hasActiveInner && policy == .ignore { return }
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
                            lock.perform {
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
                }
            })
            return Disposables.create(sourceSubscription, innerSubscription)
        }
    }
}
