extension ObservableType {
    /// Subscribes to this sequence, and disposes that subscription, through `scheduler`.
    public func subscribe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        Observable.create { observer in
            let subscription = SerialDisposable()
            let scheduled = SingleAssignmentDisposable()
            subscription.disposable = scheduled
            scheduled.setDisposable(scheduler.schedule(()) { _ in
                subscription.disposable = ScheduledDisposable(scheduler: scheduler, disposable: self.subscribe(observer))
                return Disposables.create()
            })
            return subscription
        }
    }
}
