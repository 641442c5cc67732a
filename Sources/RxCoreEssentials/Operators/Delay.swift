extension ObservableType {
    /// Shifts every element and the completion by `dueTime` on `scheduler`;
    /// an error is sent at once, dropping what is still to be sent. The
    /// source is disposed the moment it completes or fails, as RxSwift's;
    /// disposing the result disposes the source and every pending send.
    public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        Observable.create { observer in
            let scheduled = CompositeDisposable()
            let source = SingleAssignmentDisposable()
            source.setDisposable(self.subscribe { event in
                if case .error = event {
                    observer.on(event)
                    return
                }
                if case .completed = event {
                    source.dispose()
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
            })
            return Disposables.create(source, scheduled)
        }
    }
}
