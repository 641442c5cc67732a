import RxCore
import XCTest

final class DisposablesTests: RxTestCase {
    func testBooleanDisposableRecordsItsDisposal() {
        let disposable = BooleanDisposable()
        XCTAssertFalse(disposable.isDisposed)
        disposable.dispose()
        disposable.dispose()
        XCTAssertTrue(disposable.isDisposed)
        XCTAssertTrue(BooleanDisposable(isDisposed: true).isDisposed)
    }

    func testAnonymousDisposableRunsOnce() {
        var count = 0
        let disposable = Disposables.create { count += 1 }
        XCTAssertFalse(disposable.isDisposed)
        disposable.dispose()
        disposable.dispose()
        XCTAssertEqual(count, 1)
        XCTAssertTrue(disposable.isDisposed)
    }

    func testCompositeDisposesInOrderAndLateInsertsAtOnce() {
        var order: [Int] = []
        let composite = CompositeDisposable(Disposables.create { order.append(1) }, Disposables.create { order.append(2) })
        let key = composite.insert(Disposables.create { order.append(3) })
        XCTAssertEqual(composite.count, 3)
        composite.remove(for: key!)
        XCTAssertEqual(order, [3])
        composite.dispose()
        XCTAssertEqual(order, [3, 1, 2])
        XCTAssertNil(composite.insert(Disposables.create { order.append(4) }))
        XCTAssertEqual(order, [3, 1, 2, 4])
    }

    func testBinaryAndVariadicCreate() {
        var order: [Int] = []
        Disposables.create(Disposables.create { order.append(1) }, Disposables.create { order.append(2) }).dispose()
        Disposables.create(
            Disposables.create { order.append(3) }, Disposables.create { order.append(4) },
            Disposables.create { order.append(5) }, Disposables.create { order.append(6) }
        ).dispose()
        XCTAssertEqual(order, [1, 2, 3, 4, 5, 6])
        let five = CompositeDisposable(
            Disposables.create { order.append(7) }, Disposables.create { order.append(8) }, Disposables.create { order.append(9) },
            Disposables.create { order.append(10) }, Disposables.create { order.append(11) }
        )
        XCTAssertEqual(five.count, 5, "RxSwift's CompositeDisposable of four or more")
        five.dispose()
        XCTAssertEqual(order, Array(1...11))
    }

    func testSerialDisposableDisposesPrevious() {
        var disposed: [Int] = []
        let serial = SerialDisposable()
        serial.disposable = Disposables.create { disposed.append(1) }
        serial.disposable = Disposables.create { disposed.append(2) }
        XCTAssertEqual(disposed, [1])
        serial.dispose()
        XCTAssertEqual(disposed, [1, 2])
        serial.disposable = Disposables.create { disposed.append(3) }
        XCTAssertEqual(disposed, [1, 2, 3])
        XCTAssertTrue(serial.isDisposed)
        let fresh = SerialDisposable()
        XCTAssertFalse(fresh.isDisposed)
        fresh.dispose()
        XCTAssertTrue(fresh.isDisposed, "disposed at once, with nothing set")
    }

    func testSingleAssignmentDisposedBeforeAssignment() {
        var disposed = false
        let single = SingleAssignmentDisposable()
        single.dispose()
        single.setDisposable(Disposables.create { disposed = true })
        XCTAssertTrue(disposed)
    }

    func testDisposeBagDisposesOnDeinit() {
        var disposed: [Int] = []
        var bag: DisposeBag? = DisposeBag()
        Disposables.create { disposed.append(1) }.disposed(by: bag!)
        bag?.insert(Disposables.create { disposed.append(2) }, Disposables.create { disposed.append(3) })
        XCTAssertEqual(disposed, [])
        bag = nil
        XCTAssertEqual(disposed, [1, 2, 3])
    }

    func testDisposeBagStopsSubscription() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        var bag = DisposeBag()
        subject.subscribe(onNext: { received.append($0) }).disposed(by: bag)
        subject.onNext(1)
        bag = DisposeBag()
        subject.onNext(2)
        XCTAssertEqual(received, [1])
        XCTAssertFalse(subject.hasObservers)
        _ = bag
    }
}
