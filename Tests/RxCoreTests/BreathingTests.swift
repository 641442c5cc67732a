import Glibc
import RxCoreEssentials
import XCTest

final class BreathingTests: XCTestCase {
    /// Work that calls `breathe()` all the time breathes once an interval,
    /// a breather that breathes does not nest, and a disposed one is gone.
    func testBreathersRunOnceAnIntervalWithoutNesting() {
        var breaths = 0
        let breather = Breathing.shared.add {
            breaths += 1
            Breathing.shared.breathe()
        }
        usleep(UInt32(Breathing.interval / 1_000))
        let end = MonotonicClock.now().adding(Breathing.interval * 10)
        var calls = 0
        while MonotonicClock.now() < end {
            Breathing.shared.breathe()
            calls += 1
        }
        XCTAssertGreaterThan(calls, 1_000)
        XCTAssertTrue((5...11).contains(breaths), "\(breaths) breaths in ten intervals")
        breather.dispose()
        usleep(UInt32(Breathing.interval / 1_000))
        Breathing.shared.breathe()
        XCTAssertTrue((5...11).contains(breaths), "none after disposal: \(breaths)")
    }
}
