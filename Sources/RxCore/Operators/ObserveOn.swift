extension ObservableType {
    /// Delivers every event through `scheduler`, in order.
    public func observe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        Observable.create { observer in
            let scheduled = CompositeDisposable()
            let subscription = self.subscribe { event in
                var key: CompositeDisposable.DisposeKey?
                var ran = false
                let action = scheduler.schedule(event) { event in
                    ran = true
                    if let key {
                        scheduled.remove(for: key)
                    }
                    observer.on(event)
                    return Disposables.create()
                }
                if !ran {
                    key = scheduled.insert(action)
                }
            }
            return Disposables.create(subscription, scheduled)
        }
    }
}
