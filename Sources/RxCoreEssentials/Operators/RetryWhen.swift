extension ObservableType {
    /// `retry(when:)` over every error, whatever its type, as RxSwift's
    /// overload for a handler of `Observable<Error>`.
    public func retry<Trigger: ObservableType>(when notificationHandler: @escaping (Observable<Swift.Error>) -> Trigger) -> Observable<Element> {
        retrying(when: notificationHandler)
    }

    /// On an error of type `Failure`, lets `notificationHandler` decide: its
    /// sequence, given the errors, resubscribes this one at each element,
    /// completes the result when it completes, and fails it when it fails —
    /// heard from the first error on, so a handler that ends before any
    /// error leaves the result to end with this sequence, as RxSwift's.
    /// An error of another type ends the result at once. Resubscribing is a
    /// loop, so any number of synchronous failures is fine.
    public func retry<Trigger: ObservableType, Failure: Swift.Error>(when notificationHandler: @escaping (Observable<Failure>) -> Trigger) -> Observable<Element> {
        retrying(when: notificationHandler)
    }

    private func retrying<Trigger: ObservableType, Failure: Swift.Error>(when notificationHandler: @escaping (Observable<Failure>) -> Trigger) -> Observable<Element> {
        Observable.create { observer in
            let errors = PublishSubject<Failure>()
            // The handler's sequence runs from the start, but the result only
            // listens to it from an error on (RxSwift's rule): an end of the
            // handler before any error is heard only once an error comes.
            let notifier = PublishSubject<Trigger.Element>()
            let listening = SerialDisposable()
            let source = SerialDisposable()
            var subscribeSource: () -> Void = {}
            let loop = ReentrantLoop()
            let trigger = notificationHandler(errors.asObservable()).subscribe(notifier)
            let listen = {
                listening.disposable = notifier.subscribe { event in
                    switch event {
                    case .next:
                        loop.run(subscribeSource)
                    case .error(let error):
                        observer.onError(error)
                    case .completed:
                        observer.onCompleted()
                    }
                }
            }
            subscribeSource = {
                let subscription = SingleAssignmentDisposable()
                source.disposable = subscription
                subscription.setDisposable(self.subscribe { event in
                    switch event {
                    case .next, .completed:
                        observer.on(event)
                    case .error(let error):
                        subscription.dispose()
                        if let failure = error as? Failure {
                            listen()
                            errors.onNext(failure)
                        } else {
                            observer.onError(error)
                        }
                    }
                })
            }
            loop.run(subscribeSource)
            return Disposables.create(source, listening, trigger, Disposables.create { subscribeSource = {} })
        }
    }
}
