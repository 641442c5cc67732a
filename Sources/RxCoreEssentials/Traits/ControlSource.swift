/// What `ControlEvent` and `ControlProperty` make of their source, in one
/// stage: subscribed (and disposed) through `ConcurrentMainScheduler`, so a
/// control is only touched on the main thread, and ended with completion
/// where the source would end with an error, which goes to
/// `Hooks.defaultErrorHandler`: the traits never error. It is
/// `subscribe(on: ConcurrentMainScheduler.instance)` followed by a `catch`
/// that completes, with one sink instead of two on every event's path.
final class ControlSource<Element>: Producer<Element> {
    private let source: Observable<Element>

    init(_ source: Observable<Element>) {
        self.source = source
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = ControlSink(observer: observer, cancel: cancel)
        return (sink, subscribeThrough(ConcurrentMainScheduler.instance, source, sink))
    }
}

private final class ControlSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    func on(_ event: Event<Observer.Element>) {
        switch event {
        case .next:
            forwardOn(event)
        case .completed:
            forwardAndDispose(event)
        case .error(let error):
            Hooks.report(error)
            forwardAndDispose(.completed)
        }
    }
}
