import Dispatch
import RxCore
import RxTest
import XCTest

/// RxCocoa's rule that a control is subscribed on the main thread, whatever
/// thread subscribes (failure cause 7 of the fidelity issue).
final class ConcurrentMainSchedulerTests: RxTestCase {
    /// Hands non-Sendable values to another thread in a test that waits for it.
    private final class Handover: @unchecked Sendable {
        // Safe because the test thread only reads these after the other
        // thread has finished with them (it waits on the main loop until then).
        var event: ControlEvent<Int>?
        var subscription: Disposable?
        var done = false
    }

    func testAControlEventIsSubscribedOnTheMainThread() {
        var subscribedOnMain: [Bool] = []
        let event = ControlEvent<Int>(events: Observable.create { observer in
            subscribedOnMain.append(MainLoop.shared.isCurrent)
            observer.onNext(1)
            return Disposables.create()
        })
        let recorder = EventRecorder<Int>()
        let onMain = event.subscribe(recorder)
        XCTAssertEqual(subscribedOnMain, [true], "on the main thread it subscribes at once")
        XCTAssertEqual(recorder.events, [.next(1)])
        onMain.dispose()

        let handover = Handover()
        handover.event = event
        DispatchQueue.global().async {
            handover.subscription = handover.event?.subscribe(onNext: { _ in })
            MainLoop.shared.post { handover.done = true }
        }
        XCTAssertTrue(MainLoop.shared.run(while: { !handover.done || subscribedOnMain.count < 2 }, timeout: .seconds(5)))
        XCTAssertEqual(subscribedOnMain, [true, true], "from another thread it subscribes on the main loop")
        handover.subscription?.dispose()
        MainLoop.shared.runPending()
        // The worker's closure may outlive the test for a moment: leave it
        // nothing that holds Rx resources.
        handover.subscription = nil
        handover.event = nil
    }

    /// XCTest's waits turn Foundation's run loop, not the main loop: work
    /// a background thread hands the scheduler runs under either.
    func testWorkFromAnotherThreadRunsUnderFoundationsRunLoop() {
        let ran = expectation(description: "the action ran on the main thread")
        DispatchQueue.global().async {
            _ = ConcurrentMainScheduler.instance.schedule(()) { _ in
                XCTAssertTrue(MainLoop.shared.isCurrent)
                ran.fulfill()
                return Disposables.create()
            }
        }
        wait(for: [ran], timeout: 5)
    }

    /// The main scheduler's timers fire under Foundation's run loop too:
    /// a `Driver`'s `delay` and `throttle` wait on them.
    func testMainSchedulerTimersFireUnderFoundationsRunLoop() {
        let fired = expectation(description: "the delayed element and the periodic ticks arrived")
        var events: [String] = []
        let delayed = Observable.just("delayed").delay(.milliseconds(20), scheduler: MainScheduler.instance)
            .subscribe(onNext: { events.append($0) })
        let ticks = Observable<Int>.interval(.milliseconds(10), scheduler: MainScheduler.instance).take(3)
            .subscribe(onNext: { events.append("tick \($0)") }, onCompleted: { fired.fulfill() })
        wait(for: [fired], timeout: 5)
        XCTAssertEqual(Set(events), ["delayed", "tick 0", "tick 1", "tick 2"])
        delayed.dispose()
        ticks.dispose()
    }

    func testNestedSchedulingRunsAtOnceOnTheMainThread() {
        var order: [String] = []
        _ = ConcurrentMainScheduler.instance.schedule(()) { _ in
            order.append("outer")
            _ = ConcurrentMainScheduler.instance.schedule(()) { _ in
                order.append("inner")
                return Disposables.create()
            }
            order.append("after inner")
            return Disposables.create()
        }
        XCTAssertEqual(order, ["outer", "inner", "after inner"], "unlike MainScheduler.instance, nesting does not defer")
    }
}
