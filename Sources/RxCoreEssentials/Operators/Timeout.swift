extension ObservableType {
    /// This sequence, failing with `RxError.timeout` when `dueTime` passes
    /// (from subscribing, then from each element) without an element.
    public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        timeout(dueTime, other: Observable.error(RxError.timeout), scheduler: scheduler)
    }

    /// This sequence, switching to `other` when `dueTime` passes (from
    /// subscribing, then from each element) without an element; this
    /// sequence is disposed at that moment.
    public func timeout<Other: ObservableConvertibleType>(_ dueTime: RxTimeInterval, other: Other, scheduler: SchedulerType) -> Observable<Element> where Other.Element == Element {
        Observable.create { observer in
            let timer = SerialDisposable()
            let subscription = SerialDisposable()
            var generation = 0
            var switched = false
            func arm() {
                generation += 1
                let armed = generation
                timer.disposable = scheduler.scheduleRelative((), dueTime: dueTime) { _ in
                    guard armed == generation, !switched else { return Disposables.create() }
                    switched = true
                    subscription.disposable = other.asObservable().subscribe(observer)
                    return Disposables.create()
                }
            }
            let source = SingleAssignmentDisposable()
            subscription.disposable = source
            arm()
            source.setDisposable(self.subscribe { event in
                guard !switched else { return }
                switch event {
                case .next:
                    observer.on(event)
                    arm()
                case .error, .completed:
                    timer.dispose()
                    observer.on(event)
                }
            })
            return Disposables.create(timer, subscription)
        }
    }
}
