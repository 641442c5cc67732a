/// What `combineLatest` and `zip` share: one subscription per source, the
/// result built from the sources' slots, and the first error ending it all.
class MultiSourceState<Result> {
    let observer: AnyObserver<Result>
    let group = CompositeDisposable()
    /// Builds the next result from the slots; set once every slot is registered.
    var produce: () throws -> Result = { throw RxError.noElements }
    private var starters: [() -> Disposable] = []

    init(observer: AnyObserver<Result>) {
        self.observer = observer
    }

    private(set) var arity = 0

    /// Registers a source; its index is its position among the registered sources.
    final func register<Source: ObservableType>(_ source: Source, onNext: @escaping (Int, Source.Element) -> Void) {
        let index = arity
        arity += 1
        // The subscriptions hold the state; disposing `group` releases them.
        starters.append {
            source.subscribe { event in
                switch event {
                case .next(let element):
                    onNext(index, element)
                case .error(let error):
                    self.stop(.error(error))
                case .completed:
                    self.completed(index)
                }
            }
        }
    }

    /// Subscribes every registered source, in order.
    final func start() -> Disposable {
        sourcesRegistered()
        if starters.isEmpty {
            stop(.completed)
        }
        let pending = starters
        starters = []
        for starter in pending where !group.isDisposed {
            group.insert(starter())
        }
        return group
    }

    /// Called once every source is registered, before any is subscribed.
    func sourcesRegistered() {}

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

    /// Ends the sequence and disposes every source.
    final func stop(_ event: Event<Result>) {
        guard !group.isDisposed else { return }
        observer.on(event)
        group.dispose()
    }
}

/// A value that a slot did not hold when the result was built.
struct MissingSlotValue: Swift.Error {}
