extension ObservableType {
    /// Runs side effects for each event, the subscription and its disposal,
    /// and passes the events on unchanged.
    ///
    /// `onNext`, `onError` and `onCompleted` run before the event is passed
    /// on, the `after` handlers after it; an error they throw ends the
    /// sequence with it. `onDispose` runs once, after a terminal event's
    /// handlers or when the subscription is disposed first.
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Observable<Element> {
        let handlers = DoHandlers<Element>(
            before: { event in
                switch event {
                case .next(let element): try onNext?(element)
                case .error(let error): try onError?(error)
                case .completed: try onCompleted?()
                }
            },
            after: { event in
                switch event {
                case .next(let element): try afterNext?(element)
                case .error(let error): try afterError?(error)
                case .completed: try afterCompleted?()
                }
            },
            onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose
        )
        return Do(source: asObservable(), handlers: handlers)
    }
}

private struct DoHandlers<Element> {
    let before: (Event<Element>) throws -> Void
    let after: (Event<Element>) throws -> Void
    let onSubscribe: (() -> Void)?
    let onSubscribed: (() -> Void)?
    let onDispose: (() -> Void)?
}

private final class Do<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let handlers: DoHandlers<Element>

    init(source: Observable<Element>, handlers: DoHandlers<Element>) {
        self.source = source
        self.handlers = handlers
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        handlers.onSubscribe?()
        let sink = DoSink(handlers: handlers, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        handlers.onSubscribed?()
        let onDispose = handlers.onDispose
        return (sink, Disposables.create {
            subscription.dispose()
            onDispose?()
        })
    }
}

private final class DoSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    private let handlers: DoHandlers<Observer.Element>

    init(handlers: DoHandlers<Observer.Element>, observer: Observer, cancel: Cancelable) {
        self.handlers = handlers
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Observer.Element>) {
        do {
            try handlers.before(event)
            forwardOn(event)
            try handlers.after(event)
            if event.isStopEvent {
                dispose()
            }
        } catch {
            forwardAndDispose(.error(error))
        }
    }
}
