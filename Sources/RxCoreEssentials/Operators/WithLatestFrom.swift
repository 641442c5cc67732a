extension ObservableType {
    /// For each element of this sequence, once `second` has sent a value,
    /// sends `resultSelector(element, latestOfSecond)`; elements before that
    /// are dropped. Completes with this sequence; an error of either ends it.
    /// `second` is disposed the moment it completes (its latest value stays).
    public func withLatestFrom<Source: ObservableConvertibleType, Result>(_ second: Source, resultSelector: @escaping (Element, Source.Element) throws -> Result) -> Observable<Result> {
        Observable.create { observer in
            let lock = RecursiveLock()
            var latest: Source.Element?
            let secondSubscription = SingleAssignmentDisposable()
            secondSubscription.setDisposable(second.asObservable().subscribe { event in
                lock.perform {
                    switch event {
                    case .next(let value):
                        latest = value
                    case .error(let error):
                        observer.onError(error)
                    case .completed:
                        secondSubscription.dispose()
                    }
                }
            })
            let firstSubscription = self.subscribe { event in
                lock.perform {
                    switch event {
                    case .next(let element):
                        guard let latest else { return }
                        do {
                            observer.onNext(try resultSelector(element, latest))
                        } catch {
                            observer.onError(error)
                        }
                    case .error(let error):
                        observer.onError(error)
                    case .completed:
                        observer.onCompleted()
                    }
                }
            }
            return Disposables.create(secondSubscription, firstSubscription)
        }
    }

    /// For each element of this sequence, once `second` has sent a value, sends its latest value.
    public func withLatestFrom<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Source.Element> {
        withLatestFrom(second) { $1 }
    }
}
