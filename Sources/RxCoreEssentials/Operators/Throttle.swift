extension ObservableType {
    /// Sends the first element, then at most one element per `dueTime`,
    /// measured on `scheduler`'s clock from the last element sent, as RxSwift
    /// does: an element arriving `dueTime` or more after it is sent at once.
    /// Inside the window, with `latest` true the last element received is sent
    /// when the window closes; with false it is dropped. A completion that
    /// finds a pending latest element waits until it is sent; the source is
    /// disposed the moment it completes, as RxSwift's. Disposing the result
    /// disposes the source and any pending send.
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true, scheduler: SchedulerType) -> Observable<Element> {
        Observable.create { observer in
            let pendingSend = SerialDisposable()
            var lastSent: RxTime?
            var pending: Element?
            var completed = false
            let window = dueTime.rxSeconds
            func send(_ element: Element) {
                pending = nil
                lastSent = scheduler.now
                observer.onNext(element)
            }
            let subscription = SingleAssignmentDisposable()
            subscription.setDisposable(self.subscribe { event in
                switch event {
                case .next(let element):
                    let elapsed = lastSent.map { scheduler.now.timeIntervalSince($0) } ?? window
                    if elapsed >= window {
                        pendingSend.disposable = Disposables.create()
                        send(element)
                        return
                    }
                    guard latest else { return }
                    let alreadyScheduled = pending != nil
                    pending = element
                    guard !alreadyScheduled else { return }
                    let remaining = RxTimeInterval.nanoseconds(Int((window - elapsed) * 1_000_000_000))
                    pendingSend.disposable = scheduler.scheduleRelative((), dueTime: remaining) { _ in
                        if let element = pending {
                            send(element)
                        }
                        if completed {
                            observer.onCompleted()
                        }
                        return Disposables.create()
                    }
                case .error(let error):
                    observer.onError(error)
                case .completed:
                    subscription.dispose()
                    if pending == nil {
                        observer.onCompleted()
                    } else {
                        completed = true
                    }
                }
            })
            return Disposables.create(subscription, pendingSend)
        }
    }
}
