import RxCore
import RxTest
import XCTest

/// The operators every trait has, and the event forms of `subscribe`, on the
/// virtual-time scheduler, with RxSwift's expectations.
final class TraitOperatorTests: RxTestCase {
    func testTheTimeOperatorsKeepTheTrait() {
        let scheduler = TestScheduler(initialClock: 0)
        let single = Single.just(1).delay(.seconds(50), scheduler: scheduler).delaySubscription(.seconds(10), scheduler: scheduler)
        let observer = scheduler.start { single.asObservable() }
        XCTAssertEqual(observer.events, [.next(260, 1), .completed(261)], "delay delivers one event per action, as RxSwift's")

        let late = TestScheduler(initialClock: 0)
        let never = late.start { Single<Int>.never().timeout(.seconds(30), other: .just(7), scheduler: late).asObservable() }
        XCTAssertEqual(never.events, [.next(230, 7), .completed(230)])
    }

    /// RxSwift forwards one event per scheduled action: the completion a
    /// trait sends with its element comes out a tick after it.
    func testObserveOnAndDelayDeliverEventsSentTogetherOnSuccessiveTicks() {
        let scheduler = TestScheduler(initialClock: 0)
        XCTAssertEqual(scheduler.start { Single.just("a").observe(on: scheduler).asObservable() }.events,
                       [.next(201, "a"), .completed(202)])
        let maybe = TestScheduler(initialClock: 0)
        XCTAssertEqual(maybe.start { Maybe.just("b").delay(.seconds(5), scheduler: maybe).asObservable() }.events,
                       [.next(205, "b"), .completed(206)])
        let burst = TestScheduler(initialClock: 0)
        XCTAssertEqual(burst.start { Observable.of(1, 2, 3).observe(on: burst) }.events,
                       [.next(201, 1), .next(202, 2), .next(203, 3), .completed(204)])
        let spread = TestScheduler(initialClock: 0)
        let source = spread.createHotObservable([.next(210, 1), .next(215, 2), .completed(215)])
        XCTAssertEqual(spread.start { source.delay(.seconds(20), scheduler: spread) }.events,
                       [.next(230, 1), .next(235, 2), .completed(236)], "each event is due its own time; one due with another comes a tick later")
    }

    func testObserveOnASchedulerThatRunsAtOnceLoopsOverReentrantEvents() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        let subscription = subject.observe(on: CurrentThreadScheduler.instance).subscribe(onNext: { value in
            received.append(value)
            if value < 100_000 { subject.onNext(value + 1) }
        })
        subject.onNext(1)
        XCTAssertEqual(received.count, 100_000, "100,000 events sent from inside the observer, delivered without growing the stack")
        XCTAssertEqual(received.last, 100_000)
        subscription.dispose()
    }

    func testCatchRetryAndUsing() {
        var attempts = 0
        let flaky = Single<Int>.deferred {
            attempts += 1
            return attempts < 3 ? .error(testError) : .just(attempts)
        }
        var values: [Int] = []
        _ = flaky.retry(3).subscribe(onSuccess: { values.append($0) })
        XCTAssertEqual(values, [3], "the third subscription succeeds")
        _ = Single<Int>.error(testError).catch { _ in .just(-1) }.subscribe(onSuccess: { values.append($0) })
        XCTAssertEqual(values, [3, -1])
        let resource = BooleanDisposable()
        _ = Single.using({ resource }, primitiveSequenceFactory: { _ in Single.just(5) })
            .subscribe(onSuccess: { values.append($0) })
        XCTAssertEqual(values, [3, -1, 5])
        XCTAssertTrue(resource.isDisposed, "the resource goes with the sequence")
    }

    func testCompletableEventsConcatAndZip() {
        var events: [String] = []
        _ = Completable.empty().subscribe { event in
            if case .completed = event { events.append("completed") }
        }
        _ = Completable.error(testError).subscribe { event in
            if case .error = event { events.append("error") }
        }
        XCTAssertEqual(events, ["completed", "error"])

        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([.completed(20, Never.self)]).asCompletable()
        let second = scheduler.createColdObservable([.completed(30, Never.self)]).asCompletable()
        let concatenated = scheduler.start { Completable.concat(first, second).asObservable() }
        XCTAssertEqual(concatenated.events, [.completed(250)], "one after the other")
        let together = TestScheduler(initialClock: 0)
        let a = together.createColdObservable([.completed(20, Never.self)]).asCompletable()
        let b = together.createColdObservable([.completed(30, Never.self)]).asCompletable()
        let zipped = together.start { Completable.zip(a, b).asObservable() }
        XCTAssertEqual(zipped.events, [.completed(230)], "at once, ending with the last")
    }

    func testMaybeEventsAndSingleZip() {
        var events: [String] = []
        _ = Maybe.just(1).subscribe { event in
            if case .success(let value) = event { events.append("success \(value)") }
        }
        _ = Maybe<Int>.empty().subscribe { event in
            if case .completed = event { events.append("completed") }
        }
        var ended = false
        let never = Maybe<Int>.never().subscribe { _ in ended = true }
        never.dispose()
        XCTAssertEqual(events, ["success 1", "completed"])
        XCTAssertFalse(ended)

        var zipped: [String] = []
        _ = Single.zip(Single.just(1), Single.just("a"), Single.just(true)) { "\($0)\($1)\($2)" }.subscribe(onSuccess: { zipped.append($0) })
        _ = Single.zip([Single.just(1), Single.just(2)]) { $0.reduce(0, +) }.subscribe(onSuccess: { zipped.append("\($0)") })
        _ = Single.zip([Single<Int>]()) { $0.count }.subscribe(onSuccess: { zipped.append("empty \($0)") })
        XCTAssertEqual(zipped, ["1atrue", "3", "empty 0"])
    }

    func testDebugPassesEverythingThrough() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let observer = scheduler.start { source.debug("traced", trimOutput: true) }
        XCTAssertEqual(observer.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
        let single = scheduler.start { Single.just(2).debug().asObservable() }
        XCTAssertEqual(single.events.count, 2)
    }
}

/// RxTest compares trait events as RxSwift's RxTest does.
final class TraitEventEqualityTests: XCTestCase {
    func testCompletableAndMaybeEventsCompareAsRxTests() {
        XCTAssertEqual(CompletableEvent.completed, .completed)
        XCTAssertEqual(CompletableEvent.error(testError), .error(testError))
        XCTAssertNotEqual(CompletableEvent.error(testError), .completed)
        XCTAssertEqual([MaybeEvent.success(1), .completed, .error(testError)], [.success(1), .completed, .error(testError)])
        XCTAssertNotEqual(MaybeEvent.success(1), .success(2))
    }
}
