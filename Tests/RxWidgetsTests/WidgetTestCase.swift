import ProxyTestSupport
import RxWidgets

/// The base of these tests: leak-checked, with delegate-proxy errors recorded.
typealias WidgetTestCase = ProxyTestCase

/// XCTest brings Foundation's `IndexPath`; the widgets' own is meant here.
typealias IndexPath = RxWidgets.IndexPath
