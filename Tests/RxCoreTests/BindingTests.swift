import RxCore
import XCTest

final class BindingTests: RxTestCase {
    private final class Label: ReactiveCompatible {
        var text: String?
        var isHidden = false
    }

    func testBindToObserversSubjectsAndRelays() {
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        let second = EventRecorder<Int>()
        let publish = PublishRelay<Int>()
        let behavior = BehaviorRelay(value: 0)
        let optional = BehaviorRelay<Int?>(value: nil)
        var relayed: [Int] = []
        let relaySubscription = publish.subscribe(onNext: { relayed.append($0) })
        let bindings = [
            Observable.of(1, 2).bind(to: recorder, second),
            Observable.of(3).bind(to: subject),
            Observable.of(4).bind(to: publish),
            Observable.of(5).bind(to: behavior),
            Observable.of(6).bind(to: optional),
        ]
        XCTAssertEqual(recorder.events, [.next(1), .next(2), .completed], "the end is forwarded too, as in RxSwift")
        XCTAssertEqual(second.elements, [1, 2])
        XCTAssertEqual(relayed, [4])
        XCTAssertEqual(behavior.value, 5)
        XCTAssertEqual(optional.value, 6)
        bindings.forEach { $0.dispose() }
        relaySubscription.dispose()
    }

    func testBindToOptionalObserver() {
        let recorder = EventRecorder<Int?>()
        _ = Observable.of(1).bind(to: recorder)
        XCTAssertEqual(recorder.events, [.next(1), .completed])
    }

    func testBindingToAnObserverForwardsAnErrorAndToARelayReportsIt() {
        let saved = Hooks.defaultErrorHandler
        defer { Hooks.defaultErrorHandler = saved }
        let seen = ErrorBox()
        Hooks.defaultErrorHandler = { _, error in seen.record(error) }
        let recorder = EventRecorder<Int>()
        _ = Observable<Int>.error(testError).bind(to: recorder)
        XCTAssertEqual(recorder.events, [.error(testError)], "an observer receives the error, as in RxSwift")
        XCTAssertEqual(seen.errors.count, 0)
        _ = Observable<Int>.error(testError).bind(to: PublishRelay<Int>())
        XCTAssertEqual(seen.errors.count, 1, "a relay cannot end: the error is reported")
        XCTAssertTrue(seen.errors.first is BindingError)
    }

    func testTakeOneStopsAnObserverThatFeedsItsOwnSubject() {
        let subject = PublishSubject<Int>()
        var seen: [Int] = []
        let subscription = subject.take(1).subscribe(onNext: { value in
            seen.append(value)
            subject.onNext(value + 1)
        })
        subject.onNext(1)
        XCTAssertEqual(seen, [1], "the count is taken before the element is passed on")
        subscription.dispose()
    }

    func testCurriedBindWithTrailingClosure() {
        final class Picker {
            var titles: [String] = []
        }
        struct PickerRx {
            let picker: Picker
            func itemTitles<Source: ObservableType>(_ source: Source) -> (@escaping (Int, Source.Element) -> String) -> Disposable {
                { titleForRow in
                    source.subscribe(onNext: { [picker] element in
                        picker.titles.append(titleForRow(picker.titles.count, element))
                    })
                }
            }
        }
        let picker = Picker()
        let rx = PickerRx(picker: picker)
        let subscription = Observable.of(1, 2, 3).bind(to: rx.itemTitles) { row, item in "\(row):\(item)" }
        XCTAssertEqual(picker.titles, ["0:1", "1:2", "2:3"])
        let plain = Observable.of(4).bind(to: { (source: Observable<Int>) -> Int in
            var last = 0
            _ = source.subscribe(onNext: { last = $0 })
            return last
        })
        XCTAssertEqual(plain, 4)
        subscription.dispose()
    }

    func testBinderSetsTargetSynchronouslyOnTheMainThreadAndHoldsItWeakly() {
        var label: Label? = Label()
        weak let weakLabel = label
        let binder = Binder(label!) { label, text in label.text = text }
        let subject = PublishSubject<String>()
        let subscription = subject.bind(to: binder)
        subject.onNext("hello")
        XCTAssertEqual(label?.text, "hello")
        label = nil
        XCTAssertNil(weakLabel)
        subject.onNext("nobody")
        subscription.dispose()
    }

    func testReactiveKeyPathBinder() {
        let label = Label()
        let subscription = Observable.of(true).bind(to: label.rx.isHidden)
        XCTAssertTrue(label.isHidden)
        subscription.dispose()
    }

    func testControlPropertySendsCurrentValueThenChangesAndNeverErrors() {
        let value = BehaviorSubject(value: "a")
        var written: [String] = []
        let property = ControlProperty(values: value, valueSink: AnyObserver<String> { event in
            if case .next(let text) = event { written.append(text) }
        })
        let recorder = EventRecorder<String>()
        let changes = EventRecorder<String>()
        let subscriptions = [property.subscribe(recorder), property.changed.subscribe(changes)]
        value.onNext("b")
        property.onNext("typed")
        value.onError(testError)
        XCTAssertEqual(recorder.events, [.next("a"), .next("b"), .completed])
        XCTAssertEqual(changes.events, [.next("b"), .completed])
        XCTAssertEqual(written, ["typed"])
        subscriptions.forEach { $0.dispose() }
    }

    func testControlPropertyOrEmpty() {
        let value = BehaviorSubject<String?>(value: nil)
        let property = ControlProperty(values: value, valueSink: value.asObserver())
        let recorder = EventRecorder<String>()
        let subscription = property.orEmpty.subscribe(recorder)
        property.orEmpty.onNext("x")
        XCTAssertEqual(recorder.elements, ["", "x"])
        subscription.dispose()
    }

    func testControlEventHasNoInitialValueAndCompletesWithItsControl() {
        let taps = PublishSubject<Void>()
        let event = ControlEvent(events: taps)
        var count = 0
        var completed = false
        let subscription = event.subscribe(onNext: { count += 1 }, onCompleted: { completed = true })
        XCTAssertEqual(count, 0)
        taps.onNext(())
        taps.onNext(())
        taps.onCompleted()
        XCTAssertEqual(count, 2)
        XCTAssertTrue(completed)
        subscription.dispose()
    }
}
