extension ObservableType {
    /// Delivers every event through `scheduler`, in order and one at a time,
    /// whatever thread sends them and however many threads the scheduler has.
    ///
    /// Each event schedules one action; the first to run delivers every
    /// event waiting by then, so events keep their order and never overlap,
    /// and on virtual time each is delivered at the time its own action was
    /// due. Disposing the result stops delivery at once.
    public func observe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        Observable.create { observer in
            let delivery = OrderedDelivery(observer: observer.on)
            let subscription = self.subscribe { event in
                delivery.enqueue(event)
                _ = scheduler.schedule(()) { _ in
                    delivery.drain()
                    return Disposables.create()
                }
            }
            return Disposables.create(subscription, Disposables.create { delivery.stop() })
        }
    }
}

/// The events `observe(on:)` holds between the sending thread and the
/// scheduler's, behind one lock.
private final class OrderedDelivery<Element>: @unchecked Sendable {
    // Safe because `waiting`, `delivering` and `stopped` are only touched
    // holding `lock`; the observer is called by one drain at a time.
    private let lock = RecursiveLock()
    private let observer: (Event<Element>) -> Void
    private var waiting: [Event<Element>] = []
    private var delivering = false
    private var stopped = false

    init(observer: @escaping (Event<Element>) -> Void) {
        self.observer = observer
    }

    func enqueue(_ event: Event<Element>) {
        lock.perform { waiting.append(event) }
    }

    /// Delivers what waits, unless another drain is at it (it will deliver these too).
    func drain() {
        let mayDeliver = lock.perform { () -> Bool in
            guard !delivering, !stopped else { return false }
            delivering = true
            return true
        }
        guard mayDeliver else { return }
        while true {
            let next = lock.perform { () -> Event<Element>? in
                guard !stopped, !waiting.isEmpty else {
                    delivering = false
                    return nil
                }
                let event = waiting.removeFirst()
                if event.isStopEvent {
                    stopped = true
                    waiting = []
                }
                return event
            }
            guard let next else { return }
            observer(next)
        }
    }

    func stop() {
        lock.perform {
            stopped = true
            waiting = []
        }
    }
}
