extension ObservableType {
    /// Accumulates every element from `seed` and, when the sequence completes,
    /// sends `mapResult` of the final value, then completes.
    public func reduce<A, Result>(_ seed: A, accumulator: @escaping (A, Element) throws -> A, mapResult: @escaping (A) throws -> Result) -> Observable<Result> {
        Observable.deferred {
            var state = seed
            return Observable<Result>.create { observer in
                self.subscribe { event in
                    switch event {
                    case .next(let element):
                        do {
                            state = try accumulator(state, element)
                        } catch {
                            observer.onError(error)
                        }
                    case .error(let error):
                        observer.onError(error)
                    case .completed:
                        do {
                            observer.onNext(try mapResult(state))
                            observer.onCompleted()
                        } catch {
                            observer.onError(error)
                        }
                    }
                }
            }
        }
    }

    /// Accumulates every element from `seed` and sends the final value on completion.
    public func reduce<A>(_ seed: A, accumulator: @escaping (A, Element) throws -> A) -> Observable<A> {
        reduce(seed, accumulator: accumulator, mapResult: { $0 })
    }
}
