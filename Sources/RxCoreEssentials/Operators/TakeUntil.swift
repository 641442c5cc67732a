extension ObservableType {
    /// Passes on elements until `other` sends an element, then completes and
    /// disposes both; an error from `other` ends the sequence with it, and its
    /// completion changes nothing but disposes it at once, as in RxSwift.
    public func take<Source: ObservableType>(until other: Source) -> Observable<Element> {
        Observable.create { observer in
            let lock = RecursiveLock()
            let trigger = SingleAssignmentDisposable()
            trigger.setDisposable(other.subscribe { event in
                lock.perform {
                    switch event {
                    case .next:
                        observer.onCompleted()
                    case .error(let error):
                        observer.onError(error)
                    case .completed:
                        trigger.dispose()
                    }
                }
            })
            let source = self.subscribe { event in
                lock.perform { observer.on(event) }
            }
            return Disposables.create(trigger, source)
        }
    }

    /// Passes on elements until `predicate` holds for one, then completes;
    /// with `.inclusive` that element is sent first.
    public func take(until predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive) -> Observable<Element> {
        take(while: { try !predicate($0) }, behavior: behavior)
    }
}
