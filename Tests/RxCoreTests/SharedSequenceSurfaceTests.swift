import Foundation
import RxCore
import RxTest
import XCTest

/// RxCocoa's `Driver`/`Signal` surface beyond the basics: creation, the
/// operators across strategies, arities, bindings into relays and
/// observers, the async bridge, and `NotificationCenter`'s notifications.
/// Timed cases run on a `TestScheduler` through `SharingScheduler.mock`.
final class SharedSequenceSurfaceTests: RxTestCase {
    func testCreationSendsOnTheStrategysScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            XCTAssertEqual(scheduler.start { Driver.of(1, 2).asObservable() }.events, [.next(201, 1), .next(202, 2), .completed(203)])
        }
        let optional = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: optional) {
            XCTAssertEqual(optional.start { Signal.from(optional: Int?.none).asObservable() }.events, [.completed(201)])
        }
        let ticks = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: ticks) {
            XCTAssertEqual(ticks.start(disposed: 235) { Driver<Int>.timer(.seconds(10), period: .seconds(10)).asObservable() }.events,
                           [.next(210, 0), .next(220, 1), .next(230, 2)])
        }
    }

    func testArityFormsCombineThreeOrMoreSources() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let a = scheduler.createHotObservable([.next(210, 1), .next(240, 2)]).asDriver(onErrorJustReturn: 0)
            let b = scheduler.createHotObservable([.next(220, "x")]).asDriver(onErrorJustReturn: "")
            let c = scheduler.createHotObservable([.next(230, 0.5)]).asDriver(onErrorJustReturn: 0)
            let combined = scheduler.start {
                Driver.combineLatest(a, b, c) { "\($0)\($1)\($2)" }.asObservable()
            }
            XCTAssertEqual(combined.events.map(\.value.element), ["1x0.5", "2x0.5"])
            let zipped = TestScheduler(initialClock: 0)
            SharingScheduler.mock(scheduler: zipped) {
                let x = zipped.createHotObservable([.next(210, 1), .next(220, 2)]).asSignal(onErrorJustReturn: 0)
                let y = zipped.createHotObservable([.next(215, "a"), .next(225, "b")]).asSignal(onErrorJustReturn: "")
                let z = zipped.createHotObservable([.next(230, true), .next(240, false)]).asSignal(onErrorJustReturn: false)
                let tuples = zipped.start { Signal.zip(x, y, z).map { "\($0.0)\($0.1)\($0.2)" }.asObservable() }
                XCTAssertEqual(tuples.events.map(\.value.element), ["1atrue", "2bfalse"])
            }
        }
    }

    func testOperatorsAcrossStrategiesAndMerging() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let taps = scheduler.createHotObservable([.next(210, 1), .next(230, 2)]).asSignal(onErrorJustReturn: 0)
            let states = scheduler.start {
                taps.flatMapLatest { tap in Driver.just(tap * 10) }.asObservable()
            }
            XCTAssertEqual(states.events.map(\.value.element), [10, 20], "a Signal's taps mapped to Drivers")
        }
        let merging = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: merging) {
            let first = merging.createHotObservable([.next(210, "a"), .next(230, "c")]).asDriver(onErrorJustReturn: "")
            let second = merging.createHotObservable([.next(220, "b")]).asDriver(onErrorJustReturn: "")
            XCTAssertEqual(merging.start { Driver.merge(first, second).asObservable() }.events.map(\.value.element), ["a", "b", "c"])
        }
        let switching = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: switching) {
            let one = switching.createHotObservable([.next(215, 1), .next(235, 3)]).asDriver(onErrorJustReturn: 0)
            let two = switching.createHotObservable([.next(240, 2), .next(250, 4)]).asDriver(onErrorJustReturn: 0)
            let outer = switching.createHotObservable([.next(210, one), .next(230, two)]).asDriver(onErrorJustReturn: .empty())
            XCTAssertEqual(switching.start { outer.switchLatest().asObservable() }.events.map(\.value.element), [1, 2, 4],
                           "3 comes from the source switched away from")
        }
    }

    func testDrivingAndEmittingIntoRelaysAndOptionalObservers() {
        let source = PublishSubject<Int>()
        let driver = source.asDriver(onErrorJustReturn: -1)
        let values = BehaviorRelay<Int>(value: 0)
        let optionals = BehaviorRelay<Int?>(value: nil)
        let replayed = ReplayRelay<Int>.create(bufferSize: 2)
        let recorder = EventRecorder<Int?>()
        let bindings = [driver.drive(values), driver.drive(optionals), driver.drive(replayed), driver.drive(recorder)]
        source.onNext(1)
        source.onNext(2)
        XCTAssertEqual(values.value, 2)
        XCTAssertEqual(optionals.value, 2)
        XCTAssertEqual(recorder.elements, [1, 2])
        var replay: [Int] = []
        _ = replayed.subscribe(onNext: { replay.append($0) }).dispose()
        XCTAssertEqual(replay, [1, 2])
        bindings.forEach { $0.dispose() }

        let taps = PublishSubject<String>()
        let published = PublishRelay<String?>()
        var heard: [String?] = []
        let listening = published.subscribe(onNext: { heard.append($0) })
        let emitting = taps.asSignal(onErrorJustReturn: "").emit(to: published)
        taps.onNext("tap")
        XCTAssertEqual(heard, ["tap"])
        emitting.dispose()
        listening.dispose()
    }

    func testDriveWithAnObjectStopsOnceItIsGone() {
        final class Screen {
            var titles: [String] = []
        }
        let source = PublishSubject<String>()
        var screen: Screen? = Screen()
        let weakScreen = { [weak screen] in screen }
        let binding = source.asDriver(onErrorJustReturn: "").drive(with: screen!, onNext: { screen, title in screen.titles.append(title) })
        source.onNext("first")
        XCTAssertEqual(weakScreen()?.titles, ["first"])
        screen = nil
        source.onNext("second")
        XCTAssertNil(weakScreen(), "the binding does not keep the object alive")
        binding.dispose()
    }

    func testAsSharedSequenceAndTheRelaysConversions() {
        let failing = PublishSubject<Int>()
        var received: [Int] = []
        let subscription = failing.asSharedSequence(sharingStrategy: DriverSharingStrategy.self, onErrorJustReturn: -1)
            .drive(onNext: { received.append($0) })
        failing.onNext(1)
        failing.onError(testError)
        MainLoop.shared.run(while: { received.count < 2 }, timeout: .seconds(1))
        XCTAssertEqual(received, [1, -1])
        subscription.dispose()

        let relay = BehaviorRelay(value: "now")
        var latest: [String] = []
        let driven = relay.asDriver().drive(onNext: { latest.append($0) })
        XCTAssertEqual(latest, ["now"], "a relay's Driver starts with its value")
        driven.dispose()
        let events = PublishRelay<Int>()
        var heard: [Int] = []
        let emitted = events.asSignal().emit(onNext: { heard.append($0) })
        events.accept(7)
        XCTAssertEqual(heard, [7], "a relay's Signal passes its elements on")
        emitted.dispose()
    }

    func testValuesIterateADriverUntilItCompletes() async {
        let collected = await MainActor.run { () -> Task<[Int], Never> in
            let driver = Driver.of(1, 2, 3)
            return Task { @MainActor in
                var all: [Int] = []
                for await value in driver.values {
                    all.append(value)
                }
                return all
            }
        }
        let values = await collected.value
        XCTAssertEqual(values, [1, 2, 3])
    }

    func testNotificationsFromACenter() {
        let center = NotificationCenter()
        let name = Notification.Name("rxwidgets.test")
        let sender = NSObject()
        var fromAny = 0
        var fromSender = 0
        let any = center.rx.notification(name).subscribe(onNext: { _ in fromAny += 1 })
        let only = center.rx.notification(name, object: sender).subscribe(onNext: { _ in fromSender += 1 })
        center.post(name: name, object: nil)
        center.post(name: name, object: sender)
        XCTAssertEqual(fromAny, 2)
        XCTAssertEqual(fromSender, 1)
        any.dispose()
        only.dispose()
        center.post(name: name, object: sender)
        XCTAssertEqual(fromAny + fromSender, 3, "nothing after disposal")
    }
}
