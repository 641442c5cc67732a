extension ObservableType {
    /// The elements split into windows, each an observable sent when it
    /// opens: the first at subscription, the next when a window holds
    /// `count` elements or `timeSpan` has passed since it opened.
    ///
    /// Completion and errors end the open window and the result.
    public func window(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) -> Observable<Observable<Element>> {
        Observable.create { observer in
            var current = PublishSubject<Element>()
            var filled = 0
            var generation = 0
            let timer = SerialDisposable()
            func open() {
                current = PublishSubject<Element>()
                filled = 0
                observer.onNext(current.asObservable())
                generation += 1
                let opened = generation
                timer.disposable = scheduler.scheduleRelative((), dueTime: timeSpan) { _ in
                    guard opened == generation else { return Disposables.create() }
                    current.onCompleted()
                    open()
                    return Disposables.create()
                }
            }
            open()
            let source = self.subscribe { event in
                switch event {
                case .next(let element):
                    current.onNext(element)
                    filled += 1
                    if filled == count {
                        current.onCompleted()
                        open()
                    }
                case .error, .completed:
                    timer.dispose()
                    current.on(event)
                    if case .error(let error) = event {
                        observer.onError(error)
                    } else {
                        observer.onCompleted()
                    }
                }
            }
            return Disposables.create(timer, source)
        }
    }
}
