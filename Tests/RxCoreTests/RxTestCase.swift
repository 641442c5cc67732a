import RxCore
import RxTest
import XCTest

/// The base of these tests: every test is checked for leaks.
typealias RxTestCase = LeakCheckingTestCase

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
