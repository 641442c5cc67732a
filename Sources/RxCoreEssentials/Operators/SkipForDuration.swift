extension ObservableType {
    /// Drops the elements sent within `duration` of subscribing, then passes
    /// on every one; the ending event passes at any time.
    public func skip(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        Observable.create { observer in
            var open = false
            let timer = scheduler.scheduleRelative((), dueTime: duration) { _ in
                open = true
                return Disposables.create()
            }
            let source = self.subscribe { event in
                if case .next = event, !open {
                    return
                }
                observer.on(event)
            }
            return Disposables.create(timer, source)
        }
    }

    /// The same as `skip(for:scheduler:)`, under RxSwift 5's name.
    public func skip(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        skip(for: duration, scheduler: scheduler)
    }
}
