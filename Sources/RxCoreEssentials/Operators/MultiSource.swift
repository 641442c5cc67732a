/// What `combineLatest` and `zip` share: one subscription per source, the
/// result built from the sources' slots, and the first error ending it all.
/// A source is disposed the moment it completes, as in RxSwift. Sources
/// may send on different threads: each event is handled holding the
/// state's lock, as RxSwift's sinks do, and sources are disposed after it
/// is let go, so a source's teardown that takes a lock of its own cannot
/// deadlock against an event arriving on another thread.
class MultiSourceState<Result> {
    let observer: AnyObserver<Result>
    private let group = CompositeDisposable()
    private let lock = RecursiveLock()
    /// Builds the next result from the slots; set once every slot is registered.
    var produce: () throws -> Result = { throw RxError.noElements }
    private var starters: [() -> Disposable] = []
    private var isStopped = false
    /// Set by `stop`: every source is to be disposed once the lock is let go
    /// (`takeEnding`, in the same hold of the lock as the `stop`).
    private var endsSubscriptions = false

    init(observer: AnyObserver<Result>) {
        self.observer = observer
    }

    private(set) var arity = 0

    /// Registers a source; its index is its position among the registered sources.
    final func register<Source: ObservableType>(_ source: Source, onNext: @escaping (Int, Source.Element) -> Void) {
        let index = arity
        arity += 1
        // The subscriptions hold the state; disposing `group` releases them.
        // A source that completes while it is being subscribed disposes its
        // subscription as soon as it is set.
        let subscription = SingleAssignmentDisposable()
        starters.append {
            subscription.setDisposable(source.subscribe { event in
                let (completed, stopped) = self.lock.perform { () -> (Bool, Bool) in
                    guard !self.isStopped, !self.group.isDisposed else { return (false, false) }
                    var completed = false
                    switch event {
                    case .next(let element):
                        onNext(index, element)
                    case .error(let error):
                        self.stop(.error(error))
                    case .completed:
                        self.completed(index)
                        completed = true
                    }
                    return (completed, self.takeEnding())
                }
                if completed {
                    subscription.dispose()
                }
                if stopped {
                    self.group.dispose()
                }
            })
            return subscription
        }
    }

    /// Subscribes every registered source, in order.
    final func start() -> Disposable {
        sourcesRegistered()
        if starters.isEmpty, lock.perform({ () -> Bool in
            endWithoutSources()
            return takeEnding()
        }) {
            group.dispose()
        }
        let pending = starters
        starters = []
        for starter in pending where !lock.perform({ isStopped }) {
            group.insert(starter())
        }
        return group
    }

    /// Called once every source is registered, before any is subscribed.
    func sourcesRegistered() {}

    /// Ends a combination of no sources; by default it just completes.
    func endWithoutSources() {
        stop(.completed)
    }

    /// Called when source `index` completes.
    func completed(_ index: Int) {}

    /// Sends the next result, or ends with the error `produce` throws.
    final func emit() {
        do {
            observer.onNext(try produce())
        } catch {
            stop(.error(error))
        }
    }

    /// Ends the sequence (holding the lock); its sources are disposed once
    /// the lock is let go.
    final func stop(_ event: Event<Result>) {
        guard !isStopped else { return }
        isStopped = true
        endsSubscriptions = true
        observer.on(event)
    }

    /// Whether a `stop` since the last call asks for every source to be
    /// disposed (holding the lock; the caller disposes once it let go).
    private func takeEnding() -> Bool {
        defer { endsSubscriptions = false }
        return endsSubscriptions
    }
}

/// A value that a slot did not hold when the result was built.
struct MissingSlotValue: Swift.Error {}

/// Where a source's elements wait until the next result takes one.
protocol SourceSlot<Element>: AnyObject {
    associatedtype Element
    /// The element for the next result.
    func take() throws -> Element
}

/// A state that gives each registered source a slot.
protocol SlotFactory {
    /// Registers `source` and returns its slot.
    func slot<Source: ObservableType>(_ source: Source) -> any SourceSlot<Source.Element>
}

/// The multi-source operators' state: counting and ending, plus slots.
typealias SlottedState<Result> = MultiSourceState<Result> & SlotFactory

extension ObservableType {
    /// Builds a multi-source operator over two or more sources: a slot per
    /// source, and `resultSelector` applied to what the slots yield.
    static func combining<O1: ObservableType, O2: ObservableType, each O: ObservableType>(
        _ makeState: @escaping (AnyObserver<Element>) -> SlottedState<Element>,
        _ source1: O1, _ source2: O2, _ sources: repeat each O,
        resultSelector: @escaping (O1.Element, O2.Element, repeat (each O).Element) throws -> Element
    ) -> Observable<Element> {
        Observable.create { observer in
            let state = makeState(observer)
            let slot1 = state.slot(source1)
            let slot2 = state.slot(source2)
            let slots = (repeat state.slot(each sources))
            state.produce = {
                try resultSelector(try slot1.take(), try slot2.take(), repeat try (each slots).take())
            }
            return state.start()
        }
    }

    /// Builds a multi-source operator over a collection of sources, whose
    /// elements reach `resultSelector` as an array.
    static func combining<Sources: Collection>(
        _ makeState: @escaping (AnyObserver<Element>) -> SlottedState<Element>,
        _ sources: Sources,
        resultSelector: @escaping ([Sources.Element.Element]) throws -> Element
    ) -> Observable<Element> where Sources.Element: ObservableType {
        Observable.create { observer in
            let state = makeState(observer)
            let slots = sources.map { state.slot($0) }
            state.produce = {
                try resultSelector(try slots.map { try $0.take() })
            }
            return state.start()
        }
    }
}
