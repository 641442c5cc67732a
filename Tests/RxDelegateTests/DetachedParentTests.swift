import RxCoreEssentials
import RxDelegate
import XCTest

/// Proxies of objects that are not `DelegateProxyHost`s, as RxCocoa proxies
/// any `NSObject`: kept beside the object, made by factories shared by every
/// proxy type of one delegate type. Not leak-checked per test: a freed
/// object's proxies are released at the next storage made, as documented.
final class DetachedParentTests: XCTestCase {
    class Lamp: ReactiveCompatible {
        weak var delegate: LampDelegate?
        func toggle(_ on: Bool) {
            delegate?.lamp(self, didTurn: on)
        }
    }

    final class DimmableLamp: Lamp {}

    final class Recorder: LampDelegate {
        var heard: [Bool] = []
        func lamp(_ lamp: Lamp, didTurn on: Bool) {
            heard.append(on)
        }
    }

    class LampDelegateProxy: DelegateProxy<Lamp, LampDelegate>, DelegateProxyType, LampDelegate {
        init(lamp: Lamp) {
            super.init(parentObject: lamp, delegateProxy: LampDelegateProxy.self)
        }

        static func registerKnownImplementations() {
            register { LampDelegateProxy(lamp: $0) }
        }

        static func currentDelegate(for object: Lamp) -> LampDelegate? {
            object.delegate
        }

        static func setCurrentDelegate(_ delegate: LampDelegate?, to object: Lamp) {
            object.delegate = delegate
        }

        func lamp(_ lamp: Lamp, didTurn on: Bool) {
            invoke(.didTurn, with: on) { $0.lamp(lamp, didTurn: on) }
        }
    }

    final class DimmableLampDelegateProxy: LampDelegateProxy {
        init(dimmable: DimmableLamp) {
            super.init(lamp: dimmable)
        }
    }

    func testAnObjectThatIsNotAHostGetsOneInstalledProxy() {
        var lamp: Lamp? = Lamp()
        let recorder = Recorder()
        lamp?.delegate = recorder
        var seen: [Bool] = []
        var completed = false
        weak var freedProxy: LampDelegateProxy?
        do {
            let proxy = LampDelegateProxy.proxy(for: lamp!)
            freedProxy = proxy
            XCTAssertTrue(LampDelegateProxy.proxy(for: lamp!) === proxy, "one proxy per object")
            XCTAssertTrue(lamp?.delegate === proxy)
            XCTAssertTrue(proxy.forwardToDelegate() === recorder, "the delegate set before is forwarded to")
            _ = proxy.methodInvoked(.didTurn).subscribe(onNext: { seen.append($0) }, onCompleted: { completed = true })
        }
        lamp?.toggle(true)
        XCTAssertEqual(seen, [true])
        XCTAssertEqual(recorder.heard, [true])

        lamp = nil
        XCTAssertFalse(completed, "kept beside the freed object until the next storage is made")
        let other = Lamp()
        _ = DelegateProxyStorage.of(other)
        XCTAssertTrue(completed)
        XCTAssertNil(freedProxy)
    }

    func testCreateProxyMakesANewUninstalledProxyAndSubclassesExtendTheFactory() {
        let lamp = Lamp()
        let dimmable = DimmableLamp()
        let first = LampDelegateProxy.createProxy(for: lamp)
        XCTAssertFalse(first === LampDelegateProxy.createProxy(for: lamp), "a new proxy each time")
        XCTAssertNil(lamp.delegate, "not installed")
        XCTAssertFalse(LampDelegateProxy.createProxy(for: dimmable) is DimmableLampDelegateProxy)
        DimmableLampDelegateProxy.register { DimmableLampDelegateProxy(dimmable: $0) }
        XCTAssertTrue(LampDelegateProxy.createProxy(for: dimmable) is DimmableLampDelegateProxy,
                      "registered through the subclass, it extends the factory of the delegate type")
        XCTAssertFalse(LampDelegateProxy.createProxy(for: lamp) is DimmableLampDelegateProxy)
    }
}

protocol LampDelegate: AnyObject {
    func lamp(_ lamp: DetachedParentTests.Lamp, didTurn on: Bool)
}

extension DelegateMethod where Delegate == LampDelegate, Arguments == Bool {
    static var didTurn: Self { Self("lamp(_:didTurn:)") }
}
