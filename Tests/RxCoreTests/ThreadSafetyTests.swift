import Dispatch
import Foundation
import RxCore
import RxTest
import Synchronization
import XCTest

/// What RxSwift makes safe to touch from two threads — subjects, `share`
/// and `DisposeBag` — does not crash or lose events here either (failure
/// cause 7 of the fidelity issue). The one-thread design stays: widgets and
/// their proxies live on the main loop.
final class ThreadSafetyTests: RxTestCase {
    /// Shares non-Sendable objects with `concurrentPerform` workers.
    private final class Shared<Value>: @unchecked Sendable {
        // Safe because the objects under test are the ones whose thread
        // safety the test checks; the box itself is never mutated.
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    /// Counts from many threads.
    private final class Counter: @unchecked Sendable {
        // Safe because every access takes the lock.
        private let lock = NSLockLike()
        private var count = 0
        func add() { lock.locked { count += 1 } }
        var value: Int { lock.locked { count } }
    }

    func testConcurrentFirstSubscriptionsToShareConnectOnce() {
        for _ in 0..<50 {
            let subscriptions = Counter()
            let shared = Shared(Observable<Int>.create { observer in
                subscriptions.add()
                observer.onNext(1)
                return Disposables.create()
            }.share(replay: 1))
            let received = Counter()
            let disposables = Shared(DisposablesBox())
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                let subscription = shared.value.subscribe(onNext: { _ in received.add() })
                disposables.value.add(subscription)
            }
            XCTAssertEqual(subscriptions.value, 1, "one connection for eight concurrent first subscribers")
            XCTAssertEqual(received.value, 8, "each got the element (live or replayed)")
            disposables.value.disposeAll()
        }
    }

    /// What RxSwift's test2718 checks, without its wait for 32 blocked
    /// threads: `share()` without a replay connects once too.
    func testConcurrentFirstSubscriptionsToShareWithoutReplayConnectOnce() {
        for _ in 0..<50 {
            let subscriptions = Counter()
            let shared = Shared(Observable<Never>.never().do(onSubscribe: { subscriptions.add() }).share(replay: 0, scope: .whileConnected))
            let disposables = Shared(DisposablesBox())
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                disposables.value.add(shared.value.subscribe())
            }
            XCTAssertEqual(subscriptions.value, 1, "one connection for eight concurrent first subscribers")
            disposables.value.disposeAll()
        }
    }

    func testSubjectsTakeEventsAndSubscribersFromManyThreads() {
        let publish = Shared(PublishSubject<Int>())
        let behavior = Shared(BehaviorSubject(value: 0))
        let replay = Shared(ReplaySubject<Int>.create(bufferSize: 4))
        let received = Counter()
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            let subscriptions = [
                publish.value.subscribe(onNext: { _ in received.add() }),
                behavior.value.subscribe(onNext: { _ in received.add() }),
                replay.value.subscribe(onNext: { _ in received.add() }),
            ]
            for value in 0..<100 {
                publish.value.onNext(index * 100 + value)
                behavior.value.onNext(value)
                replay.value.onNext(value)
            }
            subscriptions.forEach { $0.dispose() }
        }
        XCTAssertGreaterThan(received.value, 16 * 100, "events got through while others subscribed and left")
        XCTAssertFalse(publish.value.hasObservers)
        XCTAssertFalse(behavior.value.hasObservers)
    }

    /// RxSwift's test2713: a replay runs outside the subject's lock, so an
    /// observer that needs a lock another thread holds while it subscribes
    /// to the same subject does not deadlock.
    func testAReplaySubjectReplaysOutsideItsLock() {
        for _ in 0..<3 {
            let subject = Shared(ReplaySubject<Int>.create(bufferSize: 1))
            subject.value.onNext(1)
            let race = ForeignLockRace()
            XCTAssertTrue(race.run(holderCallsIn: { subject.value.subscribe().dispose() }, start: {
                subject.value.subscribe(onNext: { _ in race.callbackNeedsLock() }).dispose()
            }), "the replay held the subject's lock while the other thread, holding the foreign lock, waited for it")
        }
    }

    /// RxSwift's test2698: `share` disposes its source outside its lock, so
    /// a source whose teardown needs a lock another thread holds while it
    /// subscribes to the same shared sequence does not deadlock.
    func testShareDisconnectsOutsideItsLock() {
        for _ in 0..<3 {
            let race = ForeignLockRace()
            let teardowns = Counter()
            let shared = Shared(Observable<Int>.create { _ in
                Disposables.create {
                    teardowns.add()
                    // Only the first teardown is the one under test; the
                    // other thread's own one runs while it holds the lock.
                    if teardowns.value == 1 { race.callbackNeedsLock() }
                }
            }.share(replay: 1, scope: .whileConnected))
            let first = Shared(shared.value.subscribe())
            XCTAssertTrue(race.run(holderCallsIn: { shared.value.subscribe().dispose() }, start: { first.value.dispose() }),
                          "the teardown held share's lock while the other thread, holding the foreign lock, waited for it")
        }
    }

    /// RxSwift's tests 2703 and 2711: `zip` and `merge` dispose a completed
    /// source outside their lock, so its teardown may take a lock that
    /// another thread holds while it sends into the same operator.
    func testZipAndMergeDisposeACompletedSourceOutsideTheirLock() {
        let operators: [(String, ([Observable<Int>]) -> Observable<Int>)] = [
            ("zip", { Observable.zip($0).map { $0.reduce(0, +) } }),
            ("merge", { Observable.merge($0) }),
        ]
        for (name, combine) in operators {
            for _ in 0..<3 {
                let race = ForeignLockRace()
                let first = Shared(PublishSubject<Int>())
                let second = Shared(PublishSubject<Int>())
                let firstWithLockedTeardown = Observable<Int>.create { observer in
                    let subscription = first.value.subscribe(observer)
                    return Disposables.create {
                        race.callbackNeedsLock()
                        subscription.dispose()
                    }
                }
                let subscription = combine([firstWithLockedTeardown, second.value.asObservable()]).subscribe()
                XCTAssertTrue(race.run(holderCallsIn: { second.value.onNext(1) }, start: { first.value.onCompleted() }),
                              "\(name) disposed the completed source holding its lock while the other thread, holding the foreign lock, sent into it")
                subscription.dispose()
            }
        }
    }

    /// An older action's handle arriving after a newer action was scheduled
    /// (the scheduler returned late) must not cancel the newer one:
    /// `observe(on:)` and `delay` went silent for good when it did.
    func testAPumpKeepsItsNewestActionWhenAnOlderHandleArrivesLate() {
        let resourcesBefore = Resources.total
        let operators: [(String, (Observable<Int>, LateReturningScheduler) -> Observable<Int>)] = [
            ("observe(on:)", { $0.observe(on: $1) }),
            ("delay", { $0.delay(.nanoseconds(0), scheduler: $1) }),
        ]
        for (name, operate) in operators {
            let subject = Shared(PublishSubject<Int>())
            let scheduler = LateReturningScheduler()
            let received = Counter()
            let done = DispatchSemaphore(value: 0)
            let subscription = operate(subject.value.asObservable(), scheduler).subscribe(onNext: { value in
                received.add()
                if value == 4 { done.signal() }
            })
            // The second action, run to its end while its schedule call has
            // not returned, empties the queue; 3 then starts a new action.
            scheduler.whileSecondCallHasNotReturned = { subject.value.onNext(3) }
            subject.value.onNext(1)
            subject.value.onNext(2)
            XCTAssertTrue(scheduler.waitUntilSecondCallReturned(), "\(name): the second action was scheduled")
            waitAtMostFiveSeconds { received.value == 3 }
            subject.value.onNext(4)
            XCTAssertEqual(done.wait(timeout: .now() + 5), .success, "\(name) delivered 3 and 4 (got \(received.value) of 4)")
            subscription.dispose()
        }
        // The last action finishes on the scheduler's queue.
        waitAtMostFiveSeconds { Resources.total == resourcesBefore }
    }

    /// RxSwift's test2653: a shared source that emits as it is subscribed,
    /// subscribed from many threads at once, replays without deadlocking.
    func testShareReplaysToConcurrentSubscribersOfASourceThatEmitsAtOnce() {
        let resourcesBefore = Resources.total
        do {
            let emitsAtOnce = Observable<Int>.create { observer in
                observer.onNext(1)
                return Disposables.create()
            }.share(replay: 1, scope: .whileConnected)
            let subscriptions = (0..<200).map { _ in
                Observable.just(0)
                    .observe(on: ConcurrentDispatchQueueScheduler(queue: DispatchQueue.global()))
                    .flatMap { _ in emitsAtOnce }
                    .take(1)
            }
            let done = DispatchSemaphore(value: 0)
            let subscription = Observable.zip(subscriptions).subscribe(onCompleted: { done.signal() })
            XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "200 concurrent subscribers each got the element")
            subscription.dispose()
        }
        // The last deliveries finish on the queue's threads.
        waitAtMostFiveSeconds { Resources.total == resourcesBefore }
    }

    /// As RxSwift's sinks, the operators over several sources take a lock:
    /// sources sending on different threads reach the observer one event
    /// at a time, none lost.
    func testOperatorsOverSeveralSourcesSerializeSourcesOnManyThreads() {
        let operators: [(String, ([Observable<Int>]) -> Observable<Int>)] = [
            ("merge", { Observable.merge($0) }),
            ("flatMap", { sources in Observable.from(sources).flatMap { $0 } }),
            ("merge(maxConcurrent:)", { Observable.from($0).merge(maxConcurrent: 4) }),
            ("zip", { Observable.zip($0).map { $0.reduce(0, +) } }),
            ("combineLatest", { Observable.combineLatest($0).map { $0.reduce(0, +) } }),
        ]
        for (name, combine) in operators {
            let subjects = Shared((0..<4).map { _ in PublishSubject<Int>() })
            let overlaps = Counter()
            let received = Counter()
            var isInside = false
            let subscription = combine(subjects.value.map { $0.asObservable() }).subscribe(onNext: { _ in
                if isInside { overlaps.add() }
                isInside = true
                received.add()
                isInside = false
            })
            DispatchQueue.concurrentPerform(iterations: 4) { index in
                for value in 0..<2_000 {
                    subjects.value[index].onNext(value)
                }
            }
            XCTAssertEqual(overlaps.value, 0, "\(name): no two events overlapped")
            XCTAssertGreaterThanOrEqual(received.value, 2_000, "\(name): events got through")
            if name != "zip", name != "combineLatest" {
                XCTAssertEqual(received.value, 8_000, "\(name): none lost")
            }
            subscription.dispose()
        }
    }

    /// As RxSwift's, serial and single-assignment disposables may be set
    /// and disposed on different threads: every disposable given to one is
    /// disposed exactly once.
    func testSerialAndSingleAssignmentDisposablesDisposeEachOnceAcrossThreads() {
        let disposals = Counter()
        let rounds = 5_000
        let serials = Shared((0..<rounds).map { _ in SerialDisposable() })
        let singles = Shared((0..<rounds).map { _ in SingleAssignmentDisposable() })
        let arrived = Arrivals()
        DispatchQueue.concurrentPerform(iterations: 2) { side in
            for round in 0..<rounds {
                // Both threads start each round together, so they race on one disposable.
                arrived.count.add(1, ordering: .sequentiallyConsistent)
                while arrived.count.load(ordering: .sequentiallyConsistent) < 2 * (round + 1) {}
                if side == 0 {
                    singles.value[round].setDisposable(Disposables.create { disposals.add() })
                    serials.value[round].disposable = Disposables.create { disposals.add() }
                } else {
                    singles.value[round].dispose()
                    serials.value[round].dispose()
                }
            }
        }
        XCTAssertEqual(disposals.value, 2 * rounds, "every disposable given to one, set on one thread while another disposes, is disposed once")
    }

    func testADisposeBagTakesDisposablesFromManyThreads() {
        let disposed = Counter()
        do {
            let bag = Shared(DisposeBag())
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                for _ in 0..<100 {
                    bag.value.insert(Disposables.create { disposed.add() })
                }
            }
            XCTAssertEqual(disposed.value, 0)
        }
        XCTAssertEqual(disposed.value, 800, "every disposable inserted from eight threads is disposed with the bag")
    }
}

/// Polls `condition` until it holds, for work finishing on other threads.
private func waitAtMostFiveSeconds(until condition: () -> Bool) {
    let deadline = DispatchTime.now() + 5
    while !condition(), DispatchTime.now() < deadline {
        usleep(1_000)
    }
}

/// RxSwift's anomaly tests' race: one thread holds a lock foreign to Rx and
/// then calls into Rx; the other starts Rx work whose callback takes that
/// lock. The callback gets it only if Rx holds none of its own locks while
/// calling back; otherwise the two would deadlock (here: time out).
private final class ForeignLockRace: @unchecked Sendable {
    // Safe because semaphores synchronize between threads.
    private let lock = DispatchSemaphore(value: 1)
    private let lockTaken = DispatchSemaphore(value: 0)
    private let callbackStarted = DispatchSemaphore(value: 0)
    private let callbackGotLock = DispatchSemaphore(value: 0)

    /// Called by the callback under test.
    func callbackNeedsLock() {
        callbackStarted.signal()
        if lock.wait(timeout: .now() + 2) == .success {
            lock.signal()
            callbackGotLock.signal()
        }
    }

    /// Runs the race; true when the callback got the lock.
    func run(holderCallsIn: @escaping @Sendable () -> Void, start: @escaping @Sendable () -> Void) -> Bool {
        let finished = DispatchGroup()
        DispatchQueue.global().async(group: finished) {
            self.lock.wait()
            self.lockTaken.signal()
            _ = self.callbackStarted.wait(timeout: .now() + 5)
            holderCallsIn()
            self.lock.signal()
        }
        DispatchQueue.global().async(group: finished) {
            _ = self.lockTaken.wait(timeout: .now() + 5)
            start()
        }
        guard finished.wait(timeout: .now() + 10) == .success else { return false }
        return callbackGotLock.wait(timeout: .now()) == .success
    }
}

/// A scheduler that runs actions on a queue after 10 ms, except its second
/// call: that one runs its action to the end on another thread, then
/// `whileSecondCallHasNotReturned`, and only then returns, as a busy
/// concurrent scheduler may.
private final class LateReturningScheduler: SchedulerType, @unchecked Sendable {
    // Safe because `calls` and `secondReturned` are only touched holding `lock`;
    // the hook is set before the first event and then only read.
    private let lock = NSLockLike()
    private let queue = DispatchQueue(label: "late-returning", attributes: .concurrent)
    private var calls = 0
    private let secondReturned = DispatchSemaphore(value: 0)
    var whileSecondCallHasNotReturned: () -> Void = {}

    var now: RxTime { Date() }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let call = lock.locked { () -> Int in
            calls += 1
            return calls
        }
        let cancelled = BooleanDisposable()
        let work = Handover { _ = cancelled.isDisposed ? nil : action(state) }
        if call == 2 {
            let ran = DispatchSemaphore(value: 0)
            queue.async {
                work.run()
                ran.signal()
            }
            ran.wait()
            whileSecondCallHasNotReturned()
            defer { secondReturned.signal() }
            return cancelled
        }
        queue.asyncAfter(deadline: .now() + .milliseconds(10)) { work.run() }
        return cancelled
    }

    func scheduleRelative<StateType>(_ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable {
        schedule(state, action: action)
    }

    func waitUntilSecondCallReturned() -> Bool {
        secondReturned.wait(timeout: .now() + 5) == .success
    }

    /// Hands an action to the queue.
    private final class Handover: @unchecked Sendable {
        // Safe because the action runs once, on the queue, after it is handed over.
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }
}

/// How many threads reached a rendezvous, counted atomically.
private final class Arrivals: Sendable {
    let count = Atomic<Int>(0)
}

/// A lock for the test's counters.
private final class NSLockLike: @unchecked Sendable {
    // Safe because the pthread mutex synchronizes every use.
    private var mutex = pthread_mutex_t()
    init() { pthread_mutex_init(&mutex, nil) }
    func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return body()
    }
}

/// Collects disposables from many threads.
private final class DisposablesBox: @unchecked Sendable {
    // Safe because every access takes the lock.
    private let lock = NSLockLike()
    private var all: [Disposable] = []
    func add(_ disposable: Disposable) { lock.locked { all.append(disposable) } }
    func disposeAll() { lock.locked { all }.forEach { $0.dispose() } }
}
