extension ObservableType {
    /// The elements gathered into arrays, each sent when it holds `count`
    /// elements or when `timeSpan` has passed since the last one was sent
    /// (then possibly empty); the last one when this sequence completes.
    ///
    /// An error is passed on at once and drops what was gathered.
    public func buffer(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) -> Observable<[Element]> {
        Observable.create { observer in
            var gathered: [Element] = []
            var window = 0
            let timer = SerialDisposable()
            func startWindow() {
                window += 1
                let current = window
                timer.disposable = scheduler.scheduleRelative((), dueTime: timeSpan) { _ in
                    guard current == window else { return Disposables.create() }
                    send()
                    return Disposables.create()
                }
            }
            func send() {
                let full = gathered
                gathered = []
                observer.onNext(full)
                startWindow()
            }
            startWindow()
            let source = self.subscribe { event in
                switch event {
                case .next(let element):
                    gathered.append(element)
                    if gathered.count == count {
                        send()
                    }
                case .error(let error):
                    gathered = []
                    timer.dispose()
                    observer.onError(error)
                case .completed:
                    timer.dispose()
                    observer.onNext(gathered)
                    observer.onCompleted()
                }
            }
            return Disposables.create(timer, source)
        }
    }
}
