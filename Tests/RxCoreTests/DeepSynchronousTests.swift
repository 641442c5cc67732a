import RxCore
import RxTest
import XCTest

/// Operators that move from one inner sequence to the next do it in a loop,
/// not by recursion: synchronous sequences by the hundred thousand do not
/// grow the stack.
final class DeepSynchronousTests: RxTestCase {
    private let count = 200_000

    func testMergeWithALimitOverSynchronousInners() {
        var total = 0
        _ = Observable.from(0..<count).map { Observable.just($0) }.merge(maxConcurrent: 1).subscribe(onNext: { total += $0 >= 0 ? 1 : 0 })
        XCTAssertEqual(total, count)
    }

    func testCatchSequenceOverSynchronousFailures() {
        var completed = false
        let failures = Array(repeating: Observable<Int>.error(testError), count: count) + [Observable.just(1)]
        _ = Observable.catch(sequence: failures).subscribe(onCompleted: { completed = true })
        XCTAssertTrue(completed)
    }

    func testRetryWhenOverSynchronousFailures() {
        var attempts = 0
        var completed = false
        let source = Observable<Int>.deferred {
            attempts += 1
            return .error(testError)
        }
        _ = source.retry { (errors: Observable<TestError>) in errors.enumerated().take(while: { $0.index < 200_000 }) }
            .subscribe(onCompleted: { completed = true })
        XCTAssertTrue(completed)
        XCTAssertEqual(attempts, 200_001)
    }

    func testGenerateAndRepeatElementOnTheTrampoline() {
        var generated = 0
        _ = Observable.generate(initialState: 0, condition: { $0 < 200_000 }) { $0 + 1 }.subscribe(onNext: { _ in generated += 1 })
        XCTAssertEqual(generated, count)
        var repeated = 0
        _ = Observable.repeatElement(1).take(count).subscribe(onNext: { repeated += $0 })
        XCTAssertEqual(repeated, count)
    }
}
