import FoundationEssentials
import ProxyTestSupport
import RxWidgets

/// The base of these tests: leak-checked, with delegate-proxy errors recorded.
typealias WidgetTestCase = ProxyTestCase

