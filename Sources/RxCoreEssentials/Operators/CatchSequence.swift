extension ObservableType {
    /// The first of `sequence`'s observables, and on its error the next, and
    /// so on; the last one's error ends the result. A completion ends it too.
    /// Each failed sequence is disposed before the next is subscribed; moving
    /// on is a loop, so any number of synchronous failures is fine.
    public static func `catch`<Sources: Sequence>(sequence: Sources) -> Observable<Element> where Sources.Element == Observable<Element> {
        Observable.create { observer in
            var remaining = sequence.makeIterator()
            var lastError: Swift.Error?
            let current = SerialDisposable()
            let loop = ReentrantLoop()
            func subscribeNext() {
                guard let next = remaining.next() else {
                    if let lastError {
                        observer.onError(lastError)
                    } else {
                        observer.onCompleted()
                    }
                    return
                }
                let subscription = SingleAssignmentDisposable()
                current.disposable = subscription
                subscription.setDisposable(next.subscribe { event in
                    switch event {
                    case .next, .completed:
                        observer.on(event)
                    case .error(let error):
                        subscription.dispose()
                        lastError = error
                        loop.run(subscribeNext)
                    }
                })
            }
            loop.run(subscribeNext)
            return current
        }
    }
}
