import Foundation
import RxBlocking
import RxCore
import RxTest
import XCTest

final class TransformingOperatorTests: RxTestCase {
    func testMap() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(300)])
        let observer = scheduler.start { source.map { $0 * 10 } }
        XCTAssertEqual(observer.events, [.next(210, 20), .next(220, 30), .completed(300)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
    }

    func testMapThrowingEndsWithError() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let observer = scheduler.start {
            source.map { value -> Int in
                if value == 2 { throw testError }
                return value
            }
        }
        XCTAssertEqual(observer.events, [.next(210, 1), .error(220, testError)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
    }

    func testMapDisposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(500, 2)])
        let observer = scheduler.start(disposed: 400) { source.map { $0 } }
        XCTAssertEqual(observer.events, [.next(210, 1)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 400)])
    }

    func testCompactMapDropsNil() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, "1"), .next(220, "x"), .next(230, "3"), .error(240, testError)])
        let observer = scheduler.start { source.compactMap { Int($0) } }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(230, 3), .error(240, testError)])
    }

    func testFilter() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250)])
        let observer = scheduler.start { source.filter { $0 % 2 == 0 } }
        XCTAssertEqual(observer.events, [.next(220, 2), .next(240, 4), .completed(250)])
    }

    func testFilterKeepsOptionalNils() {
        let recorder = EventRecorder<Int?>()
        _ = Observable<Int?>.of(1, nil, 2).filter { _ in true }.subscribe(recorder)
        XCTAssertEqual(recorder.events, [.next(1), .next(nil), .next(2), .completed])
    }

    func testStartWith() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 3), .completed(300)])
        let observer = scheduler.start { source.startWith(1, 2) }
        XCTAssertEqual(observer.events, [.next(200, 1), .next(200, 2), .next(210, 3), .completed(300)])
    }

    func testScan() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let observer = scheduler.start { source.scan(10) { $0 + $1 } }
        XCTAssertEqual(observer.events, [.next(210, 11), .next(220, 13), .next(230, 16), .completed(240)])
    }

    func testScanStateIsPerSubscription() {
        let scan = Observable.of(1, 2).scan(into: [Int]()) { $0.append($1) }
        let first = EventRecorder<[Int]>()
        let second = EventRecorder<[Int]>()
        _ = scan.subscribe(first)
        _ = scan.subscribe(second)
        XCTAssertEqual(first.elements, [[1], [1, 2]])
        XCTAssertEqual(second.elements, [[1], [1, 2]])
    }

    func testReduce() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(240)])
        let observer = scheduler.start { source.reduce(0, accumulator: +, mapResult: { "sum \($0)" }) }
        XCTAssertEqual(observer.events, [.next(240, "sum 3"), .completed(240)])
    }

    func testReduceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
        let observer = scheduler.start { source.reduce(0, accumulator: +) }
        XCTAssertEqual(observer.events, [.error(220, testError)])
    }

    func testDistinctUntilChanged() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([
            .next(210, 1), .next(220, 1), .next(230, 2), .next(240, 2), .next(250, 1), .completed(260),
        ])
        let observer = scheduler.start { source.distinctUntilChanged() }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(230, 2), .next(250, 1), .completed(260)])
    }

    func testDistinctUntilChangedByKeyAndComparer() {
        let words = Observable.of("apple", "avocado", "banana", "blueberry", "cherry")
        let byKey = EventRecorder<String>()
        _ = words.distinctUntilChanged { $0.first }.subscribe(byKey)
        XCTAssertEqual(byKey.elements, ["apple", "banana", "cherry"])
        let byComparer = EventRecorder<String>()
        _ = words.distinctUntilChanged { $0.count == $1.count }.subscribe(byComparer)
        XCTAssertEqual(byComparer.elements, ["apple", "avocado", "banana", "blueberry", "cherry"])
        let byKeyPath = EventRecorder<String>()
        _ = words.distinctUntilChanged(at: \.count).subscribe(byKeyPath)
        XCTAssertEqual(byKeyPath.elements, ["apple", "avocado", "banana", "blueberry", "cherry"])
    }

    func testDistinctUntilChangedComparerError() {
        let recorder = EventRecorder<Int>()
        _ = Observable.of(1, 2).distinctUntilChanged { _, _ in throw testError }.subscribe(recorder)
        XCTAssertEqual(recorder.events, [.next(1), .error(testError)])
    }

    func testSkip() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let observer = scheduler.start { source.skip(2) }
        XCTAssertEqual(observer.events, [.next(230, 3), .completed(240)])
    }

    func testSkipWhile() {
        let recorder = EventRecorder<Int>()
        _ = Observable.of(1, 2, 5, 1).skip(while: { $0 < 3 }).subscribe(recorder)
        XCTAssertEqual(recorder.elements, [5, 1])
    }

    func testTakeCompletesAndDisposesSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(400)])
        let observer = scheduler.start { source.take(2) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(220, 2), .completed(220)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 220)])
    }

    func testTakeZeroCompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1)])
        let observer = scheduler.start { source.take(0) }
        XCTAssertEqual(observer.events, [.completed(200)])
        XCTAssertEqual(source.subscriptions, [])
    }

    func testTakeWhile() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 5), .next(240, 1)])
        let exclusive = scheduler.start { source.take(while: { $0 < 3 }) }
        XCTAssertEqual(exclusive.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 230)])
        let inclusive = EventRecorder<Int>()
        _ = Observable.of(1, 5, 1).take(while: { $0 < 3 }, behavior: .inclusive).subscribe(inclusive)
        XCTAssertEqual(inclusive.events, [.next(1), .next(5), .completed])
    }

    func testTakeWhileThrows() {
        let recorder = EventRecorder<Int>()
        _ = Observable.of(1, 2).take(while: { _ in throw testError }).subscribe(recorder)
        XCTAssertEqual(recorder.events, [.error(testError)])
    }

    func testTakeUntilOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3)])
        let trigger = scheduler.createHotObservable([.next(230, "stop"), .next(250, "again")])
        let observer = scheduler.start { source.take(until: trigger) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(trigger.subscriptions, [Subscription(200, 230)])
    }

    func testTakeUntilOtherCompletingChangesNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(240, 3), .completed(300)])
        let trigger = scheduler.createHotObservable([.completed(220, String.self)])
        let observer = scheduler.start { source.take(until: trigger) }
        XCTAssertEqual(observer.events, [.next(210, 1), .next(240, 3), .completed(300)])
        XCTAssertEqual(trigger.subscriptions, [Subscription(200, 220)], "a completed trigger is disposed at once, as in RxSwift")
    }

    func testTakeUntilOtherError() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(240, 3)])
        let trigger = scheduler.createHotObservable([.error(220, testError, String.self)])
        let observer = scheduler.start { source.take(until: trigger) }
        XCTAssertEqual(observer.events, [.next(210, 1), .error(220, testError)])
    }

    func testTakeUntilPredicate() {
        let recorder = EventRecorder<Int>()
        _ = Observable.of(1, 2, 3, 4).take(until: { $0 == 3 }, behavior: .inclusive).subscribe(recorder)
        XCTAssertEqual(recorder.events, [.next(1), .next(2), .next(3), .completed])
    }

    func testMaterializeAndDematerialize() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
        let materialized = scheduler.start { source.materialize() }
        XCTAssertEqual(materialized.events, [.next(210, .next(1)), .next(220, .error(testError)), .completed(220)])
        let roundTrip = EventRecorder<Int>()
        _ = Observable.of(1, 2).materialize().dematerialize().subscribe(roundTrip)
        XCTAssertEqual(roundTrip.events, [.next(1), .next(2), .completed])
    }
}

/// `groupBy` and `decode`, as RxSwift's.
final class GroupByDecodeTests: RxTestCase {
    func testGroupBySendsEachGroupBeforeItsFirstElement() {
        let subject = PublishSubject<Int>()
        var log: [String] = []
        let bag = DisposeBag()
        subject.groupBy { $0 % 2 == 0 ? "even" : "odd" }
            .subscribe(onNext: { group in
                log.append("group \(group.key)")
                group.subscribe(onNext: { log.append("\(group.key) \($0)") }, onCompleted: { log.append("\(group.key) done") }).disposed(by: bag)
            }, onCompleted: { log.append("completed") })
            .disposed(by: bag)
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        subject.onCompleted()
        XCTAssertEqual(log, ["group odd", "odd 1", "group even", "even 2", "odd 3", "odd done", "even done", "completed"])
    }

    func testTheSourceStaysSubscribedWhileAGroupIs() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3), .completed(300)])
        let groupObserver = scheduler.createObserver(Int.self)
        var outer: Disposable?
        var inner: Disposable?
        scheduler.scheduleAt(200) {
            outer = source.groupBy { $0 % 2 }.subscribe(onNext: { group in
                if group.key == 1 { inner = group.subscribe(groupObserver) }
            })
        }
        scheduler.scheduleAt(230) { outer?.dispose() }
        scheduler.scheduleAt(260) { inner?.dispose() }
        scheduler.start()
        XCTAssertEqual(groupObserver.events, [.next(210, 1), .next(240, 3)])
        XCTAssertEqual(source.subscriptions, [Subscription(200, 260)], "disposed when the last group is")
    }

    func testDecode() throws {
        struct Fruit: Decodable, Equatable { let name: String }
        let decoded = try Observable.just(Data(#"{"name":"apple"}"#.utf8)).decode(type: Fruit.self, decoder: JSONDecoder()).toBlocking().toArray()
        XCTAssertEqual(decoded, [Fruit(name: "apple")])
        XCTAssertThrowsError(try Observable.just(Data("{".utf8)).decode(type: Fruit.self, decoder: JSONDecoder()).toBlocking().toArray())
    }
}
