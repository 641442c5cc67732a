extension ObservableType {
    /// The first of `sequence`'s observables, and on its error the next, and
    /// so on; the last one's error ends the result. A completion ends it too.
    /// Each failed sequence is disposed before the next is subscribed.
    public static func `catch`<Sources: Sequence>(sequence: Sources) -> Observable<Element> where Sources.Element == Observable<Element> {
        Observable.create { observer in
            var remaining = sequence.makeIterator()
            let current = SerialDisposable()
            func subscribeNext(after error: Swift.Error?) {
                guard let next = remaining.next() else {
                    if let error {
                        observer.onError(error)
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
                        subscribeNext(after: error)
                    }
                })
            }
            subscribeNext(after: nil)
            return current
        }
    }
}
