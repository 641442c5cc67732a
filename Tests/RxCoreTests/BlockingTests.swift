import RxBlocking
import RxCore
import XCTest

/// RxBlocking's `toBlocking()`: waiting on the main thread runs the main loop.
final class BlockingTests: RxTestCase {
    func testToArrayWaitsForTheMainLoop() throws {
        let delayed = Observable.of(1, 2, 3).observe(on: MainScheduler.asyncInstance)
        XCTAssertEqual(try delayed.toBlocking().toArray(), [1, 2, 3])
        XCTAssertEqual(try delayed.toBlocking().first(), 1)
        XCTAssertEqual(try delayed.toBlocking().last(), 3)
        XCTAssertEqual(try Observable.just(7).toBlocking().single(), 7)
    }

    func testErrorsAndTimeouts() {
        XCTAssertThrowsError(try Observable<Int>.error(testError).toBlocking().toArray()) { XCTAssertEqual($0 as? TestError, testError) }
        guard case .failed(let elements, let error) = Observable<Int>.never().startWith(1).toBlocking(timeout: 0.05).materialize() else {
            return XCTFail("a sequence that never ends times out")
        }
        XCTAssertEqual(elements, [1])
        guard case .timeout? = error as? RxError else { return XCTFail("expected RxError.timeout, got \(error)") }
        XCTAssertThrowsError(try Observable.of(1, 2).toBlocking().single())
    }
}
