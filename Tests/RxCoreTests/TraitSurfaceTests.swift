import RxBlocking
import RxCore
import RxTest
import XCTest

/// The traits' RxSwift surface and the behaviour differences fixed with it.
final class TraitSurfaceTests: XCTestCase {
    func testAbsoluteVirtualSchedulingIsNotMovedToTheNextTick() {
        let scheduler = TestScheduler(initialClock: 0)
        var ranAt: [String: Int] = [:]
        scheduler.scheduleAt(10) {
            _ = scheduler.scheduleAbsoluteVirtual((), time: scheduler.clock) { _ in
                ranAt["absolute"] = scheduler.clock
                return Disposables.create()
            }
            _ = scheduler.schedule(()) { _ in
                ranAt["now"] = scheduler.clock
                return Disposables.create()
            }
        }
        scheduler.start()
        XCTAssertEqual(ranAt, ["absolute": 10, "now": 11])
    }

    func testSharedSequencesDeliverOnTheMockedScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        var observer: TestableObserver<Int>?
        SharingScheduler.mock(scheduler: scheduler) {
            let driver = Observable.just(7).asDriver(onErrorJustReturn: 0)
            observer = scheduler.start { driver.asObservable() }
        }
        XCTAssertEqual(observer?.events.first, .next(201, 7))
        XCTAssertTrue(SharingScheduler.make() is MainScheduler)
    }

    /// RxCocoa makes a fresh `MainScheduler()` for each shared sequence, so
    /// a `Driver` subscribed inside an action of `MainScheduler.instance`
    /// delivers at once, not behind the instance's queued work.
    func testADriverDeliversAtOnceInsideAMainSchedulerAction() {
        var log: [String] = []
        var subscription: Disposable?
        _ = MainScheduler.instance.schedule(()) { _ in
            _ = MainScheduler.instance.schedule(()) { _ in
                log.append("queued on the instance")
                return Disposables.create()
            }
            subscription = Observable.just(1).asDriver(onErrorJustReturn: 0).drive(onNext: { log.append("driver \($0)") })
            log.append("after drive")
            return Disposables.create()
        }
        MainLoop.shared.run(while: { log.count < 3 }, timeout: .seconds(1))
        XCTAssertEqual(log, ["driver 1", "after drive", "queued on the instance"])
        subscription?.dispose()
    }

    func testTraitOperatorsKeepTheirTraits() throws {
        let zipped = Single.zip(Single.just(1), Single.just("a"), Single.just(true))
        let tuple = try zipped.asObservable().toBlocking().single()
        XCTAssertEqual(tuple.0, 1)
        XCTAssertEqual(tuple.1, "a")
        XCTAssertEqual(tuple.2, true)
        XCTAssertEqual(try Single.just(4).filter { $0 > 5 }.asObservable().toBlocking().toArray(), [])
        XCTAssertEqual(try Maybe<Int>.empty().ifEmpty(default: 9).asObservable().toBlocking().single(), 9)
        let first: Int?? = try Observable<Int>.empty().first().asObservable().toBlocking().single()
        XCTAssertEqual(first, .some(nil))
        let sum = Infallible.combineLatest(Infallible.just(2), Infallible.of(3, 4)) { $0 + $1 }
        XCTAssertEqual(try sum.asObservable().toBlocking().toArray(), [5, 6])
    }

    func testAwaitedTraitsAndAsyncSequences() async throws {
        let value = try await Single.just(42).value
        XCTAssertEqual(value, 42)
        let nothing = try await Maybe<Int>.empty().value
        XCTAssertNil(nothing)
        do {
            try await Completable.error(RxError.unknown).value
            XCTFail("an error was not thrown")
        } catch RxError.unknown {}
        let created = try await Single<Int>.create { 6 * 7 }.value
        XCTAssertEqual(created, 42)
        var received: [Int] = []
        for try await element in Observable.from([1, 2, 3]).values {
            received.append(element)
        }
        XCTAssertEqual(received, [1, 2, 3])
        let stream = AsyncStream<Int> { continuation in
            (1...3).forEach { continuation.yield($0) }
            continuation.finish()
        }
        let gathered = try await stream.asObservable().toArray().value
        XCTAssertEqual(gathered, [1, 2, 3])
    }
}
