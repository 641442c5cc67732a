extension ObservableType where Element: ObservableConvertibleType {
    /// The elements of the inner sequences, at most `maxConcurrent` of them
    /// subscribed at once; the others wait, in order, for one to complete.
    ///
    /// Completes when this sequence and every inner one have completed; the
    /// first error ends it. This sequence is disposed the moment it completes.
    public func merge(maxConcurrent: Int) -> Observable<Element.Element> {
        Observable.create { observer in
            let lock = RecursiveLock()
            let limit = Swift.max(maxConcurrent, 1)
            let group = CompositeDisposable()
            var waiting: [Observable<Element.Element>] = []
            var running = 0
            var outerCompleted = false
            func start(_ inner: Observable<Element.Element>) {
                running += 1
                let subscription = SingleAssignmentDisposable()
                guard let key = group.insert(subscription) else { return }
                subscription.setDisposable(inner.subscribe { event in
                    lock.perform {
                        switch event {
                        case .next, .error:
                            observer.on(event)
                        case .completed:
                            group.remove(for: key)
                            running -= 1
                            if !waiting.isEmpty {
                                start(waiting.removeFirst())
                            } else if outerCompleted && running == 0 {
                                observer.onCompleted()
                            }
                        }
                    }
                })
            }
            let outer = SingleAssignmentDisposable()
            _ = group.insert(outer)
            outer.setDisposable(self.subscribe { event in
                lock.perform {
                    switch event {
                    case .next(let source):
                        if running < limit {
                            start(source.asObservable())
                        } else {
                            waiting.append(source.asObservable())
                        }
                    case .error(let error):
                        observer.onError(error)
                    case .completed:
                        outerCompleted = true
                        outer.dispose()
                        if running == 0 && waiting.isEmpty {
                            observer.onCompleted()
                        }
                    }
                }
            })
            return group
        }
    }
}
