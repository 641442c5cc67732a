import RxCore
import RxTest
import XCTest

final class UtilityOperatorTests: RxTestCase {
    func testDoRunsSideEffectsInOrder() {
        var log: [String] = []
        _ = Observable.of(1).do(
            onNext: { log.append("onNext \($0)") },
            afterNext: { log.append("afterNext \($0)") },
            onCompleted: { log.append("onCompleted") },
            afterCompleted: { log.append("afterCompleted") },
            onSubscribe: { log.append("onSubscribe") },
            onSubscribed: { log.append("onSubscribed") },
            onDispose: { log.append("onDispose") }
        ).subscribe(onNext: { log.append("next \($0)") }, onCompleted: { log.append("completed") })
        // `of` starts emitting once the subscription is set up, as in RxSwift.
        XCTAssertEqual(log, [
            "onSubscribe", "onSubscribed", "onNext 1", "next 1", "afterNext 1", "onCompleted", "completed",
            "afterCompleted", "onDispose",
        ])
    }

    func testDoOnErrorAndThrowingHandler() {
        var seen: [String] = []
        let recorder = EventRecorder<Int>()
        _ = Observable<Int>.error(testError).do(onError: { seen.append("\($0)") }).subscribe(recorder)
        XCTAssertEqual(seen, ["TestError(test)"])
        XCTAssertEqual(recorder.events, [.error(testError)])
        let throwing = EventRecorder<Int>()
        _ = Observable.of(1, 2).do(onNext: { _ in throw testError }).subscribe(throwing)
        XCTAssertEqual(throwing.events, [.error(testError)])
    }

    func testDoOnDisposeWhenDisposedEarly() {
        var disposed = 0
        let subscription = Observable<Int>.never().do(onDispose: { disposed += 1 }).subscribe()
        subscription.dispose()
        subscription.dispose()
        XCTAssertEqual(disposed, 1)
    }

    func testShareSubscribesOnceWhileConnected() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3), .completed(300)])
        let shared = source.share()
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        var subscriptions: [Disposable] = []
        scheduler.scheduleAt(200) { subscriptions.append(shared.subscribe(first)) }
        scheduler.scheduleAt(220) { subscriptions.append(shared.subscribe(second)) }
        scheduler.start()
        XCTAssertEqual(first.events, [.next(210, 1), .next(230, 2), .next(250, 3), .completed(300)])
        XCTAssertEqual(second.events, [.next(230, 2), .next(250, 3), .completed(300)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
        subscriptions.forEach { $0.dispose() }
    }

    func testShareReplayAndReconnectAfterLastLeaves() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .next(20, 2)])
        let shared = source.share(replay: 1)
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let third = scheduler.createObserver(Int.self)
        var a: Disposable?
        var b: Disposable?
        var c: Disposable?
        scheduler.scheduleAt(200) { a = shared.subscribe(first) }
        scheduler.scheduleAt(225) { b = shared.subscribe(second) }
        scheduler.scheduleAt(230) { a?.dispose(); b?.dispose() }
        scheduler.scheduleAt(300) { c = shared.subscribe(third) }
        scheduler.scheduleAt(400) { c?.dispose() }
        scheduler.start()
        XCTAssertEqual(first.events, [.next(210, 1), .next(220, 2)])
        XCTAssertEqual(second.events, [.next(225, 2)])
        XCTAssertEqual(third.events, [.next(310, 1), .next(320, 2)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 230), Subscription(300, 400)])
    }

    func testShareForeverKeepsTheReplayAndTheEnd() {
        var subscriptions = 0
        let source = Observable<Int>.deferred {
            subscriptions += 1
            return .of(1, 2)
        }
        let shared = source.share(replay: 1, scope: .forever)
        let first = EventRecorder<Int>()
        let second = EventRecorder<Int>()
        _ = shared.subscribe(first)
        _ = shared.subscribe(second)
        XCTAssertEqual(first.events, [.next(1), .next(2), .completed])
        XCTAssertEqual(second.events, [.next(2), .completed])
        XCTAssertEqual(subscriptions, 1)
    }

    func testShareWhileConnectedRestartsAfterCompletion() {
        var subscriptions = 0
        let shared = Observable<Int>.deferred {
            subscriptions += 1
            return .just(subscriptions)
        }.share(replay: 1)
        let first = EventRecorder<Int>()
        let second = EventRecorder<Int>()
        _ = shared.subscribe(first)
        _ = shared.subscribe(second)
        XCTAssertEqual(first.events, [.next(1), .completed])
        XCTAssertEqual(second.events, [.next(2), .completed])
    }
}

/// `buffer(timeSpan:count:scheduler:)`, `retry(when:)`, `RefCountDisposable`
/// and `ScheduledDisposable`, as RxSwift's.
final class BufferRetryDisposableTests: RxTestCase {
    func testBufferByTimeOrCount() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([
            .next(205, 1), .next(210, 2), .next(240, 3), .next(280, 4), .next(320, 5), .next(350, 6),
            .next(370, 7), .next(420, 8), .next(470, 9), .completed(600),
        ])
        let observer = scheduler.start { source.buffer(timeSpan: .seconds(70), count: 3, scheduler: scheduler) }
        XCTAssertEqual(observer.events, [
            .next(240, [1, 2, 3]), .next(310, [4]), .next(370, [5, 6, 7]), .next(440, [8]), .next(510, [9]),
            .next(580, []), .next(600, []), .completed(600),
        ])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 600)])
    }

    func testRetryWhenResubscribesAtEachTrigger() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let observer = scheduler.start {
            source.retry { (errors: Observable<TestError>) in errors.enumerated().take(while: { $0.index < 2 }).map { $0.element } }
        }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(230, 1), .next(250, 1), .completed(260)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260)])
    }

    func testRetryWhenHearsItsHandlerOnlyFromTheFirstError() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(150, 1), .completed(250)])
        let handler = scheduler.createHotObservable([.next(150, 1), .completed(210)])
        let observer = scheduler.start(disposed: 300) { source.retry(when: { _ in handler }) }
        XCTAssertEqual(observer.events, [.completed(250)], "the handler's end at 210 came before any error")
        XCTAssertEqual(source.subscriptions, [Subscription(200, 250)])
    }

    func testRetryWhenWithAnUntypedHandlerSeesEveryError() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let observer = scheduler.start {
            source.retry(when: { errors in errors.enumerated().take(while: { $0.index < 1 }) })
        }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(230, 1), .completed(240)], "a handler of Observable<Error> needs no annotation, as RxSwift's")
    }

    func testRefCountDisposableWaitsForEveryRetain() {
        var disposed = false
        let refCount = RefCountDisposable(disposable: Disposables.create { disposed = true })
        let first = refCount.retain()
        let second = refCount.retain()
        refCount.dispose()
        first.dispose()
        XCTAssertFalse(disposed, "a retain is still held")
        second.dispose()
        XCTAssertTrue(disposed)
        XCTAssertTrue(refCount.isDisposed)
    }

    func testScheduledDisposableDisposesOnItsScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        var disposedAt: Int?
        let scheduled = ScheduledDisposable(scheduler: scheduler, disposable: Disposables.create { disposedAt = scheduler.clock })
        scheduler.scheduleAt(300) { scheduled.dispose() }
        scheduler.start()
        XCTAssertEqual(disposedAt, 301, "disposed by an action of the scheduler (the test scheduler adds a tick)")
    }
}

/// `window(timeSpan:count:scheduler:)`, as RxSwift's basic case.
final class WindowTests: RxTestCase {
    func testWindowByTimeOrCount() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([
            .next(205, 1), .next(210, 2), .next(240, 3), .next(280, 4), .next(320, 5), .next(350, 6),
            .next(370, 7), .next(420, 8), .next(470, 9), .completed(600),
        ])
        let observer = scheduler.start {
            source.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler)
                .enumerated()
                .flatMap { window in window.element.map { "\(window.index) \($0)" } }
        }
        XCTAssertEqual(observer.events, [
            .next(205, "0 1"), .next(210, "0 2"), .next(240, "0 3"), .next(280, "1 4"), .next(320, "2 5"),
            .next(350, "2 6"), .next(370, "2 7"), .next(420, "3 8"), .next(470, "4 9"), .completed(600),
        ])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 600)])
    }
}
