import RxCore
import RxTest
import XCTest

final class TimeOperatorTests: RxTestCase {
    func testDebounce() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([
            .next(210, 1), .next(215, 2), .next(240, 3), .next(300, 4), .next(305, 5), .completed(308),
        ])
        let observer = scheduler.start { source.debounce(.seconds(20), scheduler: scheduler) }
        XCTAssertEqual(observer.events, [.next(235, 2), .next(260, 3), .next(308, 5), .completed(308)])
    }

    func testDebounceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .error(215, testError)])
        let observer = scheduler.start { source.debounce(.seconds(20), scheduler: scheduler) }
        XCTAssertEqual(observer.events, [.error(215, testError)])
    }

    func testDebounceWithMillisecondResolution() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let source = scheduler.createHotObservable([.next(210, "a"), .next(400, "b")])
        let observer = scheduler.start { source.debounce(.milliseconds(100), scheduler: scheduler) }
        XCTAssertEqual(observer.events, [.next(310, "a"), .next(500, "b")])
    }

    func testThrottleLatest() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(225, 3), .next(260, 4), .completed(300),
        ])
        let observer = scheduler.start { source.throttle(.seconds(30), scheduler: scheduler) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(240, 3), .next(270, 4), .completed(300)])
    }

    func testThrottleNotLatest() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(250, 3), .completed(300)])
        let observer = scheduler.start { source.throttle(.seconds(30), latest: false, scheduler: scheduler) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(250, 3), .completed(300)])
    }

    func testThrottleNotLatestSendsAnElementArrivingExactlyAsTheWindowCloses() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .next(250, 3), .next(270, 4), .completed(300)])
        let observer = scheduler.start { source.throttle(.seconds(30), latest: false, scheduler: scheduler) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(240, 2), .next(270, 4), .completed(300)], "30 after the last sent is outside the window, as in RxSwift")
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
    }

    func testThrottleCompletionWaitsForThePendingElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(225)])
        let observer = scheduler.start { source.throttle(.seconds(30), scheduler: scheduler) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(240, 2), .completed(240)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 225)], "the source is disposed when it completes, the pending element still sent")
    }

    func testDelayShiftsElementsAndCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let observer = scheduler.start { source.delay(.seconds(50), scheduler: scheduler) }
        XCTAssertEqual(observer.events, [.next(260, 1), .next(270, 2), .completed(280)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 230)], "the source is disposed the moment it completes, as RxSwift's")
    }

    func testDelayErrorIsImmediateAndDisposeCancels() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
        let observer = scheduler.start { source.delay(.seconds(50), scheduler: scheduler) }
        XCTAssertEqual(observer.events, [.error(220, testError)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
        let other = TestScheduler(initialClock: 0)
        let pending = other.createHotObservable([.next(210, 1)])
        let disposed = other.start(disposed: 230) { pending.delay(.seconds(50), scheduler: other) }
        XCTAssertEqual(disposed.events, [])
    }

    func testObserveOnDeliversThroughTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let observer = scheduler.start { source.observe(on: scheduler) }
        XCTAssertEqual(observer.events, [.next(211, 1), .completed(221)])
    }

    func testSubscribeOnSubscribesAndDisposesThroughTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let observer = scheduler.start(disposed: 300) { source.subscribe(on: scheduler) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(220, 2)])
        XCTAssertEqual(source.subscriptions, [Subscription(201, 301)])
    }
}

/// Time-bound `take`, `skip` and `delaySubscription`, and `single`, with RxSwift's expected records.
final class DurationOperatorTests: RxTestCase {
    func testTakeForADuration() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .next(260, 3), .completed(300)])
        let observer = scheduler.start { source.take(for: .seconds(50), scheduler: scheduler) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(240, 2), .completed(250)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 250)])
    }

    func testSkipForADuration() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .next(260, 3), .completed(300)])
        let observer = scheduler.start { source.skip(for: .seconds(50), scheduler: scheduler) }
        XCTAssertEqual(observer.events, [.next(260, 3), .completed(300)])
        let early = TestScheduler(initialClock: 0)
        let short = early.createHotObservable([.next(210, 1), .completed(230)])
        let ended = early.start { short.skip(for: .seconds(50), scheduler: early) }
        XCTAssertEqual(ended.events, [.completed(230)], "the end passes inside the window")
        XCTAssertEqual(short.subscriptions, [Subscription(200, 230)])
    }

    func testDelaySubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let observer = scheduler.start { source.delaySubscription(.seconds(30), scheduler: scheduler) }
        XCTAssertEqual(observer.events, [.next(240, 1), .completed(250)])
        XCTAssertEqual(source.subscriptions, [Subscription(230, 250)])
    }

    func testSingleWithAndWithoutAPredicate() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let observer = scheduler.start { source.single { $0 == 2 } }
        XCTAssertEqual(observer.events, [.next(220, 2), .completed(300)], "sent as it arrives, as RxSwift's single(); asSingle() waits")
        let other = TestScheduler(initialClock: 0)
        let two = other.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let failed = other.start { two.single() }
        XCTAssertEqual(failed.events.map(\.time), [210, 220], "the first element at once, the error at the second")
        XCTAssertEqual(two.subscriptions, [Subscription(200, 220)])
    }
}

/// `sample`, `timeout` and the `Infallible` trait.
final class SampleTimeoutTests: RxTestCase {
    func testSampleSendsTheLatestAtEachTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .next(240, 3), .next(290, 4), .next(300, 5), .completed(310)])
        let sampler = scheduler.createHotObservable([.next(150, ""), .next(210, "bar"), .next(250, "foo"), .next(260, "qux"), .next(320, "baz"), .completed(500)])
        let observer = scheduler.start { source.sample(sampler) }
        XCTAssertEqual(observer.events, [.next(250, 3), .next(320, 5), .completed(320)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 310)])
        XCTAssertEqual(sampler.subscriptions, [Subscription(200, 320)])
    }

    func testTimeoutFailsWhenNoElementComesInTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(260, 3), .completed(300)])
        let observer = scheduler.start { source.timeout(.seconds(25), scheduler: scheduler) }
        XCTAssertEqual(observer.events.count, 3)
        XCTAssertEqual(Array(observer.events.prefix(2)), [.next(210, 1), .next(230, 2)])
        guard case .error(let error as RxError)? = observer.events.last?.value, case .timeout = error else {
            return XCTFail("expected RxError.timeout, got \(observer.events)")
        }
        XCTAssertEqual(observer.events.last?.time, 255)
        XCTAssertEqual(source.subscriptions, [Subscription(200, 255)])
    }

    func testTimeoutSwitchesToTheOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(260, 3), .completed(300)])
        let other = scheduler.createColdObservable([.next(5, 99), .completed(10)])
        let observer = scheduler.start { source.timeout(.seconds(25), other: other, scheduler: scheduler) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(240, 99), .completed(245)])
        XCTAssertEqual(other.subscriptions, [Subscription(235, 245)])
    }

    func testInfallibleReplacesAnError() {
        let subject = PublishSubject<Int>()
        var log: [String] = []
        let subscription = subject.asInfallible(onErrorJustReturn: -1).map { $0 * 2 }.subscribe(onNext: { log.append("\($0)") }, onCompleted: { log.append("completed") })
        subject.onNext(1)
        subject.onError(testError)
        XCTAssertEqual(log, ["2", "-2", "completed"])
        subscription.dispose()
    }
}

/// `HistoricalScheduler`: virtual time counted in dates.
final class HistoricalSchedulerTests: RxTestCase {
    func testTimersRunOnTheHistoricalTimeline() {
        let start = Date(timeIntervalSince1970: 1_000_000)
        let scheduler = HistoricalScheduler(initialClock: start)
        var fired: [TimeInterval] = []
        let subscription = Observable<Int>.timer(.seconds(5), period: .seconds(10), scheduler: scheduler)
            .take(3)
            .subscribe(onNext: { _ in fired.append(scheduler.now.timeIntervalSince(start)) })
        scheduler.start()
        XCTAssertEqual(fired, [5, 15, 25], "fired at 5 s, then every 10 s, of historical time")
        XCTAssertEqual(scheduler.clock, start.addingTimeInterval(25))
        subscription.dispose()
    }
}
