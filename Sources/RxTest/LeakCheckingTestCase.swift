import RxCoreEssentials
import XCTest

/// A test case that fails a test which leaves Rx resources alive:
/// `Resources.total` must be back at its starting value once the test's
/// locals are released.
open class LeakCheckingTestCase: XCTestCase {
    private var resourcesAtStart: Int32 = 0

    /// Records the live resources before the test.
    open override func setUp() {
        super.setUp()
        resourcesAtStart = Resources.total
    }

    /// Fails the test when resources are still alive.
    open override func tearDown() {
        XCTAssertEqual(Resources.total, resourcesAtStart, "the test leaked Rx resources")
        super.tearDown()
    }
}
