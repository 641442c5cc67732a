import RxCore
import RxTest
import XCTest

final class CreationTests: RxTestCase {
    func testJust() {
        let recorder = EventRecorder<Int>()
        _ = Observable.just(1).subscribe(recorder)
        XCTAssertEqual(recorder.events, [.next(1), .completed])
    }

    func testOfAndFrom() {
        let of = EventRecorder<Int>()
        _ = Observable.of(1, 2, 3).subscribe(of)
        XCTAssertEqual(of.events, [.next(1), .next(2), .next(3), .completed])
        let from = EventRecorder<String>()
        _ = Observable.from(["a", "b"]).subscribe(from)
        XCTAssertEqual(from.events, [.next("a"), .next("b"), .completed])
        let optional = EventRecorder<Int>()
        _ = Observable.from(optional: nil).subscribe(optional)
        XCTAssertEqual(optional.events, [.completed])
    }

    func testFromOnSchedulerTakesOneTickPerElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.start { Observable.from([1, 2], scheduler: scheduler) }
        XCTAssertEqual(observer.events, [.next(201, 1), .next(202, 2), .completed(203)])
    }

    func testInfiniteSequenceWithTakeEnds() {
        let recorder = EventRecorder<Int>()
        _ = Observable.from(1...).take(3).subscribe(recorder)
        XCTAssertEqual(recorder.events, [.next(1), .next(2), .next(3), .completed])
    }

    func testLargeSequenceDoesNotGrowTheStack() {
        var count = 0
        _ = Observable.from(0..<200_000).subscribe(onNext: { _ in count += 1 })
        XCTAssertEqual(count, 200_000)
    }

    func testEmptyNeverError() {
        let empty = EventRecorder<Int>()
        _ = Observable.empty().subscribe(empty)
        XCTAssertEqual(empty.events, [.completed])
        let never = EventRecorder<Int>()
        let subscription = Observable.never().subscribe(never)
        XCTAssertEqual(never.events, [])
        subscription.dispose()
        let failing = EventRecorder<Int>()
        _ = Observable.error(testError).subscribe(failing)
        XCTAssertEqual(failing.events, [.error(testError)])
    }

    func testCreateKeepsTheGrammar() {
        let recorder = EventRecorder<Int>()
        var disposed = false
        _ = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onCompleted()
            observer.onNext(2)
            observer.onError(testError)
            return Disposables.create { disposed = true }
        }.subscribe(recorder)
        XCTAssertEqual(recorder.events, [.next(1), .completed])
        XCTAssertTrue(disposed)
    }

    func testCreateDeliversNothingAfterDispose() {
        var stored: AnyObserver<Int>?
        let recorder = EventRecorder<Int>()
        let subscription = Observable<Int>.create { observer in
            stored = observer
            return Disposables.create()
        }.subscribe(recorder)
        stored?.onNext(1)
        subscription.dispose()
        stored?.onNext(2)
        stored?.onCompleted()
        XCTAssertEqual(recorder.events, [.next(1)])
        stored = nil
    }

    func testDeferredCallsFactoryPerSubscriber() {
        var calls = 0
        let deferred = Observable<Int>.deferred {
            calls += 1
            return .just(calls)
        }
        let first = EventRecorder<Int>()
        let second = EventRecorder<Int>()
        _ = deferred.subscribe(first)
        _ = deferred.subscribe(second)
        XCTAssertEqual(first.elements, [1])
        XCTAssertEqual(second.elements, [2])
    }

    func testDeferredFactoryError() {
        let recorder = EventRecorder<Int>()
        _ = Observable<Int>.deferred { throw testError }.subscribe(recorder)
        XCTAssertEqual(recorder.events, [.error(testError)])
    }

    func testSubscribeHandlersAndOnDisposed() {
        var log: [String] = []
        _ = Observable.of(1, 2).subscribe(
            onNext: { log.append("next \($0)") },
            onError: { _ in log.append("error") },
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") }
        )
        XCTAssertEqual(log, ["next 1", "next 2", "completed", "disposed"])
        log = []
        let subscription = Observable<Int>.never().subscribe(onDisposed: { log.append("disposed") })
        subscription.dispose()
        subscription.dispose()
        XCTAssertEqual(log, ["disposed"])
    }

    func testUnhandledErrorGoesToTheHook() {
        let saved = Hooks.defaultErrorHandler
        defer { Hooks.defaultErrorHandler = saved }
        let seen = ErrorBox()
        Hooks.defaultErrorHandler = { _, error in seen.record(error) }
        _ = Observable<Int>.error(testError).subscribe()
        XCTAssertEqual(seen.errors.map { "\($0)" }, ["TestError(test)"])
    }

    func testTheSubscriptionsCallStackIsRecordedOnlyWhenAskedFor() {
        let saved = (Hooks.defaultErrorHandler, Hooks.customCaptureSubscriptionCallstack, Hooks.recordCallStackOnError)
        defer { (Hooks.defaultErrorHandler, Hooks.customCaptureSubscriptionCallstack, Hooks.recordCallStackOnError) = saved }
        let stacks = StackBox()
        Hooks.defaultErrorHandler = { stack, _ in stacks.record(stack) }
        Hooks.customCaptureSubscriptionCallstack = { ["frame 1", "frame 2"] }
        let subject = PublishSubject<Int>()
        _ = subject.subscribe()
        Hooks.recordCallStackOnError = true
        _ = subject.subscribe()
        _ = subject.subscribe(onError: { _ in })
        subject.onError(testError)
        XCTAssertEqual(stacks.stacks, [[], ["frame 1", "frame 2"]], "captured at subscription, only while recording and only without onError")
    }

    func testSubscribeWithObjectHoldsItWeakly() {
        final class Owner { var values: [Int] = [] }
        let subject = PublishSubject<Int>()
        var owner: Owner? = Owner()
        weak let weakOwner = owner
        let subscription = subject.subscribe(with: owner!, onNext: { owner, value in owner.values.append(value) })
        subject.onNext(1)
        XCTAssertEqual(owner?.values, [1])
        owner = nil
        XCTAssertNil(weakOwner)
        subject.onNext(2)
        subscription.dispose()
    }

    func testIntervalAndTimerOnVirtualTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let interval = scheduler.start(disposed: 450) { Observable<Int>.interval(.seconds(100), scheduler: scheduler) }
        XCTAssertEqual(interval.events, [.next(300, 0), .next(400, 1)])
        let timerScheduler = TestScheduler(initialClock: 0)
        let timer = timerScheduler.start { Observable<Int>.timer(.seconds(50), scheduler: timerScheduler) }
        XCTAssertEqual(timer.events, [.next(250, 0), .completed(250)])
    }
}

/// Collects errors from a `@Sendable` hook; tests run on one thread.
final class ErrorBox: @unchecked Sendable {
    // Safe because the tests that use it run on one thread and read it only
    // after the hooked code has returned.
    private(set) var errors: [Error] = []

    func record(_ error: Error) {
        errors.append(error)
    }
}

final class StackBox: @unchecked Sendable {
    // Safe for the same reason as ErrorBox.
    private(set) var stacks: [[String]] = []

    func record(_ stack: [String]) {
        stacks.append(stack)
    }
}
