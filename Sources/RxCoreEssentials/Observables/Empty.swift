extension ObservableType {
    /// A sequence that completes at once.
    public static func empty() -> Observable<Element> {
        Terminal(event: .completed)
    }

    /// A sequence that ends at once with `error`.
    public static func error(_ error: Swift.Error) -> Observable<Element> {
        Terminal(event: .error(error))
    }

    /// A sequence that never sends anything.
    public static func never() -> Observable<Element> {
        Never()
    }
}

private final class Terminal<Element>: Producer<Element> {
    private let event: Event<Element>

    init(event: Event<Element>) {
        self.event = event
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = ForwardingSink(observer: observer, cancel: cancel)
        sink.forwardAndDispose(event)
        return (sink, Disposables.create())
    }
}

private final class Never<Element>: Producer<Element> {
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        (Disposables.create(), Disposables.create())
    }
}
