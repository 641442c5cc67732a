import RxCoreEssentials

/// Virtual time in ticks.
public typealias TestTime = Int

/// The virtual-time scheduler of tests, as RxSwift's RxTest: hot and cold test
/// observables, recording observers, and `start`, which creates the sequence
/// under test at 100, subscribes at 200 and disposes at 1000.
///
/// With `simulateProcessingDelay` (the default), an action scheduled for now
/// runs one tick later, so the order of events is visible in their times.
public final class TestScheduler: VirtualTimeScheduler<TestSchedulerVirtualTimeConverter> {
    /// When the sequence under test is created by default.
    public static let created: TestTime = 100
    /// When it is subscribed by default.
    public static let subscribed: TestTime = 200
    /// When it is disposed by default.
    public static let disposed: TestTime = 1000

    private let simulateProcessingDelay: Bool

    /// A scheduler whose clock starts at `initialClock`, a tick lasting `resolution` seconds.
    public init(initialClock: TestTime, resolution: Double = 1.0, simulateProcessingDelay: Bool = true) {
        self.simulateProcessingDelay = simulateProcessingDelay
        super.init(initialClock: initialClock, converter: TestSchedulerVirtualTimeConverter(resolution: resolution))
    }

    /// Moves an action scheduled for now (or the past) one tick later when
    /// simulating processing delay.
    public override func adjustScheduledTime(_ time: TestTime) -> TestTime {
        time <= clock ? clock + (simulateProcessingDelay ? 1 : 0) : time
    }

    /// Runs `action` at virtual time `time`.
    public func scheduleAt(_ time: TestTime, action: @escaping () -> Void) {
        _ = scheduleAbsoluteVirtual((), time: time) { _ in
            action()
            return Disposables.create()
        }
    }

    /// A hot observable: sends `events` at their absolute times, whoever is subscribed.
    public func createHotObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        HotObservable(testScheduler: self, recordedEvents: events)
    }

    /// A cold observable: sends `events` to each subscriber, their times
    /// counted from that subscription.
    public func createColdObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        ColdObservable(testScheduler: self, recordedEvents: events)
    }

    /// An observer that records every event with the virtual time it arrived.
    public func createObserver<Element>(_ type: Element.Type) -> TestableObserver<Element> {
        TestableObserver(scheduler: self)
    }

    /// Creates the sequence at `created`, subscribes a recording observer at
    /// `subscribed`, disposes it at `disposed`, runs the scheduler to the end
    /// and returns the observer.
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        created: TestTime, subscribed: TestTime, disposed: TestTime,
        create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        var source: Observable<Element>?
        var subscription: Disposable?
        let observer = createObserver(Element.self)
        scheduleAt(created) {
            source = create().asObservable()
        }
        scheduleAt(subscribed) {
            subscription = source?.subscribe(observer)
        }
        scheduleAt(disposed) {
            subscription?.dispose()
            subscription = nil
            source = nil
        }
        start()
        return observer
    }

    /// `start` with creation at 100, subscription at 200 and disposal at `disposed`.
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        disposed: TestTime, create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        start(created: Self.created, subscribed: Self.subscribed, disposed: disposed, create: create)
    }

    /// `start` with creation at 100, subscription at 200 and disposal at 1000.
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        _ create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        start(created: Self.created, subscribed: Self.subscribed, disposed: Self.disposed, create: create)
    }
}
