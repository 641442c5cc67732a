import RxCoreEssentials
import RxDelegate
import ProxyTestSupport
import XCTest

/// A widget with a delegate, and its proxy, written the way an RxCocoa user
/// writes them for a custom delegate.
protocol CounterDelegate: AnyObject {
    func counter(_ counter: Counter, didCount value: Int)
    func counterShouldCount(_ counter: Counter) -> Bool
}

extension CounterDelegate {
    func counter(_ counter: Counter, didCount value: Int) {}
    func counterShouldCount(_ counter: Counter) -> Bool { true }
}

final class Counter: DelegateProxyHost, HasDelegate, ReactiveCompatible {
    typealias Delegate = CounterDelegate
    let delegateProxyStorage = DelegateProxyStorage()
    weak var delegate: CounterDelegate?
    private(set) var value = 0

    func count() {
        guard delegate?.counterShouldCount(self) ?? true else { return }
        value += 1
        delegate?.counter(self, didCount: value)
    }
}

extension DelegateMethod where Delegate == CounterDelegate, Arguments == Int {
    static var didCount: Self { Self("counter(_:didCount:)") }
}

extension DelegateMethod where Delegate == CounterDelegate, Arguments == Void {
    static var shouldCount: Self { Self("counterShouldCount(_:)") }
}

final class RxCounterDelegateProxy: DelegateProxy<Counter, CounterDelegate>, DelegateProxyType, CounterDelegate {
    init(counter: Counter) {
        super.init(parentObject: counter, delegateProxy: RxCounterDelegateProxy.self)
    }

    static func registerKnownImplementations() {
        register { RxCounterDelegateProxy(counter: $0) }
    }

    func counter(_ counter: Counter, didCount value: Int) {
        invoke(.didCount, with: value) { $0.counter(counter, didCount: value) }
    }

    func counterShouldCount(_ counter: Counter) -> Bool {
        invoke(.shouldCount, with: ()) { $0.counterShouldCount(counter) } ?? true
    }
}

extension Reactive where Base == Counter {
    var delegate: RxCounterDelegateProxy {
        RxCounterDelegateProxy.proxy(for: base)
    }

    var didCount: Observable<Int> {
        delegate.methodInvoked(.didCount)
    }
}

final class LoggingDelegate: CounterDelegate {
    var log: [String] = []
    var allow = true

    func counter(_ counter: Counter, didCount value: Int) {
        log.append("delegate \(value)")
    }

    func counterShouldCount(_ counter: Counter) -> Bool {
        allow
    }
}

final class DelegateProxyTests: ProxyTestCase {
    private var reported: ReportedErrors {
        reportedErrors
    }

    func testOneProxyPerObjectInstalledAsDelegate() {
        let counter = Counter()
        let other = Counter()
        let proxy = RxCounterDelegateProxy.proxy(for: counter)
        XCTAssertTrue(RxCounterDelegateProxy.proxy(for: counter) === proxy)
        XCTAssertFalse(RxCounterDelegateProxy.proxy(for: other) === proxy)
        XCTAssertTrue(counter.delegate === proxy)
        XCTAssertTrue(proxy.parentObject === counter)
    }

    func testExistingDelegateBecomesTheForwardDelegate() {
        let counter = Counter()
        let delegate = LoggingDelegate()
        counter.delegate = delegate
        let proxy = RxCounterDelegateProxy.proxy(for: counter)
        XCTAssertTrue(proxy.forwardToDelegate() === delegate)
        counter.count()
        XCTAssertEqual(delegate.log, ["delegate 1"])
    }

    func testSentMessageBeforeForwardingAndMethodInvokedAfter() {
        let counter = Counter()
        let delegate = LoggingDelegate()
        let proxy = counter.rx.delegate
        let subscriptions = [
            proxy.sentMessage(.didCount).subscribe(onNext: { delegate.log.append("sent \($0)") }),
            proxy.methodInvoked(.didCount).subscribe(onNext: { delegate.log.append("invoked \($0)") }),
        ]
        let installation = RxCounterDelegateProxy.installForwardDelegate(delegate, retainDelegate: false, onProxyForObject: counter)
        counter.count()
        XCTAssertEqual(delegate.log, ["sent 1", "delegate 1", "invoked 1"])
        installation.dispose()
        counter.count()
        XCTAssertEqual(delegate.log, ["sent 1", "delegate 1", "invoked 1", "sent 2", "invoked 2"])
        XCTAssertNil(proxy.forwardToDelegate())
        subscriptions.forEach { $0.dispose() }
    }

    func testReturnValuesComeFromTheForwardDelegate() {
        let counter = Counter()
        let delegate = LoggingDelegate()
        delegate.allow = false
        let installation = RxCounterDelegateProxy.installForwardDelegate(delegate, retainDelegate: false, onProxyForObject: counter)
        counter.count()
        XCTAssertEqual(counter.value, 0)
        installation.dispose()
        counter.count()
        XCTAssertEqual(counter.value, 1, "without a forward delegate the proxy answers the default")
    }

    func testWeakAndRetainedForwardDelegates() {
        let counter = Counter()
        var weakDelegate: LoggingDelegate? = LoggingDelegate()
        let weakInstall = RxCounterDelegateProxy.installForwardDelegate(weakDelegate!, retainDelegate: false, onProxyForObject: counter)
        weakDelegate = nil
        XCTAssertNil(counter.rx.delegate.forwardToDelegate())
        weakInstall.dispose()
        var retained: LoggingDelegate? = LoggingDelegate()
        weak let weakRetained = retained
        let retainedInstall = RxCounterDelegateProxy.installForwardDelegate(retained!, retainDelegate: true, onProxyForObject: counter)
        retained = nil
        XCTAssertNotNil(weakRetained)
        retainedInstall.dispose()
        XCTAssertNil(weakRetained)
    }

    func testObservablesCompleteAndNothingLeaksWhenTheObjectGoesAway() {
        var counter: Counter? = Counter()
        var completed = false
        var deallocated = false
        let subscription = counter!.rx.didCount.subscribe(onCompleted: { completed = true })
        let deallocation = counter!.rx.deallocated.subscribe(onNext: { deallocated = true })
        counter = nil
        XCTAssertTrue(completed)
        XCTAssertTrue(deallocated)
        subscription.dispose()
        deallocation.dispose()
    }

    func testDelegateAlreadySetIsReportedAndReplaced() {
        let counter = Counter()
        let first = LoggingDelegate()
        let second = LoggingDelegate()
        let a = RxCounterDelegateProxy.installForwardDelegate(first, retainDelegate: false, onProxyForObject: counter)
        let b = RxCounterDelegateProxy.installForwardDelegate(second, retainDelegate: false, onProxyForObject: counter)
        counter.count()
        XCTAssertEqual(first.log, [])
        XCTAssertEqual(second.log, ["delegate 1"])
        guard case .delegateAlreadySet? = reported.all.first else {
            return XCTFail("expected delegateAlreadySet, got \(reported.all)")
        }
        a.dispose()
        XCTAssertTrue(counter.rx.delegate.forwardToDelegate() === second, "disposing the earlier installation keeps the later one")
        b.dispose()
    }

    func testProxyChangedIsReported() {
        let counter = Counter()
        let proxy = RxCounterDelegateProxy.proxy(for: counter)
        XCTAssertTrue(RxCounterDelegateProxy.checkProxyIsInstalled(proxy, on: counter))
        let intruder = LoggingDelegate()
        counter.delegate = intruder
        XCTAssertFalse(RxCounterDelegateProxy.checkProxyIsInstalled(proxy, on: counter))
        guard case .proxyChanged? = reported.all.first else {
            return XCTFail("expected proxyChanged, got \(reported.all)")
        }
        XCTAssertTrue(RxCounterDelegateProxy.proxy(for: counter) === proxy)
        XCTAssertTrue(counter.delegate === proxy, "proxy(for:) reinstalls the proxy")
        XCTAssertTrue(proxy.forwardToDelegate() === intruder, "and forwards to the delegate that replaced it")
    }
}
