extension ObservableType {
    /// Runs side effects for each event, the subscription and its disposal,
    /// and passes the events on unchanged. `onNext`, `onError` and
    /// `onCompleted` run before the event is passed on; an error they throw
    /// ends the sequence with it.
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Observable<Element> {
        Observable.create { observer in
            onSubscribe?()
            let subscription = self.subscribe { event in
                do {
                    switch event {
                    case .next(let element):
                        try onNext?(element)
                        observer.on(event)
                        try afterNext?(element)
                    case .error(let error):
                        try onError?(error)
                        observer.on(event)
                        try afterError?(error)
                    case .completed:
                        try onCompleted?()
                        observer.on(event)
                        try afterCompleted?()
                    }
                } catch {
                    observer.onError(error)
                }
            }
            onSubscribed?()
            return Disposables.create {
                subscription.dispose()
                onDispose?()
            }
        }
    }
}
