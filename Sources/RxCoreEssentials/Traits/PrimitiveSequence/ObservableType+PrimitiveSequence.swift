extension ObservableType {
    /// This sequence as a `Single`: its one element once it completes.
    /// Fails with `RxError.noElements` when it completes empty and with
    /// `RxError.moreThanOneElement` (disposing it) at a second element.
    public func asSingle() -> Single<Element> {
        Single(raw: one(allowingNone: false))
    }

    /// This sequence's first element, or nil when it completes empty; it is
    /// disposed once the first element came.
    public func first() -> Single<Element?> {
        Single(raw: Observable.create { observer in
            let subscription = SingleAssignmentDisposable()
            subscription.setDisposable(self.subscribe { event in
                switch event {
                case .next(let element):
                    observer.onNext(element)
                    observer.onCompleted()
                    subscription.dispose()
                case .error(let error):
                    observer.onError(error)
                case .completed:
                    observer.onNext(nil)
                    observer.onCompleted()
                }
            })
            return subscription
        })
    }

    /// This sequence as a `Maybe`: its element, if any, once it completes;
    /// `RxError.moreThanOneElement` at a second element.
    public func asMaybe() -> Maybe<Element> {
        Maybe(raw: one(allowingNone: true))
    }

    private func one(allowingNone: Bool) -> Observable<Element> {
        Observable.create { observer in
            var kept: Element?
            let subscription = SingleAssignmentDisposable()
            subscription.setDisposable(self.subscribe { event in
                switch event {
                case .next(let element):
                    guard kept == nil else {
                        observer.onError(RxError.moreThanOneElement)
                        subscription.dispose()
                        return
                    }
                    kept = element
                case .error(let error):
                    observer.onError(error)
                case .completed:
                    if let kept {
                        observer.onNext(kept)
                        observer.onCompleted()
                    } else if allowingNone {
                        observer.onCompleted()
                    } else {
                        observer.onError(RxError.noElements)
                    }
                }
            })
            return subscription
        }
    }
}
