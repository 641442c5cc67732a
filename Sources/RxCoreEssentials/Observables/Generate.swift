extension ObservableType {
    /// `initialState`, then each state `iterate` makes of the one before,
    /// while `condition` holds, each scheduled on `scheduler`, then completion.
    /// An error thrown by `condition` or `iterate` ends the sequence with it.
    public static func generate(initialState: Element, condition: @escaping (Element) throws -> Bool,
                                scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance,
                                iterate: @escaping (Element) throws -> Element) -> Observable<Element> {
        Observable.create { observer in
            var state = initialState
            var isFirst = true
            let recursion = RecursiveRun(scheduler: scheduler)
            recursion.start { next in
                do {
                    if !isFirst {
                        state = try iterate(state)
                    }
                    isFirst = false
                    guard try condition(state) else {
                        observer.onCompleted()
                        return
                    }
                    observer.onNext(state)
                    next()
                } catch {
                    observer.onError(error)
                }
            }
            return recursion
        }
    }
}

/// Runs a step on a scheduler again and again, each time the step asks for
/// the next one, until disposed; each run is its own scheduled action, so
/// virtual time advances between them and the stack does not grow.
final class RecursiveRun: Disposable {
    private let scheduler: ImmediateSchedulerType
    private let current = SerialDisposable()

    init(scheduler: ImmediateSchedulerType) {
        self.scheduler = scheduler
    }

    func start(_ step: @escaping (_ next: @escaping () -> Void) -> Void) {
        guard !current.isDisposed else { return }
        current.disposable = scheduler.schedule(()) { [weak self] _ in
            step { self?.start(step) }
            return Disposables.create()
        }
    }

    func dispose() {
        current.dispose()
    }
}
