import RxCore
import RxTest
import XCTest

/// `Single`, `Maybe` and `Completable`, as RxSwift's traits behave.
final class TraitTests: RxTestCase {
    func testSingleCreateSendsOneResultAndIgnoresTheRest() {
        var results: [String] = []
        let single = Single<Int>.create { observer in
            observer(.success(1))
            observer(.success(2))
            observer(.failure(testError))
            return Disposables.create()
        }
        _ = single.subscribe(onSuccess: { results.append("success \($0)") }, onFailure: { results.append("failure \($0)") }, onDisposed: { results.append("disposed") })
        XCTAssertEqual(results, ["success 1", "disposed"])
    }

    func testAsSingleOnVirtualTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let one = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        let observer = scheduler.start { one.asSingle().map { $0 * 10 } }
        XCTAssertEqual(observer.events, [.next(250, 10), .completed(250)])
        XCTAssertEqual(one.subscriptions, [Subscription(200, 250)])

        let two = TestScheduler(initialClock: 0)
        let many = two.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        let failed = two.start { many.asSingle() }
        XCTAssertEqual(failed.events.map(\.time), [220])
        XCTAssertEqual(many.subscriptions, [Subscription(200, 220)], "disposed at the second element")
        guard case .error(let error as RxError)? = failed.events.first?.value, case .moreThanOneElement = error else {
            return XCTFail("expected moreThanOneElement, got \(failed.events)")
        }

        let three = TestScheduler(initialClock: 0)
        let empty = three.createHotObservable([Recorded<Event<Int>>.completed(250)])
        let none = three.start { empty.asSingle() }
        guard case .error(let noElements as RxError)? = none.events.first?.value, case .noElements = noElements else {
            return XCTFail("expected noElements, got \(none.events)")
        }
    }

    func testToArrayGathersEveryElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        let observer = scheduler.start { source.toArray() }
        XCTAssertEqual(observer.events, [.next(250, [1, 2]), .completed(250)])
        var gathered: [Int] = []
        _ = Observable.range(start: 0, count: 200_000).toArray().subscribe(onSuccess: { gathered = $0 })
        XCTAssertEqual(gathered, Array(0..<200_000), "gathered in place, so a long sequence is linear")
    }

    func testMaybeCompletesWithOrWithoutAnElement() {
        var log: [String] = []
        _ = Maybe<Int>.just(3).subscribe(onSuccess: { log.append("success \($0)") }, onCompleted: { log.append("completed") })
        _ = Maybe<Int>.empty().subscribe(onSuccess: { log.append("success \($0)") }, onCompleted: { log.append("completed") })
        _ = Observable.of(1, 2).asMaybe().subscribe(onError: { log.append("error \($0)") })
        _ = Maybe<Int>.empty().ifEmpty(default: 9).subscribe(onSuccess: { log.append("default \($0)") })
        XCTAssertEqual(log, ["success 3", "completed", "error \(RxError.moreThanOneElement)", "default 9"])
    }

    func testCompletableAndThen() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        let observer = scheduler.start { first.ignoreElements().asCompletable().andThen(Single.just("next")) }
        XCTAssertEqual(observer.events, [.next(250, "next"), .completed(250)])
        var log: [String] = []
        _ = Completable.error(testError).subscribe(onCompleted: { log.append("completed") }, onError: { log.append("error \($0)") })
        _ = Completable.empty().andThen(Completable.empty()).subscribe(onCompleted: { log.append("completed") })
        XCTAssertEqual(log, ["error \(testError)", "completed"])
    }
}
