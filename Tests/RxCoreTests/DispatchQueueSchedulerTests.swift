import Dispatch
import Foundation
import RxBlocking
import RxCore
import XCTest

/// RxSwift's dispatch-queue schedulers: work off the main thread, in order
/// on a serial one, cancellable from any thread.
final class DispatchQueueSchedulerTests: RxTestCase {
    func testObserveOnASerialQueueKeepsOrderAndLeavesTheMainThread() throws {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "rxwidgets.test.serial")
        let values = try Observable.range(start: 0, count: 100)
            .observe(on: scheduler)
            .map { ($0, MainLoop.shared.isCurrent) }
            .toBlocking(timeout: 10)
            .toArray()
        XCTAssertEqual(values.map(\.0), Array(0..<100), "in order")
        XCTAssertFalse(values.contains { $0.1 }, "never on the main thread")
        // The actions scheduled for events the first drain delivered still
        // run (finding nothing to do); let them, before resources are counted.
        scheduler.queue.sync {}
    }

    func testTimedAndCancelledActions() throws {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let start = DispatchTime.now()
        let fired = try Observable<Int>.timer(.milliseconds(30), scheduler: scheduler).toBlocking(timeout: 10).first()
        XCTAssertEqual(fired, 0)
        XCTAssertGreaterThanOrEqual(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds, 30_000_000)

        let ran = DispatchSemaphore(value: 0)
        let cancelled = scheduler.scheduleRelative((), dueTime: .milliseconds(50)) { _ in
            ran.signal()
            return Disposables.create()
        }
        cancelled.dispose()
        XCTAssertEqual(ran.wait(timeout: .now() + .milliseconds(150)), .timedOut, "a disposed action never runs")
    }
}

/// RxSwift's `OperationQueueScheduler`: actions are operations on the queue,
/// limited by its concurrency, cancelled when disposed before they start.
final class OperationQueueSchedulerTests: RxTestCase {
    func testActionsRunAsOperationsOnTheQueueInOrderWhenItIsSerial() throws {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let scheduler = OperationQueueScheduler(operationQueue: queue, queuePriority: .high)
        XCTAssertEqual(scheduler.queuePriority, .high)
        let values = try Observable.range(start: 0, count: 50)
            .observe(on: scheduler)
            .map { ($0, OperationQueue.current === queue) }
            .toBlocking(timeout: 10)
            .toArray()
        XCTAssertEqual(values.map(\.0), Array(0..<50))
        XCTAssertTrue(values.allSatisfy(\.1), "every element is delivered from the queue's operations")
        queue.waitUntilAllOperationsAreFinished()
    }

    func testDisposingBeforeTheOperationStartsCancelsIt() {
        let queue = OperationQueue()
        queue.isSuspended = true
        let scheduler = OperationQueueScheduler(operationQueue: queue)
        let ran = DispatchSemaphore(value: 0)
        let scheduled = scheduler.schedule(()) { _ in
            ran.signal()
            return Disposables.create()
        }
        XCTAssertEqual(queue.operationCount, 1, "the action waits on the suspended queue as an operation")
        scheduled.dispose()
        XCTAssertTrue(queue.operations.allSatisfy(\.isCancelled))
        queue.isSuspended = false
        queue.waitUntilAllOperationsAreFinished()
        XCTAssertEqual(ran.wait(timeout: .now() + .milliseconds(100)), .timedOut, "a cancelled operation never runs the action")
    }
}
