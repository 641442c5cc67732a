extension ObservableType {
    /// Subscribes to this sequence, and disposes that subscription, through `scheduler`.
    public func subscribe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        Observable.create { observer in
            subscribeThrough(scheduler, self, observer)
        }
    }
}

/// Subscribes `observer` to `source` in an action of `scheduler`, and
/// disposes that subscription through `scheduler` too.
func subscribeThrough<Source: ObservableType, Observer: ObserverType>(_ scheduler: ImmediateSchedulerType, _ source: Source, _ observer: Observer) -> Disposable
    where Observer.Element == Source.Element {
    let subscription = SerialDisposable()
    let scheduled = SingleAssignmentDisposable()
    subscription.disposable = scheduled
    scheduled.setDisposable(scheduler.schedule(()) { _ in
        subscription.disposable = ScheduledDisposable(scheduler: scheduler, disposable: source.subscribe(observer))
        return Disposables.create()
    })
    return subscription
}
