@testable import RxCoreEssentials
import XCTest

final class BreathingTests: XCTestCase {
    /// Work that calls `breathe()` all the time breathes once an interval,
    /// a breather that breathes does not nest, and a disposed one is gone —
    /// on a clock the test advances, a tenth of an interval a call.
    func testBreathersRunOnceAnIntervalWithoutNesting() {
        var now = MonotonicClock.Instant(nanoseconds: 0)
        let breathing = Breathing(clock: { now })
        var breaths = 0
        let breather = breathing.add {
            breaths += 1
            breathing.breathe()
        }
        for _ in 0..<100 {
            now = now.adding(Breathing.interval / 10)
            breathing.breathe()
        }
        XCTAssertEqual(breaths, 10, "ten intervals, ten breaths; the breather's own breathe() did not nest")
        breather.dispose()
        now = now.adding(Breathing.interval * 2)
        breathing.breathe()
        XCTAssertEqual(breaths, 10, "none after disposal")
    }
}
