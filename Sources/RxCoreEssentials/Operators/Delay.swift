import FoundationEssentials

extension ObservableType {
    /// Shifts every element and the completion by `dueTime` on `scheduler`;
    /// an error is sent at once, dropping what is still to be sent. The
    /// source is disposed the moment it completes or fails, as RxSwift's;
    /// disposing the result disposes the source and every pending send.
    ///
    /// As RxSwift's, one scheduled action delivers one event: events that
    /// are due together (an element and the completion sent at once, as a
    /// `Single` sends them) come out on successive actions, so on virtual
    /// time the completion lands a tick after the element.
    public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        Observable.create { observer in
            let delivery = DelayedDelivery(observer: observer.on, dueTime: dueTime, scheduler: scheduler)
            let source = SingleAssignmentDisposable()
            source.setDisposable(self.subscribe { event in
                if event.isStopEvent {
                    source.dispose()
                }
                delivery.on(event)
            })
            return Disposables.create(source, delivery)
        }
    }
}

/// The events `delay` holds until they are due, with the time each came,
/// behind one lock: the source may send on one thread while the scheduler
/// delivers on another.
private final class DelayedDelivery<Element>: Disposable, @unchecked Sendable {
    // Safe because `waiting`, `isScheduled`, `isDelivering`, `failure` and
    // `isFinished` are only touched holding `lock`; one action delivers at a time.
    private let lock = RecursiveLock()
    private let observer: (Event<Element>) -> Void
    private let dueTime: RxTimeInterval
    private let scheduler: SchedulerType
    private let scheduled = LatestScheduledAction()
    private var waiting: [(time: RxTime, event: Event<Element>)] = []
    private var isScheduled = false
    private var isDelivering = false
    private var failure: Event<Element>?
    private var isFinished = false

    init(observer: @escaping (Event<Element>) -> Void, dueTime: RxTimeInterval, scheduler: SchedulerType) {
        self.observer = observer
        self.dueTime = dueTime
        self.scheduler = scheduler
    }

    func on(_ event: Event<Element>) {
        if case .error = event {
            let sendsNow = lock.perform { () -> Bool in
                waiting = []
                failure = event
                return !isDelivering
            }
            if sendsNow {
                end(with: event)
            }
            return
        }
        let starts = lock.perform { () -> Bool in
            waiting.append((scheduler.now, event))
            defer { isScheduled = true }
            return !isScheduled
        }
        if starts {
            schedule(after: dueTime)
        }
    }

    private func schedule(after interval: RxTimeInterval) {
        let number = scheduled.reserve()
        let action = scheduler.scheduleRelative((), dueTime: interval) { [self] _ in
            deliverNext()
            return Disposables.create()
        }
        scheduled.set(action, number: number)
    }

    /// Delivers the first waiting event, then schedules the next for the
    /// time it is due (at the soonest, the scheduler's next action).
    private func deliverNext() {
        let next = lock.perform { () -> Event<Element>? in
            if isFinished { return nil }
            if let failure { return failure }
            isDelivering = true
            return waiting.isEmpty ? nil : waiting.removeFirst().event
        }
        if let next {
            guard case .next = next else { return end(with: next) }
            observer(next)
        }
        let following = lock.perform { () -> Following in
            isDelivering = false
            if let failure { return .failure(failure) }
            guard let first = waiting.first else {
                isScheduled = false
                return .nothing
            }
            return .event(cameAt: first.time)
        }
        switch following {
        case .failure(let failure):
            end(with: failure)
        case .event(let time):
            let elapsed = Int64((scheduler.now.timeIntervalSince(time) * 1_000_000_000).rounded())
            schedule(after: .nanoseconds(Int(clamping: max(dueTime.rxNanoseconds - elapsed, 0))))
        case .nothing:
            break
        }
    }

    /// What follows a delivery: an error that came meanwhile, the next
    /// waiting event (with when it came), or nothing yet.
    private enum Following {
        case failure(Event<Element>)
        case event(cameAt: RxTime)
        case nothing
    }

    /// Sends the ending event, once whichever thread gets here first.
    private func end(with event: Event<Element>) {
        let isFirst = lock.perform { () -> Bool in
            defer { isFinished = true }
            return !isFinished
        }
        guard isFirst else { return }
        observer(event)
        dispose()
    }

    func dispose() {
        lock.perform {
            isFinished = true
            waiting = []
        }
        scheduled.dispose()
    }
}
