import RxWidgets
import XCTest

/// A test case that fails when a test leaves Rx resources or proxies alive,
/// and that records the delegate-proxy errors reported during the test.
class WidgetTestCase: XCTestCase {
    private var resourcesAtStart: Int32 = 0
    private var savedHandler: DelegateProxyDiagnostics.Handler?
    let reportedErrors = ReportedErrors()

    override func setUp() {
        super.setUp()
        resourcesAtStart = Resources.total
        savedHandler = DelegateProxyDiagnostics.handler
        let reported = reportedErrors
        DelegateProxyDiagnostics.handler = { reported.record($0) }
    }

    override func tearDown() {
        if let savedHandler {
            DelegateProxyDiagnostics.handler = savedHandler
        }
        XCTAssertEqual(Resources.total, resourcesAtStart, "a test leaked Rx resources")
        super.tearDown()
    }
}

final class ReportedErrors: @unchecked Sendable {
    // Safe because the widget tests run on the main thread only, where the
    // proxies report their errors.
    private(set) var all: [DelegateProxyError] = []

    func record(_ error: DelegateProxyError) {
        all.append(error)
    }
}

/// XCTest brings Foundation's `IndexPath`; the widgets' own is meant here.
typealias IndexPath = RxWidgets.IndexPath
