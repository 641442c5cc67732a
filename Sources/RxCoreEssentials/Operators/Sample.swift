extension ObservableType {
    /// At each element (or completion) of `sampler`, the latest element of
    /// this sequence if a new one arrived since the last sample, else
    /// `defaultValue` when given.
    ///
    /// This sequence is disposed when it completes; the result completes at
    /// the next sample after that. An error of either ends the result.
    public func sample<Sampler: ObservableType>(_ sampler: Sampler, defaultValue: Element? = nil) -> Observable<Element> {
        Observable.create { observer in
            let lock = RecursiveLock()
            var latest: Element?
            var atEnd = false
            let source = SingleAssignmentDisposable()
            let sampling = SingleAssignmentDisposable()
            source.setDisposable(self.subscribe { event in
                lock.perform {
                    switch event {
                    case .next(let element):
                        latest = element
                    case .error(let error):
                        observer.onError(error)
                    case .completed:
                        atEnd = true
                        source.dispose()
                    }
                }
            })
            sampling.setDisposable(sampler.subscribe { event in
                lock.perform {
                    switch event {
                    case .next, .completed:
                        if let element = latest ?? defaultValue {
                            latest = nil
                            observer.onNext(element)
                        }
                        if atEnd {
                            observer.onCompleted()
                            sampling.dispose()
                        }
                    case .error(let error):
                        observer.onError(error)
                    }
                }
            })
            return Disposables.create(source, sampling)
        }
    }
}
