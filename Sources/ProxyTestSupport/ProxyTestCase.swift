import RxDelegate
import RxTest
import XCTest

/// A leak-checking test case that also records the delegate-proxy errors
/// reported during each test, instead of logging them.
open class ProxyTestCase: LeakCheckingTestCase {
    private var savedHandler: DelegateProxyDiagnostics.Handler?
    /// The errors reported during the current test.
    public let reportedErrors = ReportedErrors()

    /// Starts recording reported errors.
    open override func setUp() {
        super.setUp()
        savedHandler = DelegateProxyDiagnostics.handler
        let reported = reportedErrors
        DelegateProxyDiagnostics.handler = { reported.record($0) }
    }

    /// Restores the previous handler.
    open override func tearDown() {
        if let savedHandler {
            DelegateProxyDiagnostics.handler = savedHandler
        }
        super.tearDown()
    }
}

/// The delegate-proxy errors reported during a test.
public final class ReportedErrors: @unchecked Sendable {
    // Safe because proxies report on the main thread, the one the tests run on.
    /// Every error, in order.
    public private(set) var all: [DelegateProxyError] = []

    func record(_ error: DelegateProxyError) {
        all.append(error)
    }
}
