import RxCore
import XCTest

final class SubjectTests: RxTestCase {
    func testPublishSubjectSendsOnlyLaterEvents() {
        let subject = PublishSubject<Int>()
        subject.onNext(0)
        let recorder = EventRecorder<Int>()
        let subscription = subject.subscribe(recorder)
        subject.onNext(1)
        subject.onNext(2)
        subscription.dispose()
        subject.onNext(3)
        XCTAssertEqual(recorder.events, [.next(1), .next(2)])
    }

    func testPublishSubjectAfterCompletionReplaysOnlyTheEnd() {
        let subject = PublishSubject<Int>()
        subject.onCompleted()
        subject.onNext(1)
        let late = EventRecorder<Int>()
        _ = subject.subscribe(late)
        XCTAssertEqual(late.events, [.completed])
        XCTAssertFalse(subject.hasObservers)
    }

    func testPublishSubjectErrorEndsEverySubscriber() {
        let subject = PublishSubject<Int>()
        let first = EventRecorder<Int>()
        let second = EventRecorder<Int>()
        _ = subject.subscribe(first)
        _ = subject.subscribe(second)
        subject.onError(testError)
        subject.onNext(1)
        XCTAssertEqual(first.events, [.error(testError)])
        XCTAssertEqual(second.events, [.error(testError)])
    }

    func testDisposedSubjectRejectsSubscribers() {
        let subject = PublishSubject<Int>()
        subject.dispose()
        XCTAssertTrue(subject.isDisposed)
        let recorder = EventRecorder<Int>()
        _ = subject.subscribe(recorder)
        guard case .error(RxError.disposed)? = recorder.events.first else {
            return XCTFail("expected RxError.disposed, got \(recorder.events)")
        }
    }

    func testReentrantObserverSendsIntoItsOwnSubject() {
        let subject = PublishSubject<Int>()
        var first: [Int] = []
        var second: [Int] = []
        let a = subject.subscribe(onNext: { value in
            first.append(value)
            if value == 1 {
                subject.onNext(2)
            }
        })
        let b = subject.subscribe(onNext: { second.append($0) })
        subject.onNext(1)
        // Nested events are delivered depth-first, as a synchronous call.
        XCTAssertEqual(first, [1, 2])
        XCTAssertEqual(second, [2, 1])
        a.dispose()
        b.dispose()
    }

    func testObserverMayDisposeItselfAndSubscribeOthersWhileCalled() {
        let subject = PublishSubject<Int>()
        var log: [String] = []
        var selfSubscription: Disposable?
        var added: Disposable?
        selfSubscription = subject.subscribe(onNext: { value in
            log.append("a\(value)")
            selfSubscription?.dispose()
            added = subject.subscribe(onNext: { log.append("c\($0)") })
        })
        let b = subject.subscribe(onNext: { log.append("b\($0)") })
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(log, ["a1", "b1", "b2", "c2"])
        b.dispose()
        added?.dispose()
        selfSubscription = nil
    }

    func testBehaviorSubjectSendsCurrentValueFirst() throws {
        let subject = BehaviorSubject(value: 0)
        subject.onNext(1)
        let recorder = EventRecorder<Int>()
        let subscription = subject.subscribe(recorder)
        subject.onNext(2)
        XCTAssertEqual(recorder.events, [.next(1), .next(2)])
        XCTAssertEqual(try subject.value(), 2)
        subscription.dispose()
    }

    func testBehaviorSubjectValueThrowsAfterError() {
        let subject = BehaviorSubject(value: 0)
        subject.onError(testError)
        XCTAssertThrowsError(try subject.value()) { error in
            XCTAssertEqual(error as? TestError, testError)
        }
        let late = EventRecorder<Int>()
        _ = subject.subscribe(late)
        XCTAssertEqual(late.events, [.error(testError)])
    }

    func testBehaviorSubjectValueThrowsAfterDispose() {
        let subject = BehaviorSubject(value: 0)
        subject.dispose()
        XCTAssertThrowsError(try subject.value())
    }

    func testReplaySubjectReplaysTheBuffer() {
        let subject = ReplaySubject<Int>.create(bufferSize: 2)
        for value in 1...5 {
            subject.onNext(value)
        }
        let recorder = EventRecorder<Int>()
        let subscription = subject.subscribe(recorder)
        subject.onNext(6)
        XCTAssertEqual(recorder.events, [.next(4), .next(5), .next(6)])
        subscription.dispose()
    }

    func testEventsSentDuringAReplayFollowTheReplayedElements() {
        let subject = ReplaySubject<Int>.create(bufferSize: 3)
        subject.onNext(1)
        subject.onNext(2)
        var received: [Int] = []
        let subscription = subject.subscribe(onNext: { value in
            received.append(value)
            if value == 1 { subject.onNext(3) }
            if value == 3 { subject.onCompleted() }
        }, onCompleted: { received.append(-1) })
        subject.onNext(4)
        XCTAssertEqual(received, [1, 2, 3, -1], "3, sent while 1 was replayed, comes after 2; nothing after the end")
        subscription.dispose()
    }

    func testReplaySubjectBufferStaysBoundedOverManyElements() {
        let subject = ReplaySubject<Int>.create(bufferSize: 3)
        for value in 0..<10_000 {
            subject.onNext(value)
        }
        let recorder = EventRecorder<Int>()
        _ = subject.subscribe(recorder).dispose()
        XCTAssertEqual(recorder.elements, [9_997, 9_998, 9_999])
    }

    func testUnboundedReplayAfterCompletion() {
        let subject = ReplaySubject<Int>.createUnbounded()
        subject.onNext(1)
        subject.onNext(2)
        subject.onCompleted()
        let recorder = EventRecorder<Int>()
        _ = subject.subscribe(recorder)
        XCTAssertEqual(recorder.events, [.next(1), .next(2), .completed])
    }

    func testPublishRelay() {
        let relay = PublishRelay<String>()
        let recorder = EventRecorder<String>()
        let subscription = relay.subscribe(recorder)
        relay.accept("a")
        relay.accept("b")
        XCTAssertEqual(recorder.events, [.next("a"), .next("b")])
        subscription.dispose()
    }

    func testBehaviorRelayValueAndAccept() {
        let relay = BehaviorRelay(value: 1)
        let recorder = EventRecorder<Int>()
        let subscription = relay.subscribe(recorder)
        relay.accept(2)
        XCTAssertEqual(relay.value, 2)
        XCTAssertEqual(recorder.events, [.next(1), .next(2)])
        subscription.dispose()
    }
}
