extension ObservableType {
    /// Sends the first element, then at most one element per `dueTime`: with
    /// `latest` true, the last element received during the window is sent when
    /// it closes; with false, elements during the window are dropped.
    /// A completion that finds a pending latest element waits until it is sent.
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true, scheduler: SchedulerType) -> Observable<Element> {
        Observable.create { observer in
            let timer = SerialDisposable()
            var pending: Element?
            var windowOpen = false
            var completed = false
            func openWindow() {
                windowOpen = true
                timer.disposable = scheduler.scheduleRelative((), dueTime: dueTime) { _ in
                    windowOpen = false
                    guard let element = pending else { return Disposables.create() }
                    pending = nil
                    observer.onNext(element)
                    if completed {
                        observer.onCompleted()
                    } else {
                        openWindow()
                    }
                    return Disposables.create()
                }
            }
            let subscription = self.subscribe { event in
                switch event {
                case .next(let element):
                    if windowOpen {
                        if latest {
                            pending = element
                        }
                    } else {
                        observer.onNext(element)
                        openWindow()
                    }
                case .error(let error):
                    observer.onError(error)
                case .completed:
                    if pending == nil {
                        observer.onCompleted()
                    } else {
                        completed = true
                    }
                }
            }
            return Disposables.create(subscription, timer)
        }
    }
}
