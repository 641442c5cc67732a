import RxCore
import RxTest
import XCTest

/// RxCocoa's `Driver` and `Signal`: never failing, shared, on the main loop.
final class SharedSequenceTests: RxTestCase {
    func testDriverReplaysTheLatestAndSharesOneSubscription() {
        let subject = PublishSubject<Int>()
        var subscriptions = 0
        let driver = subject.do(onSubscribe: { subscriptions += 1 }).asDriver(onErrorJustReturn: -1)
        var first: [Int] = []
        var second: [Int] = []
        let a = driver.drive(onNext: { first.append($0) })
        subject.onNext(1)
        let b = driver.drive(onNext: { second.append($0) })
        subject.onNext(2)
        XCTAssertEqual(first, [1, 2])
        XCTAssertEqual(second, [1, 2], "a new subscriber gets the latest element at once")
        XCTAssertEqual(subscriptions, 1, "one subscription to the source, shared")
        a.dispose()
        b.dispose()
        XCTAssertFalse(subject.hasObservers, "disposed when the last subscriber leaves")
    }

    func testAnErrorBecomesTheFallbackElement() {
        let subject = PublishSubject<Int>()
        var log: [String] = []
        let subscription = subject.asDriver(onErrorJustReturn: -1).drive(onNext: { log.append("\($0)") }, onCompleted: { log.append("completed") })
        subject.onNext(1)
        subject.onError(testError)
        // The fallback is scheduled on the main scheduler, busy delivering
        // the error: it comes on the loop's next turn, as in RxSwift.
        MainLoop.shared.run(while: { log.count < 3 }, timeout: .seconds(1))
        XCTAssertEqual(log, ["1", "-1", "completed"])
        subscription.dispose()
    }

    func testSignalReplaysNothing() {
        let subject = PublishSubject<String>()
        let signal = subject.asSignal(onErrorSignalWith: .empty())
        var first: [String] = []
        var second: [String] = []
        let a = signal.emit(onNext: { first.append($0) })
        subject.onNext("tap")
        let b = signal.emit(onNext: { second.append($0) })
        subject.onNext("tap again")
        XCTAssertEqual(first, ["tap", "tap again"])
        XCTAssertEqual(second, ["tap again"], "a signal is an event: nothing is replayed")
        a.dispose()
        b.dispose()
    }

    func testDriveIntoARelayAndOperators() {
        let relay = BehaviorRelay(value: "")
        let subject = PublishSubject<Int>()
        let subscription = subject.asDriver(onErrorJustReturn: 0)
            .filter { $0 > 0 }
            .map { "\($0)" }
            .distinctUntilChanged()
            .startWith("start")
            .drive(relay)
        XCTAssertEqual(relay.value, "start")
        subject.onNext(0)
        subject.onNext(3)
        XCTAssertEqual(relay.value, "3")
        subscription.dispose()
    }

    func testControlPropertyAsDriver() {
        let values = BehaviorRelay(value: 1)
        let property = ControlProperty(values: values.asObservable(), valueSink: AnyObserver<Int> { _ in })
        var seen: [Int] = []
        let subscription = property.asDriver().drive(onNext: { seen.append($0) })
        values.accept(2)
        XCTAssertEqual(seen, [1, 2])
        subscription.dispose()
    }
}
