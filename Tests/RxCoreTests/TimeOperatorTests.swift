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
    }

    func testDelayShiftsElementsAndCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let observer = scheduler.start { source.delay(.seconds(50), scheduler: scheduler) }
        XCTAssertEqual(observer.events, [.next(260, 1), .next(270, 2), .completed(280)])
    }

    func testDelayErrorIsImmediateAndDisposeCancels() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
        let observer = scheduler.start { source.delay(.seconds(50), scheduler: scheduler) }
        XCTAssertEqual(observer.events, [.error(220, testError)])
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
        XCTAssertEqual(observer.events, [.next(300, 2), .completed(300)])
        let other = TestScheduler(initialClock: 0)
        let two = other.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let failed = other.start { two.single() }
        XCTAssertEqual(failed.events.map(\.time), [220])
        XCTAssertEqual(two.subscriptions, [Subscription(200, 220)])
    }
}
