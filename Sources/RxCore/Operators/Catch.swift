extension ObservableType {
    /// On an error, continues with the sequence `handler` returns for it; an
    /// error thrown by `handler` ends the sequence with that error.
    public func `catch`(_ handler: @escaping (Swift.Error) throws -> Observable<Element>) -> Observable<Element> {
        Observable.create { observer in
            let subscription = SerialDisposable()
            subscription.disposable = self.subscribe { event in
                guard case .error(let error) = event else {
                    observer.on(event)
                    return
                }
                do {
                    subscription.disposable = try handler(error).subscribe(observer)
                } catch {
                    observer.onError(error)
                }
            }
            return subscription
        }
    }

    /// On an error, sends `element` and completes.
    public func catchAndReturn(_ element: Element) -> Observable<Element> {
        self.catch { _ in .just(element) }
    }
}
