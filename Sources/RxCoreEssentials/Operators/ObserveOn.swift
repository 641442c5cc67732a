extension ObservableType {
    /// Delivers every event through `scheduler`, in order and one at a time,
    /// whatever thread sends them and however many threads the scheduler has.
    ///
    /// As RxSwift's, one scheduled action delivers one event, and the next
    /// action is scheduled once it is delivered: events sent together (an
    /// element and the completion, as a `Single` sends them) come out on
    /// successive actions, so on virtual time a tick apart. A scheduler that
    /// runs actions at once delivers in a loop, not a recursion. Disposing
    /// the result stops delivery at once.
    public func observe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        Observable.create { observer in
            let delivery = OrderedDelivery(observer: observer.on, scheduler: scheduler)
            let subscription = self.subscribe { event in
                delivery.enqueue(event)
            }
            return Disposables.create(subscription, delivery)
        }
    }
}

/// The events `observe(on:)` holds between the sending thread and the
/// scheduler's, behind one lock.
private final class OrderedDelivery<Element>: Disposable, @unchecked Sendable {
    // Safe because `waiting`, `isPumping` and `stopped` are only touched
    // holding `lock`; one action delivers at a time.
    private let lock = RecursiveLock()
    private let observer: (Event<Element>) -> Void
    private let scheduler: ImmediateSchedulerType
    private let scheduled = LatestScheduledAction()
    private var waiting: [Event<Element>] = []
    private var isPumping = false
    private var stopped = false

    init(observer: @escaping (Event<Element>) -> Void, scheduler: ImmediateSchedulerType) {
        self.observer = observer
        self.scheduler = scheduler
    }

    func enqueue(_ event: Event<Element>) {
        let starts = lock.perform { () -> Bool in
            guard !stopped else { return false }
            waiting.append(event)
            defer { isPumping = true }
            return !isPumping
        }
        if starts {
            pump()
        }
    }

    /// Schedules one action per waiting event, each after the one before
    /// delivered its event; when an action runs inside `schedule`, the loop
    /// here schedules the next instead of the action itself.
    private func pump() {
        var schedulesAgain = true
        while schedulesAgain {
            let call = ScheduleCall()
            let number = scheduled.reserve()
            let action = scheduler.schedule(()) { [self] _ in
                if deliverOne(), call.hasReturnedElseAskAgain() {
                    pump()
                }
                return Disposables.create()
            }
            scheduled.set(action, number: number)
            schedulesAgain = call.returnAndTakeRequest()
        }
    }

    /// Delivers the first waiting event; true when more wait.
    private func deliverOne() -> Bool {
        let next = lock.perform { () -> Event<Element>? in
            guard !stopped, !waiting.isEmpty else {
                isPumping = false
                return nil
            }
            let event = waiting.removeFirst()
            if event.isStopEvent {
                stopped = true
                waiting = []
            }
            return event
        }
        guard let next else { return false }
        observer(next)
        return lock.perform { () -> Bool in
            guard !stopped, !waiting.isEmpty else {
                isPumping = false
                return false
            }
            return true
        }
    }

    func dispose() {
        lock.perform {
            stopped = true
            waiting = []
        }
        scheduled.dispose()
    }
}

/// One `schedule` call of the pump: whether it has returned, and whether
/// its action, run before it returned, asked for another.
private final class ScheduleCall: @unchecked Sendable {
    // Safe because both flags are only touched holding `lock`.
    private let lock = RecursiveLock()
    private var hasReturned = false
    private var isAskedAgain = false

    /// From the action: true when the call has returned (the action
    /// schedules the next itself); else the call's loop is asked to.
    func hasReturnedElseAskAgain() -> Bool {
        lock.perform {
            if !hasReturned { isAskedAgain = true }
            return hasReturned
        }
    }

    /// From the pump once `schedule` returned: whether to schedule again.
    func returnAndTakeRequest() -> Bool {
        lock.perform {
            hasReturned = true
            return isAskedAgain
        }
    }
}
