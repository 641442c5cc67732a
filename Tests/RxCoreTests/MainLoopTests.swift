import Foundation
import Glibc
import Synchronization
import RxCore
import XCTest

final class MainLoopTests: RxTestCase {
    private let loop = MainLoop.shared

    func testMainSchedulerRunsSynchronouslyOnTheMainThread() {
        XCTAssertTrue(loop.isCurrent)
        var ran = false
        _ = MainScheduler.instance.schedule(()) { _ in
            ran = true
            return Disposables.create()
        }
        XCTAssertTrue(ran)
    }

    func testNestedScheduleKeepsOrder() {
        var log: [String] = []
        _ = MainScheduler.instance.schedule(()) { _ in
            log.append("outer start")
            _ = MainScheduler.instance.schedule(()) { _ in
                log.append("inner")
                return Disposables.create()
            }
            log.append("outer end")
            return Disposables.create()
        }
        XCTAssertEqual(log, ["outer start", "outer end"])
        loop.runPending()
        XCTAssertEqual(log, ["outer start", "outer end", "inner"])
    }

    func testAsyncInstanceRunsOnALaterTurnUnlessDisposed() {
        var log: [Int] = []
        _ = MainScheduler.asyncInstance.schedule(1) { value in
            log.append(value)
            return Disposables.create()
        }
        let cancelled = MainScheduler.asyncInstance.schedule(2) { value in
            log.append(value)
            return Disposables.create()
        }
        cancelled.dispose()
        XCTAssertEqual(log, [])
        loop.runPending()
        XCTAssertEqual(log, [1])
    }

    /// A turn that holds the loop is reported once, as long as it held it
    /// whole: a blocking call turns the loop inside it, and the work of
    /// those inner turns is part of the outer one — their waits are not.
    func testALongTurnIsReportedOnceWithWhatItHeldTheLoop() {
        loop.runPending()
        var reported: [Int64] = []
        let threshold = loop.longTurnThreshold
        loop.longTurnThreshold = 200_000_000
        loop.onLongTurn = { reported.append($0) }
        defer {
            loop.onLongTurn = nil
            loop.longTurnThreshold = threshold
        }
        loop.enqueue {}
        loop.runPending()
        XCTAssertEqual(reported, [], "a short turn is not reported")
        loop.enqueue { [loop] in
            usleep(120_000)
            loop.enqueue { usleep(120_000) }
            loop.runPending()
        }
        loop.runPending()
        XCTAssertEqual(reported.count, 1, "\(reported)")
        XCTAssertGreaterThanOrEqual(reported.first ?? 0, 240_000_000, "the inner turn's work counts in the outer turn")
        XCTAssertGreaterThanOrEqual(loop.longestTurn, reported.first ?? .max)

        // Waiting for a timer inside a turn, as a blocking call waits for its reply, holds nothing.
        reported = []
        loop.enqueue { [loop] in
            var fired = false
            let timer = loop.addTimer(after: 300_000_000) { fired = true }
            loop.run(while: { !fired }, timeout: .seconds(10))
            timer.dispose()
        }
        loop.runPending()
        XCTAssertEqual(reported, [], "a turn that waited 300 ms inside held the loop for none of it")
    }

    func testTimersFireInDeadlineOrder() {
        var log: [String] = []
        _ = loop.addTimer(after: 20_000_000) { log.append("20ms") }
        _ = loop.addTimer(after: 5_000_000) { log.append("5ms") }
        let cancelled = loop.addTimer(after: 1_000_000) { log.append("cancelled") }
        cancelled.dispose()
        XCTAssertTrue(loop.run(while: { log.count < 2 }, timeout: .seconds(5)))
        XCTAssertEqual(log, ["5ms", "20ms"])
    }

    func testRepeatingTimer() {
        var ticks = 0
        let timer = loop.addTimer(after: 1_000_000, repeating: 1_000_000) { ticks += 1 }
        XCTAssertTrue(loop.run(while: { ticks < 3 }, timeout: .seconds(5)))
        timer.dispose()
        XCTAssertEqual(ticks, 3)
    }

    func testPostFromAnotherThreadWakesTheLoop() {
        let box = PostedFlag()
        var thread = pthread_t()
        pthread_create(&thread, nil, { _ in
            usleep(10_000)
            MainLoop.shared.post { PostedFlag.shared.set() }
            return nil
        }, nil)
        XCTAssertTrue(loop.run(while: { !PostedFlag.shared.isSet }, timeout: .seconds(5)))
        pthread_join(thread, nil)
        PostedFlag.shared.reset()
        _ = box
    }

    func testFileDescriptorSourceAndPause() {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        var readable = 0
        let source = loop.addSource(fd: fds[0], events: Int16(POLLIN)) { events in
            XCTAssertNotEqual(events & Int16(POLLIN), 0)
            var byte: UInt8 = 0
            _ = read(fds[0], &byte, 1)
            readable += 1
        }
        var byte: UInt8 = 1
        _ = write(fds[1], &byte, 1)
        XCTAssertTrue(loop.run(while: { readable < 1 }, timeout: .seconds(5)))
        source.events = 0
        _ = write(fds[1], &byte, 1)
        loop.runPending()
        XCTAssertEqual(readable, 1, "a paused source is not handled")
        source.events = Int16(POLLIN)
        loop.runPending()
        XCTAssertEqual(readable, 2)
        source.dispose()
        _ = write(fds[1], &byte, 1)
        loop.runPending()
        XCTAssertEqual(readable, 2, "a removed source is not handled")
    }

    func testAnotherLoopCanDoTheWaiting() {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        loop.runPending()
        var readable = 0
        let source = loop.addSource(fd: fds[0], events: Int16(POLLIN)) { _ in
            var byte: UInt8 = 0
            _ = read(fds[0], &byte, 1)
            readable += 1
        }
        defer { source.dispose() }
        var wait = loop.pendingWait()
        XCTAssertTrue(wait.descriptors.contains { $0.fd == fds[0] && $0.events == Int16(POLLIN) }, "the source's descriptor is asked for")
        XCTAssertEqual(wait.timeout, -1, "nothing is due: wait for ever")
        var byte: UInt8 = 1
        _ = write(fds[1], &byte, 1)
        XCTAssertEqual(poll(&wait.descriptors, nfds_t(wait.descriptors.count), 1000), 1)
        loop.dispatch(ready: wait.descriptors)
        XCTAssertEqual(readable, 1)

        var fired = false
        let timer = loop.addTimer(after: 30_000_000) { fired = true }
        defer { timer.dispose() }
        wait = loop.pendingWait()
        XCTAssertTrue((1...30).contains(wait.timeout), "the timer's wait: \(wait.timeout) ms")
        _ = poll(&wait.descriptors, nfds_t(wait.descriptors.count), wait.timeout)
        loop.dispatch(ready: wait.descriptors)
        XCTAssertTrue(fired, "a due timer runs in dispatch")
        XCTAssertEqual(readable, 1, "a descriptor not ready is not handled")

        var ran = false
        loop.enqueue { ran = true }
        XCTAssertEqual(loop.pendingWait().timeout, 0, "a queued job is ready now")
        loop.dispatch(ready: [])
        XCTAssertTrue(ran)
    }

    func testTimeBasedOperatorsOnTheMainScheduler() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        let subscription = subject
            .debounce(.milliseconds(10), scheduler: MainScheduler.instance)
            .subscribe(onNext: { received.append($0) })
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertTrue(loop.run(while: { received.isEmpty }, timeout: .seconds(5)))
        XCTAssertEqual(received, [2])
        var ticks: [Int] = []
        let interval = Observable<Int>.interval(.milliseconds(2), scheduler: MainScheduler.instance)
            .take(3)
            .subscribe(onNext: { ticks.append($0) })
        XCTAssertTrue(loop.run(while: { ticks.count < 3 }, timeout: .seconds(5)))
        XCTAssertEqual(ticks, [0, 1, 2])
        subscription.dispose()
        interval.dispose()
    }

    func testRunWhileTimesOut() {
        XCTAssertFalse(loop.run(while: { true }, timeout: .milliseconds(5)))
    }
}

/// A flag set from another thread; the tests read it on the main thread.
final class PostedFlag: Sendable {
    static let shared = PostedFlag()
    private let flag = Mutex(false)

    var isSet: Bool {
        flag.withLock { $0 }
    }

    func set() {
        flag.withLock { $0 = true }
    }

    func reset() {
        flag.withLock { $0 = false }
    }
}

final class MainQueueTests: XCTestCase {
    private final class Lines: Sendable {
        let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    func testWorkOnDispatchQueueMainRunsOnTheLoop() {
        let ran = Lines()
        DispatchQueue.main.async { ran.append("main queue, main thread: \(Thread.isMainThread)") }
        DispatchQueue.global().async {
            DispatchQueue.main.async { ran.append("from another thread") }
        }
        MainLoop.shared.run(while: { ran.all.count < 2 }, timeout: .seconds(5))
        XCTAssertEqual(ran.all, ["main queue, main thread: true", "from another thread"])
        let before = clock()
        MainLoop.shared.run(while: { true }, timeout: .milliseconds(500))
        XCTAssertLessThan(Double(clock() - before) / Double(CLOCKS_PER_SEC), 0.1, "the drained queue leaves the loop asleep")
    }

    func testMainSchedulerWorkAlsoRunsUnderFoundationsRunLoop() {
        var messages: [Int] = []
        _ = MainScheduler.instance.schedule(()) { _ in
            messages.append(1)
            _ = MainScheduler.instance.schedule(()) { _ in
                messages.append(3)
                _ = MainScheduler.instance.schedule(()) { _ in
                    messages.append(5)
                    return Disposables.create()
                }
                messages.append(4)
                return Disposables.create()
            }
            messages.append(2)
            return Disposables.create()
        }
        let fromAnotherThread = Lines()
        DispatchQueue.global().async {
            _ = MainScheduler.instance.schedule(()) { _ in
                fromAnotherThread.append("on the main thread: \(Thread.isMainThread)")
                return Disposables.create()
            }
        }
        let deadline = Date().addingTimeInterval(5)
        while (messages.count < 5 || fromAnotherThread.all.isEmpty) && Date() < deadline {
            _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.05))
        }
        XCTAssertEqual(messages, [1, 2, 3, 4, 5], "nested actions run in order once Foundation's run loop turns, as under XCTest's waits: one scheduled inside a queued action waits for it")
        XCTAssertEqual(fromAnotherThread.all, ["on the main thread: true"])
    }
}
