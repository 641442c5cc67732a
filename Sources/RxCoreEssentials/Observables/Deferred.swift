extension ObservableType {
    /// A sequence made anew by `observableFactory` for each subscriber; an error
    /// thrown by the factory is sent as the sequence's error.
    public static func deferred(_ observableFactory: @escaping () throws -> Observable<Element>) -> Observable<Element> {
        Deferred(observableFactory: observableFactory)
    }
}

private final class Deferred<Element>: Producer<Element> {
    private let observableFactory: () throws -> Observable<Element>

    init(observableFactory: @escaping () throws -> Observable<Element>) {
        self.observableFactory = observableFactory
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = ForwardingSink(observer: observer, cancel: cancel)
        do {
            let source = try observableFactory()
            return (sink, source.subscribe(sink))
        } catch {
            sink.forwardAndDispose(.error(error))
            return (sink, Disposables.create())
        }
    }
}
