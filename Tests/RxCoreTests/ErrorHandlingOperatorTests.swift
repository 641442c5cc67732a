import RxCore
import RxTest
import XCTest

final class ErrorHandlingOperatorTests: RxTestCase {
    func testCatchContinuesWithHandlerSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
        let fallback = scheduler.createColdObservable([.next(10, 100), .completed(20)])
        let observer = scheduler.start { source.catch { _ in fallback.asObservable() } }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(230, 100), .completed(240)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(fallback.subscriptions, [Subscription(220, 240)])
    }

    func testCatchHandlerThrows() {
        let other = TestError("other")
        let recorder = EventRecorder<Int>()
        _ = Observable<Int>.error(testError).catch { _ in throw other }.subscribe(recorder)
        XCTAssertEqual(recorder.events, [.error(other)])
    }

    func testCatchAndReturn() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
        let observer = scheduler.start { source.catchAndReturn(-1) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(220, -1), .completed(220)])
    }

    func testRetryResubscribesUpToTheCount() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .error(20, testError, Int.self)])
        let observer = scheduler.start { source.retry(3) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(230, 1), .next(250, 1), .error(260, testError)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260)])
    }

    func testRetryForeverUntilDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .error(20, testError, Int.self)])
        let observer = scheduler.start(disposed: 245) { source.retry() }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(230, 1)])
        XCTAssertEqual(source.subscriptions.last, Subscription(240, 245))
    }

    func testRetryOfSynchronousFailureLoops() {
        var attempts = 0
        let failing = Observable<Int>.deferred {
            attempts += 1
            return attempts < 10_000 ? .error(testError) : .just(attempts)
        }
        let recorder = EventRecorder<Int>()
        _ = failing.retry().subscribe(recorder)
        XCTAssertEqual(recorder.events, [.next(10_000), .completed])
    }
}
