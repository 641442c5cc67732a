extension ObservableType {
    /// Subscribes to this sequence, and disposes that subscription, through `scheduler`.
    public func subscribe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        Observable.create { observer in
            let subscription = SerialDisposable()
            let scheduled = SingleAssignmentDisposable()
            subscription.disposable = scheduled
            scheduled.setDisposable(scheduler.schedule(()) { _ in
                subscription.disposable = ScheduledDisposal(scheduler: scheduler, disposable: self.subscribe(observer))
                return Disposables.create()
            })
            return subscription
        }
    }
}

/// Disposes a subscription through a scheduler.
private final class ScheduledDisposal: Disposable {
    private let scheduler: ImmediateSchedulerType
    private var disposable: Disposable?

    init(scheduler: ImmediateSchedulerType, disposable: Disposable) {
        self.scheduler = scheduler
        self.disposable = disposable
    }

    func dispose() {
        guard let disposable else { return }
        self.disposable = nil
        _ = scheduler.schedule(disposable) { disposable in
            disposable.dispose()
            return Disposables.create()
        }
    }
}
