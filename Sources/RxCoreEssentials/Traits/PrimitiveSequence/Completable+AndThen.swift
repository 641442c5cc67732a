extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
    /// This, then `second` once this completes.
    public func andThen<Next>(_ second: Single<Next>) -> Single<Next> {
        Single(raw: primitiveSequence.source.completing(into: second.source))
    }

    /// This, then `second` once this completes.
    public func andThen<Next>(_ second: Maybe<Next>) -> Maybe<Next> {
        Maybe(raw: primitiveSequence.source.completing(into: second.source))
    }

    /// This, then `second` once this completes.
    public func andThen(_ second: Completable) -> Completable {
        Completable(raw: primitiveSequence.source.completing(into: second.source))
    }

    /// This, then `second` once this completes.
    public func andThen<Next>(_ second: Observable<Next>) -> Observable<Next> {
        primitiveSequence.source.completing(into: second)
    }
}

extension Observable where Element == Never {
    /// This sequence's error, or `second` once it completes: the first's
    /// subscription is disposed the moment the second's is made, as in
    /// RxSwift's `andThen`.
    fileprivate func completing<Next>(into second: Observable<Next>) -> Observable<Next> {
        Observable<Next>.create { observer in
            let current = SerialDisposable()
            let first = SingleAssignmentDisposable()
            current.disposable = first
            first.setDisposable(self.subscribe { event in
                switch event {
                case .next:
                    break
                case .error(let error):
                    observer.onError(error)
                    current.dispose()
                case .completed:
                    current.disposable = second.subscribe { event in
                        observer.on(event)
                        if event.isStopEvent { current.dispose() }
                    }
                }
            })
            return current
        }
    }
}
