extension ObservableType {
    /// Shifts every element and the completion by `dueTime`; an error is sent at once.
    public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        Observable.create { observer in
            let scheduled = CompositeDisposable()
            let subscription = self.subscribe { event in
                if case .error = event {
                    observer.on(event)
                    return
                }
                var key: CompositeDisposable.DisposeKey?
                let action = scheduler.scheduleRelative(event, dueTime: dueTime) { event in
                    if let key {
                        scheduled.remove(for: key)
                    }
                    observer.on(event)
                    return Disposables.create()
                }
                key = scheduled.insert(action)
            }
            return Disposables.create(subscription, scheduled)
        }
    }
}
