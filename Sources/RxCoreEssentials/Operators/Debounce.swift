extension ObservableType {
    /// Sends an element only after `dueTime` has passed without another one;
    /// on completion the pending element is sent first.
    public func debounce(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        Observable.create { observer in
            let timer = SerialDisposable()
            var pending: (id: UInt64, element: Element)?
            var nextID: UInt64 = 0
            let subscription = self.subscribe { event in
                switch event {
                case .next(let element):
                    nextID += 1
                    let id = nextID
                    pending = (id, element)
                    timer.disposable = scheduler.scheduleRelative(id, dueTime: dueTime) { id in
                        if let current = pending, current.id == id {
                            pending = nil
                            observer.onNext(current.element)
                        }
                        return Disposables.create()
                    }
                case .error(let error):
                    pending = nil
                    observer.onError(error)
                case .completed:
                    if let current = pending {
                        pending = nil
                        observer.onNext(current.element)
                    }
                    observer.onCompleted()
                }
            }
            return Disposables.create(subscription, timer)
        }
    }
}
