import RxCore
import RxTest
import XCTest

/// `range`, `repeatElement`, `generate`, `using`, `amb`, `concatMap` and
/// `DisposeBag`'s builder, with RxSwift's expected events.
final class CreationOperatorTests: RxTestCase {
    func testRangeSchedulesEachNumber() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.start { Observable.range(start: 5, count: 3, scheduler: scheduler) }
        XCTAssertEqual(observer.events, [.next(201, 5), .next(202, 6), .next(203, 7), .completed(204)])
    }

    func testRangeUpToTheMaximum() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.start { Observable.range(start: Int8.max, count: 1, scheduler: scheduler) }
        XCTAssertEqual(observer.events, [.next(201, Int8.max), .completed(202)])
    }

    func testRepeatElementUntilDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.start(disposed: 204) { Observable.repeatElement(7, scheduler: scheduler) }
        XCTAssertEqual(observer.events, [.next(201, 7), .next(202, 7), .next(203, 7)])
    }

    func testGenerateWhileTheConditionHolds() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.start { Observable.generate(initialState: 0, condition: { $0 <= 2 }, scheduler: scheduler) { $0 + 1 } }
        XCTAssertEqual(observer.events, [.next(201, 0), .next(202, 1), .next(203, 2), .completed(204)])
    }

    func testGenerateEndsWithAThrownError() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.start {
            Observable.generate(initialState: 0, condition: { _ in true }, scheduler: scheduler) { state -> Int in
                if state == 1 { throw testError }
                return state + 1
            }
        }
        XCTAssertEqual(observer.events, [.next(201, 0), .next(202, 1), .error(203, testError)])
    }

    private final class Resource: Disposable {
        let onDispose: () -> Void
        init(_ onDispose: @escaping () -> Void) { self.onDispose = onDispose }
        func dispose() { onDispose() }
    }

    func testUsingDisposesTheResourceWithTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        var disposedAt: Int?
        let source = scheduler.createColdObservable([.next(10, 1), .completed(50)])
        let observer = scheduler.start {
            Observable<Int>.using({ Resource { disposedAt = scheduler.clock } }, observableFactory: { _ in source.asObservable() })
        }
        XCTAssertEqual(observer.events, [.next(210, 1), .completed(250)])
        XCTAssertEqual(disposedAt, 250)
    }

    func testAmbFollowsTheFirstToSend() {
        let scheduler = TestScheduler(initialClock: 0)
        let slow = scheduler.createHotObservable([.next(250, 1), .completed(300)])
        let fast = scheduler.createHotObservable([.next(220, 2), .next(260, 3), .completed(400)])
        let observer = scheduler.start { slow.amb(fast) }
        XCTAssertEqual(observer.events, [.next(220, 2), .next(260, 3), .completed(400)])
        XCTAssertEqual(slow.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(fast.subscriptions, [Subscription(200, 400)])
    }

    func testConcatMapRunsOneInnerAtATime() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, "a"), .completed(20)])
        let source = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(300)])
        let observer = scheduler.start { source.concatMap { _ in inner } }
        XCTAssertEqual(observer.events, [.next(220, "a"), .next(240, "a"), .completed(300)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 230), Subscription(230, 250)], "the second waits for the first")
    }

    func testDisposeBagBuilder() {
        var disposed: [String] = []
        var bag: DisposeBag? = DisposeBag {
            Disposables.create { disposed.append("a") }
            Disposables.create { disposed.append("b") }
        }
        bag?.insert {
            Disposables.create { disposed.append("c") }
        }
        bag?.insert([Disposables.create { disposed.append("d") }])
        XCTAssertEqual(disposed, [])
        bag = nil
        XCTAssertEqual(disposed.sorted(), ["a", "b", "c", "d"])
    }
}
