import RxCore
import RxTest
import XCTest

/// A test case that fails when a test leaves resources alive: `Resources.total`
/// must be back at its starting value once the test's locals are released.
class RxTestCase: XCTestCase {
    private var resourcesAtStart: Int32 = 0

    override func setUp() {
        super.setUp()
        resourcesAtStart = Resources.total
    }

    override func tearDown() {
        XCTAssertEqual(Resources.total, resourcesAtStart, "a test leaked Rx resources")
        super.tearDown()
    }
}

struct TestError: Error, Equatable, CustomStringConvertible {
    let name: String

    init(_ name: String = "test") {
        self.name = name
    }

    var description: String {
        "TestError(\(name))"
    }
}

let testError = TestError()

/// Collects every event of a subscription made outside virtual time.
final class EventRecorder<Element>: ObserverType {
    private(set) var events: [Event<Element>] = []

    func on(_ event: Event<Element>) {
        events.append(event)
    }

    var elements: [Element] {
        events.compactMap(\.element)
    }
}
