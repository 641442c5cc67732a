extension ObservableType {
    /// Subscribes to this sequence `dueTime` after the result is subscribed
    /// (disposing the result before then means it is never subscribed).
    public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        Observable.create { observer in
            let subscription = SerialDisposable()
            subscription.disposable = scheduler.scheduleRelative((), dueTime: dueTime) { _ in
                subscription.disposable = self.subscribe(observer)
                return Disposables.create()
            }
            return subscription
        }
    }
}
