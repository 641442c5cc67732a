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
