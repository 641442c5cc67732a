import RxCore
import RxTest
import XCTest

/// Operators and subjects added to match RxSwift's, on virtual time, with
/// RxSwift's expected events and subscription records.
final class AddedOperatorTests: RxTestCase {
    func testIgnoreElementsPassesOnlyTheEnd() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(300)])
        let observer = scheduler.start { source.ignoreElements() }
        XCTAssertEqual(observer.events, [.completed(300)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
    }

    func testTakeLastSendsTheLastOnCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .completed(300)])
        let observer = scheduler.start { source.takeLast(2) }
        XCTAssertEqual(observer.events, [.next(300, 3), .next(300, 4), .completed(300)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
    }

    func testTakeLastPassesAnErrorAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 2), .error(250, testError)])
        let observer = scheduler.start { source.takeLast(3) }
        XCTAssertEqual(observer.events, [.error(250, testError)])
    }

    func testElementAtSendsOneAndDisposesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, "a"), .next(220, "b"), .next(230, "c"), .next(240, "d"), .completed(300)])
        let observer = scheduler.start { source.element(at: 2) }
        XCTAssertEqual(observer.events, [.next(230, "c"), .completed(230)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 230)])
    }

    func testElementAtPastTheEndIsArgumentOutOfRange() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, "a"), .completed(300)])
        let observer = scheduler.start { source.element(at: 5) }
        XCTAssertEqual(observer.events.count, 1)
        guard case .error(let error as RxError) = observer.events.first?.value, case .argumentOutOfRange = error else {
            return XCTFail("expected RxError.argumentOutOfRange, got \(observer.events)")
        }
        XCTAssertEqual(observer.events.first?.time, 300)
    }

    func testEnumeratedCountsFromZero() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, "a"), .next(220, "b"), .completed(230)])
        let observer = scheduler.start { source.enumerated().map { "\($0.index)\($0.element)" } }
        XCTAssertEqual(observer.events, [.next(210, "0a"), .next(220, "1b"), .completed(230)])
    }

    func testIfEmptySwitchesOnlyWhenEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let empty = scheduler.createHotObservable([.next(150, 1), .completed(300)])
        let fallback = scheduler.createColdObservable([.next(10, 7), .completed(20)])
        let observer = scheduler.start { empty.ifEmpty(switchTo: fallback.asObservable()) }
        XCTAssertEqual(observer.events, [.next(310, 7), .completed(320)])
        XCTAssertEqual(empty.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(fallback.subscriptions, [Subscription(300, 320)])

        let other = TestScheduler(initialClock: 0)
        let full = other.createHotObservable([.next(210, 1), .completed(300)])
        let passed = other.start { full.ifEmpty(default: 42) }
        XCTAssertEqual(passed.events, [.next(210, 1), .completed(300)])
    }

    func testIfEmptyDefaultIsSentAtCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let empty = scheduler.createHotObservable([Recorded<Event<Int>>.completed(300)])
        let observer = scheduler.start { empty.ifEmpty(default: 42) }
        XCTAssertEqual(observer.events, [.next(300, 42), .completed(300)])
    }

    func testSkipUntilPassesAfterTheOtherSends() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let other = scheduler.createHotObservable([.next(225, "go"), .completed(400)])
        let observer = scheduler.start { source.skip(until: other) }
        XCTAssertEqual(observer.events, [.next(230, 3), .completed(300)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 225)])
    }

    func testSkipUntilThatNeverOpensEndsSilentlyWithItsSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        let other = scheduler.createHotObservable([.next(150, "early")])
        let observer = scheduler.start { source.skip(until: other) }
        XCTAssertEqual(observer.events, [], "RxSwift passes the completion on only once the other has sent")
        XCTAssertEqual(source.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 250)], "both disposed when the source completes")
    }

    func testWithUnretainedCompletesOnceTheObjectIsGone() {
        final class Owner {}
        var owner: Owner? = Owner()
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        let subscription = subject.withUnretained(owner!).map { $0.1 }.subscribe(recorder)
        subject.onNext(1)
        owner = nil
        subject.onNext(2)
        XCTAssertEqual(recorder.events, [.next(1), .completed])
        XCTAssertFalse(subject.hasObservers, "the source is disposed once the object is gone")
        subscription.dispose()
    }

    func testSwitchLatestFollowsTheNewestInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([.next(5, 1), .next(30, 2), .completed(40)])
        let second = scheduler.createColdObservable([.next(5, 10), .completed(50)])
        let source = scheduler.createHotObservable([.next(210, first.asObservable()), .next(220, second.asObservable()), .completed(300)])
        let observer = scheduler.start { source.switchLatest() }
        XCTAssertEqual(observer.events, [.next(215, 1), .next(225, 10), .completed(300)])
        XCTAssertEqual(first.subscriptions, [Subscription(210, 220)])
        XCTAssertEqual(second.subscriptions, [Subscription(220, 270)])
    }

    func testFlatMapFirstIgnoresWhileAnInnerRuns() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, "x"), .next(20, "y"), .completed(30)])
        let source = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .next(250, 3), .completed(300)])
        let observer = scheduler.start { source.flatMapFirst { _ in inner } }
        XCTAssertEqual(observer.events, [.next(220, "x"), .next(230, "y"), .next(260, "x"), .next(270, "y"), .completed(300)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 240), Subscription(250, 280)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
    }

    func testAsyncSubjectSendsTheLastElementOnCompletion() {
        let subject = AsyncSubject<Int>()
        let early = EventRecorder<Int>()
        _ = subject.subscribe(early)
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(early.events, [])
        subject.onCompleted()
        XCTAssertEqual(early.events, [.next(2), .completed])
        let late = EventRecorder<Int>()
        _ = subject.subscribe(late)
        XCTAssertEqual(late.events, [.next(2), .completed], "a later subscriber gets the last element and the completion")
        subject.onNext(3)
        subject.onError(testError)
        let later = EventRecorder<Int>()
        _ = subject.subscribe(later)
        XCTAssertEqual(later.events, [.next(2), .completed], "events after the end change nothing")

        let failing = AsyncSubject<Int>()
        let recorder = EventRecorder<Int>()
        _ = failing.subscribe(recorder)
        failing.onNext(1)
        failing.onError(testError)
        XCTAssertEqual(recorder.events.count, 1)
        XCTAssertNotNil(recorder.events.first?.error, "an error goes out without an element")
    }

    func testReplayRelayReplaysItsBuffer() {
        let relay = ReplayRelay<Int>.create(bufferSize: 2)
        relay.accept(1)
        relay.accept(2)
        relay.accept(3)
        let recorder = EventRecorder<Int>()
        let subscription = relay.subscribe(recorder)
        relay.accept(4)
        XCTAssertEqual(recorder.events, [.next(2), .next(3), .next(4)])
        subscription.dispose()
    }
}
