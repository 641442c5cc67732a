/// The base of every operator's observable: `subscribe` builds a sink that
/// runs the operator and a `SinkDisposer` that the subscriber disposes. The
/// outermost subscription on a thread starts on `CurrentThreadScheduler`.
class Producer<Element>: Observable<Element> {
    override final func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        guard CurrentThreadScheduler.isScheduleRequired else {
            return subscribeNow(observer)
        }
        return CurrentThreadScheduler.instance.schedule(()) { _ in
            self.subscribeNow(observer)
        }
    }

    private func subscribeNow<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let disposer = SinkDisposer()
        let sinkAndSubscription = run(observer, cancel: disposer)
        disposer.setSinkAndSubscription(sink: sinkAndSubscription.sink, subscription: sinkAndSubscription.subscription)
        return disposer
    }

    /// Starts the operator for one observer; `cancel` is disposed when the sink ends.
    func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        (Disposables.create(), Disposables.create())
    }
}
