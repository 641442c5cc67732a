extension ObservableType {
    /// The sequence, of this one and `right`, that sends an event first; the
    /// other is disposed at that moment.
    public func amb<Other: ObservableConvertibleType>(_ right: Other) -> Observable<Element> where Other.Element == Element {
        Observable.amb([asObservable(), right.asObservable()])
    }

    /// The sequence of `sequences` that sends an event first; the others are
    /// disposed at that moment.
    public static func amb<Sources: Sequence>(_ sequences: Sources) -> Observable<Element> where Sources.Element == Observable<Element> {
        Observable.create { observer in
            let lock = RecursiveLock()
            let sources = Array(sequences)
            let subscriptions = sources.map { _ in SingleAssignmentDisposable() }
            var winner: Int?
            for (index, source) in sources.enumerated() {
                guard lock.perform({ winner == nil || winner == index }) else { break }
                subscriptions[index].setDisposable(source.subscribe { event in
                    lock.perform {
                        if winner == nil {
                            winner = index
                            for (other, subscription) in subscriptions.enumerated() where other != index {
                                subscription.dispose()
                            }
                        }
                        if winner == index {
                            observer.on(event)
                        }
                    }
                })
            }
            return Disposables.create(subscriptions)
        }
    }
}
