extension ObservableType {
    /// Drops elements until `other` sends its first element, then passes on
    /// every one.
    ///
    /// `other` is disposed once it has sent an element or completed; its
    /// completion without an element means nothing is ever passed on. This
    /// sequence's completion is passed on only once `other` has sent an
    /// element (before that the result just stops, disposing both, as
    /// RxSwift's); an error of either ends the result.
    public func skip<Other: ObservableType>(until other: Other) -> Observable<Element> {
        Observable.create { observer in
            let lock = RecursiveLock()
            var forwarding = false
            let finished = SingleAssignmentDisposable()
            let trigger = SingleAssignmentDisposable()
            trigger.setDisposable(other.subscribe { event in
                lock.perform {
                    switch event {
                    case .next:
                        forwarding = true
                        trigger.dispose()
                    case .error(let error):
                        observer.onError(error)
                    case .completed:
                        trigger.dispose()
                    }
                }
            })
            let source = self.subscribe { event in
                lock.perform {
                    switch event {
                    case .next:
                        if forwarding {
                            observer.on(event)
                        }
                    case .error:
                        observer.on(event)
                    case .completed:
                        if forwarding {
                            observer.on(event)
                        }
                        finished.dispose()
                    }
                }
            }
            finished.setDisposable(Disposables.create(trigger, source))
            return finished
        }
    }
}
