import RxCore
import RxTest
import XCTest

final class CombiningOperatorTests: RxTestCase {
    func testCombineLatestOfTwoWithSelector() {
        let scheduler = TestScheduler(initialClock: 0)
        let numbers = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(400)])
        let letters = scheduler.createHotObservable([.next(220, "a"), .next(240, "b"), .completed(300)])
        let observer = scheduler.start { Observable.combineLatest(numbers, letters) { "\($0)\($1)" } }
        XCTAssertEqual(observer.events, [.next(220, "1a"), .next(230, "2a"), .next(240, "2b"), .completed(400)])
        XCTAssertEqual(numbers.subscriptions, [Subscription(200, 400)])
        XCTAssertEqual(letters.subscriptions, [Subscription(200, 300)], "a source is disposed the moment it completes, as in RxSwift")
    }

    func testCombineLatestTupleAndMapOfBooleans() {
        let first = BehaviorRelay(value: false)
        let second = BehaviorRelay(value: true)
        let recorder = EventRecorder<Bool>()
        let subscription = Observable.combineLatest(first, second).map { $0 && $1 }.subscribe(recorder)
        first.accept(true)
        second.accept(false)
        XCTAssertEqual(recorder.elements, [false, true, false])
        subscription.dispose()
    }

    func testCombineLatestOfEightSources() {
        let subjects = (0..<8).map { _ in PublishSubject<Int>() }
        let recorder = EventRecorder<Int>()
        let subscription = Observable.combineLatest(
            subjects[0], subjects[1], subjects[2], subjects[3], subjects[4], subjects[5], subjects[6], subjects[7]
        ) { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7 }.subscribe(recorder)
        for (index, subject) in subjects.enumerated() {
            subject.onNext(index)
        }
        subjects[7].onNext(100)
        XCTAssertEqual(recorder.elements, [28, 121])
        let tuple = EventRecorder<String>()
        let tupleSubscription = Observable.combineLatest(subjects[0], subjects[1], subjects[2])
            .map { "\($0.0)-\($0.1)-\($0.2)" }
            .subscribe(tuple)
        subjects[1].onNext(1)
        subjects[2].onNext(2)
        subjects[0].onNext(5)
        XCTAssertEqual(tuple.elements, ["5-1-2"])
        subscription.dispose()
        tupleSubscription.dispose()
    }

    func testCombineLatestCompletesWhenASourceEndsEmptyAndOthersAreDone() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let b = scheduler.createHotObservable([.completed(230, Int.self)])
        let observer = scheduler.start { Observable.combineLatest(a, b) { $0 + $1 } }
        XCTAssertEqual(observer.events, [.completed(230)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 220)], "a completed source is disposed at once, as RxSwift's")
        XCTAssertEqual(b.subscriptions, [Subscription(200, 230)])
    }

    func testCombineLatestDisposesACompletedSourceWhileTheOtherGoesOn() {
        let scheduler = TestScheduler(initialClock: 0)
        let finite = scheduler.createHotObservable([.next(150, 1), .next(205, 2), .completed(210)])
        let endless = scheduler.createHotObservable([.next(150, 1), .next(220, 3), .next(300, 4)])
        let observer = scheduler.start { Observable.combineLatest(finite, endless) { $0 * 10 + $1 } }
        XCTAssertEqual(observer.events, [.next(220, 23), .next(300, 24)], "its last element stays in the combination")
        XCTAssertEqual(finite.subscriptions, [Subscription(200, 210)], "RxSwift's (200, 210), not (200, 1000)")
        XCTAssertEqual(endless.subscriptions, [Subscription(200, 1000)])
    }

    func testCombineLatestErrorEndsAndDisposesAll() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1), .next(240, 2)])
        let b = scheduler.createHotObservable([.next(220, 10), .error(230, testError)])
        let observer = scheduler.start { Observable.combineLatest(a, b) { $0 + $1 } }
        XCTAssertEqual(observer.events, [.next(220, 11), .error(230, testError)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 230)])
    }

    func testCombineLatestSelectorThrows() {
        let recorder = EventRecorder<Int>()
        _ = Observable.combineLatest(Observable.just(1), Observable.just(2)) { _, _ -> Int in throw testError }.subscribe(recorder)
        XCTAssertEqual(recorder.events, [.error(testError)])
    }

    func testCombineLatestOfCollection() {
        let scheduler = TestScheduler(initialClock: 0)
        let sources = [
            scheduler.createHotObservable([.next(210, true), .completed(300)]),
            scheduler.createHotObservable([.next(220, false), .next(230, true), .completed(310)]),
        ]
        let observer = scheduler.start { Observable.combineLatest(sources).map { $0.allSatisfy { $0 } } }
        XCTAssertEqual(observer.events, [.next(220, false), .next(230, true), .completed(310)])
        let empty = EventRecorder<[Int]>()
        _ = Observable<Int>.combineLatest([Observable<Int>]()).subscribe(empty)
        XCTAssertEqual(empty.events, [.next([]), .completed], "no sources combine into one empty result, as RxSwift's")
        let emptyZip = EventRecorder<[Int]>()
        _ = Observable<Int>.zip([Observable<Int>]()).subscribe(emptyZip)
        XCTAssertEqual(emptyZip.events, [.completed], "while a zip of none just completes")
    }

    func testZipPairsByPosition() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let b = scheduler.createHotObservable([.next(215, "a"), .next(250, "b"), .next(260, "c"), .next(270, "d")])
        let observer = scheduler.start { Observable.zip(a, b) { "\($0)\($1)" } }
        XCTAssertEqual(observer.events, [.next(215, "1a"), .next(250, "2b"), .next(260, "3c")],
                       "RxSwift ends a zip only once every source is done, even when what comes can no longer be paired")
        XCTAssertEqual(a.subscriptions, [Subscription(200, 240)], "a completed source is disposed at once")
        XCTAssertEqual(b.subscriptions, [Subscription(200, 1000)])
    }

    func testZipOfANeverEndingSourceAndAnEmptyOneNeverCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let never = scheduler.createHotObservable([.next(150, 1)])
        let empty = scheduler.createHotObservable([.next(150, 1), .completed(210)] as [Recorded<Event<Int>>])
        let observer = scheduler.start { Observable.zip(never, empty) { $0 + $1 } }
        XCTAssertEqual(observer.events, [], "the completion can still be paired with nothing: no end")
        XCTAssertEqual(never.subscriptions, [Subscription(200, 1000)])
        XCTAssertEqual(empty.subscriptions, [Subscription(200, 210)])
    }

    func testZipTupleThreeAndCollection() {
        let tuple = EventRecorder<String>()
        _ = Observable.zip(Observable.of(1, 2), Observable.of("a", "b", "c"), Observable.of(true, false))
            .map { "\($0)\($1)\($2)" }
            .subscribe(tuple)
        XCTAssertEqual(tuple.events, [.next("1atrue"), .next("2bfalse"), .completed])
        let collection = EventRecorder<[Int]>()
        _ = Observable.zip([Observable.of(1, 2), Observable.of(10, 20, 30)]).subscribe(collection)
        XCTAssertEqual(collection.events, [.next([1, 10]), .next([2, 20]), .completed])
    }

    func testZipOfACollectionAlsoEndsWhenAnElementCanNoLongerBePaired() {
        let scheduler = TestScheduler(initialClock: 0)
        let done = scheduler.createHotObservable([.next(210, 1), .completed(230)])
        let going = scheduler.createHotObservable([.next(220, 10), .next(240, 20), .next(250, 30)])
        let collection = scheduler.start { Observable.zip([done.asObservable(), going.asObservable()]) }
        XCTAssertEqual(collection.events, [.next(220, [1, 10]), .completed(240)], "RxSwift's collection zip ends at the first element no one can pair")
        XCTAssertEqual(going.subscriptions, [Subscription(200, 240)])
        let pair = TestScheduler(initialClock: 0)
        let done2 = pair.createHotObservable([.next(210, 1), .completed(230)])
        let going2 = pair.createHotObservable([.next(220, 10), .next(240, 20), .next(250, 30)])
        let pairs = pair.start { Observable.zip(done2, going2) { $0 + $1 } }
        XCTAssertEqual(pairs.events, [.next(220, 11)], "its two-to-eight-source zip only once every source is done")
    }

    func testCollectionFormsAreCalledOnTheSourcesElementType() {
        let sources = [Observable.of(1, 2), Observable.of(10)]
        let latest: Observable<[Int]> = Observable<Int>.combineLatest(sources)
        let zipped: Observable<[Int]> = Observable<Int>.zip(sources)
        let summed = Observable<Int>.combineLatest(sources).map { $0.reduce(0, +) }
        var log: [String] = []
        _ = latest.subscribe(onNext: { log.append("latest \($0)") })
        _ = zipped.subscribe(onNext: { log.append("zipped \($0)") })
        _ = summed.subscribe(onNext: { log.append("sum \($0)") })
        XCTAssertEqual(log, ["latest [1, 10]", "latest [2, 10]", "zipped [1, 10]", "sum 11", "sum 12"], "RxSwift's Observable<E>.combineLatest(collection) is an Observable<[E]>")
    }

    func testZipError() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
        let b = scheduler.createHotObservable([.next(230, 1)])
        let observer = scheduler.start { Observable.zip(a, b) { $0 + $1 } }
        XCTAssertEqual(observer.events, [.error(220, testError)])
    }

    func testMergeInterleavesAndCompletesAfterAll() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(240)])
        let b = scheduler.createHotObservable([.next(220, 2), .next(250, 4), .completed(260)])
        let observer = scheduler.start { Observable.merge(a.asObservable(), b.asObservable()) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(220, 2), .next(230, 3), .next(250, 4), .completed(260)])
    }

    func testMergeError() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
        let b = scheduler.createHotObservable([.next(230, 2)])
        let observer = scheduler.start { Observable.merge([a.asObservable(), b.asObservable()]) }
        XCTAssertEqual(observer.events, [.next(210, 1), .error(220, testError)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 220)])
    }

    func testConcatSubscribesInTurn() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let b = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let observer = scheduler.start { Observable.concat(a.asObservable(), b.asObservable()) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(230, 2), .completed(240)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(b.subscriptions, [Subscription(220, 240)])
    }

    func testConcatOfManySynchronousSources() {
        var count = 0
        let sources = (0..<20_000).map { Observable.just($0) }
        _ = Observable.concat(sources).subscribe(onNext: { _ in count += 1 })
        XCTAssertEqual(count, 20_000)
    }

    func testConcatInstanceAndInnerSequences() {
        let second = EventRecorder<Int>()
        _ = Observable.of(1).concat(Observable.of(2, 3)).subscribe(second)
        XCTAssertEqual(second.events, [.next(1), .next(2), .next(3), .completed])
        let scheduler = TestScheduler(initialClock: 0)
        let inner1 = scheduler.createColdObservable([.next(10, "a"), .completed(30)])
        let inner2 = scheduler.createColdObservable([.next(5, "b"), .completed(10)])
        let outer = scheduler.createHotObservable([
            .next(210, inner1.asObservable()), .next(220, inner2.asObservable()), .completed(225),
        ])
        let observer = scheduler.start { outer.concat() }
        XCTAssertEqual(observer.events, [.next(220, "a"), .next(245, "b"), .completed(250)])
    }

    func testWithLatestFrom() {
        let scheduler = TestScheduler(initialClock: 0)
        let taps = scheduler.createHotObservable([.next(210, ()), .next(230, ()), .next(250, ()), .completed(260)])
        let text = scheduler.createHotObservable([.next(220, "a"), .next(240, "b"), .completed(245)])
        let observer = scheduler.start { taps.withLatestFrom(text) }
        XCTAssertEqual(observer.events, [.next(230, "a"), .next(250, "b"), .completed(260)])
        XCTAssertEqual(text.subscriptions, [Subscription(200, 245)], "the second source is disposed when it completes, its latest value kept")
        let combined = TestScheduler(initialClock: 0)
        let a = combined.createHotObservable([.next(230, 1)])
        let b = combined.createHotObservable([.next(220, 10)])
        let summed = combined.start { a.withLatestFrom(b) { $0 + $1 } }
        XCTAssertEqual(summed.events, [.next(230, 11)])
    }

    func testFlatMapMergesInnerSequences() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let observer = scheduler.start {
            source.flatMap { value in
                scheduler.createColdObservable([.next(5, value * 10), .next(15, value * 100), .completed(20)])
            }
        }
        XCTAssertEqual(observer.events, [
            .next(215, 10), .next(225, 100), .next(225, 20), .next(235, 200), .completed(240),
        ])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 230)], "the outer sequence is disposed when it completes, as in RxSwift")
    }

    func testFlatMapSelectorThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let observer = scheduler.start {
            source.flatMap { value -> Observable<Int> in
                if value == 2 { throw testError }
                return .never()
            }
        }
        XCTAssertEqual(observer.events, [.error(220, testError)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
    }

    func testFlatMapLatestSwitchesToNewest() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([.next(10, "a1"), .next(30, "a2"), .completed(40)])
        let second = scheduler.createColdObservable([.next(10, "b1"), .completed(20)])
        let source = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(235)])
        let observer = scheduler.start { source.flatMapLatest { $0 == 1 ? first : second } }
        XCTAssertEqual(observer.events, [.next(220, "a1"), .next(240, "b1"), .completed(250)])
        XCTAssertEqual(first.subscriptions, [Subscription(210, 230)])
        XCTAssertEqual(second.subscriptions, [Subscription(230, 250)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 235)], "the outer sequence is disposed when it completes")
    }

    func testFlatMapLatestInnerError() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.error(10, testError, Int.self)])
        let source = scheduler.createHotObservable([.next(210, 1)])
        let observer = scheduler.start { source.flatMapLatest { _ in inner } }
        XCTAssertEqual(observer.events, [.error(220, testError)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
    }
}

final class RecordedEventsTests: RxTestCase {
    func testRecordedEventsAsRxSwiftsTestsWriteThem() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable(Recorded.events(.next(210, 1), .next(220, 2), .completed(230)))
        let observer = scheduler.start { source.map { $0 * 10 } }
        XCTAssertEqual(observer.events, Recorded.events(.next(210, 10), .next(220, 20), .completed(230)))
        XCTAssertEqual(Recorded.events([.next(1, "a")]), [.next(1, "a")])
    }
}

final class TestableObservableTests: RxTestCase {
    func testAsObservableWrapsATestableObservableAndStillRecordsSubscriptions() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let wrapped = source.asObservable()
        XCTAssertFalse((wrapped as AnyObject) === (source as AnyObject), "asObservable() is a wrapper, as in RxTest")
        let observer = scheduler.start { wrapped }
        XCTAssertEqual(observer.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
    }
}

/// `publish`, `replay`, `multicast`, `connect` and `refCount`, as RxSwift's.
final class ConnectableTests: RxTestCase {
    func testMulticastMakesANewSubjectForEachConnection() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        var made = 0
        let connectable = source.multicast(makeSubject: { () -> PublishSubject<Int> in
            made += 1
            return PublishSubject<Int>()
        })
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        var connection: Disposable?
        scheduler.scheduleAt(100) { _ = connectable.subscribe(first) }
        scheduler.scheduleAt(200) { connection = connectable.connect() }
        scheduler.scheduleAt(300) { connection?.dispose() }
        scheduler.scheduleAt(400) { _ = connectable.subscribe(second); connection = connectable.connect() }
        scheduler.start()
        XCTAssertEqual(first.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(second.events, [.next(410, 1), .completed(420)], "after a disconnection the next connection has a fresh subject, not the completed one")
        XCTAssertEqual(made, 2)
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220), Subscription(400, 420)])
    }

    func testMulticastWithASelectorConnectsForEachSubscriber() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let observer = scheduler.start { source.multicast({ PublishSubject<Int>() }, selector: { shared in Observable.zip(shared, shared.map { $0 * 10 }) { $0 + $1 } }) }
        XCTAssertEqual(observer.events, [.next(210, 11), .next(220, 22), .completed(230)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 230)], "one subscription, shared by both branches")
    }

    func testRefCountStartsANewConnectionForWhoeverComesAfterTheEnd() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let shared = source.publish().refCount()
        let first = scheduler.createObserver(Int.self)
        let again = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) {
            _ = shared.subscribe(onNext: { first.onNext($0) }, onCompleted: {
                first.onCompleted()
                _ = shared.subscribe(again)
            })
        }
        scheduler.start()
        XCTAssertEqual(first.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(again.events, [.next(230, 1), .completed(240)], "subscribing from the end's handler connects anew")
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220), Subscription(220, 240)])

        let ended = PublishSubject<Int>()
        ended.onCompleted()
        let other = TestScheduler(initialClock: 0)
        let untouched = other.createColdObservable([.next(10, 1)])
        let connectable = untouched.multicast(ended)
        let late = other.start { connectable.refCount() }
        XCTAssertEqual(late.events, [.completed(200)])
        XCTAssertEqual(untouched.subscriptions, [], "a subscriber that ends at once does not connect")
    }

    func testPublishSharesFromConnectUntilDisconnected() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .next(270, 3), .completed(400)])
        let connectable = source.publish()
        let observer = scheduler.createObserver(Int.self)
        var subscription: Disposable?
        var connection: Disposable?
        scheduler.scheduleAt(200) { subscription = connectable.subscribe(observer) }
        scheduler.scheduleAt(230) { connection = connectable.connect() }
        scheduler.scheduleAt(260) { connection?.dispose() }
        scheduler.scheduleAt(300) { subscription?.dispose() }
        scheduler.start()
        XCTAssertEqual(observer.events, [.next(240, 2)])
        XCTAssertEqual(source.subscriptions, [Subscription(230, 260)])
    }

    func testReplaySendsTheBufferToALateSubscriber() {
        let subject = PublishSubject<Int>()
        let connectable = subject.replay(2)
        let connection = connectable.connect()
        XCTAssertTrue((connection as AnyObject) === (connectable.connect() as AnyObject), "connecting twice is one connection")
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        let recorder = EventRecorder<Int>()
        let subscription = connectable.subscribe(recorder)
        XCTAssertEqual(recorder.events, [.next(2), .next(3)])
        subscription.dispose()
        connection.dispose()
        XCTAssertFalse(subject.hasObservers)
    }

    func testRefCountConnectsForTheFirstAndDisconnectsAfterTheLast() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .next(270, 3), .completed(400)])
        let shared = source.publish().refCount()
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        var a: Disposable?
        var b: Disposable?
        scheduler.scheduleAt(200) { a = shared.subscribe(first) }
        scheduler.scheduleAt(220) { b = shared.subscribe(second) }
        scheduler.scheduleAt(250) { a?.dispose() }
        scheduler.scheduleAt(280) { b?.dispose() }
        scheduler.start()
        XCTAssertEqual(first.events, [.next(210, 1), .next(240, 2)])
        XCTAssertEqual(second.events, [.next(240, 2), .next(270, 3)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 280)])
    }
}

/// `merge(maxConcurrent:)`, `catch(sequence:)` and binding to optional relays.
final class MergeAndCatchSequenceTests: RxTestCase {
    func testMergeWithAtMostTwoAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, "a"), .completed(30)])
        let b = scheduler.createColdObservable([.next(10, "b"), .completed(40)])
        let c = scheduler.createColdObservable([.next(5, "c"), .completed(10)])
        let source = scheduler.createHotObservable([.next(210, a.asObservable()), .next(210, b.asObservable()), .next(215, c.asObservable()), .completed(220)])
        let observer = scheduler.start { source.merge(maxConcurrent: 2) }
        XCTAssertEqual(observer.events, [.next(220, "a"), .next(220, "b"), .next(245, "c"), .completed(250)])
        XCTAssertEqual(c.subscriptions, [Subscription(240, 250)], "c waits until a completes at 240")
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
    }

    func testCatchSequenceMovesOnAtEachError() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let second = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let observer = scheduler.start { Observable.catch(sequence: [first.asObservable(), second.asObservable()]) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(230, 2), .completed(240)])
        XCTAssertEqual(first.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(second.subscriptions, [Subscription(220, 240)])

        let last = TestScheduler(initialClock: 0)
        let failing = last.createColdObservable([Recorded<Event<Int>>.error(10, testError)])
        let failed = last.start { Observable.catch(sequence: [failing.asObservable(), failing.asObservable()]) }
        XCTAssertEqual(failed.events, [.error(220, testError)], "the last one's error ends it")
    }

    func testBindToAnOptionalPublishRelay() {
        let relay = PublishRelay<Int?>()
        let recorder = EventRecorder<Int?>()
        let watching = relay.subscribe(recorder)
        let binding = Observable.of(1, 2).bind(to: relay)
        XCTAssertEqual(recorder.events, [.next(1), .next(2)])
        binding.dispose()
        watching.dispose()
    }
}
