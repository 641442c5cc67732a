extension ObservableType {
    /// On an error, continues with the sequence `handler` returns for it; an
    /// error thrown by `handler` ends the sequence with that error.
    public func `catch`(_ handler: @escaping (Swift.Error) throws -> Observable<Element>) -> Observable<Element> {
        Catch(source: asObservable(), handler: handler)
    }

    /// On an error, sends `element` and completes.
    public func catchAndReturn(_ element: Element) -> Observable<Element> {
        self.catch { _ in .just(element) }
    }
}

private final class Catch<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let handler: (Swift.Error) throws -> Observable<Element>

    init(source: Observable<Element>, handler: @escaping (Swift.Error) throws -> Observable<Element>) {
        self.source = source
        self.handler = handler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = CatchSink(handler: handler, observer: observer, cancel: cancel)
        return (sink, sink.run(source))
    }
}

private final class CatchSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    private let handler: (Swift.Error) throws -> Observable<Observer.Element>
    private let subscription = SerialDisposable()

    init(handler: @escaping (Swift.Error) throws -> Observable<Observer.Element>, observer: Observer, cancel: Cancelable) {
        self.handler = handler
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ source: Observable<Observer.Element>) -> Disposable {
        subscription.disposable = source.subscribe(self)
        return subscription
    }

    func on(_ event: Event<Observer.Element>) {
        switch event {
        case .next:
            forwardOn(event)
        case .completed:
            forwardAndDispose(event)
        case .error(let error):
            do {
                subscription.disposable = try handler(error).subscribe(ForwardingObserver(sink: self))
            } catch {
                forwardAndDispose(.error(error))
            }
        }
    }
}

/// Passes the fallback sequence's events to the sink, ending it with them.
private struct ForwardingObserver<Observer: ObserverType>: ObserverType {
    let sink: CatchSink<Observer>

    func on(_ event: Event<Observer.Element>) {
        sink.forwardFallback(event)
    }
}

extension CatchSink {
    fileprivate func forwardFallback(_ event: Event<Observer.Element>) {
        if event.isStopEvent {
            forwardAndDispose(event)
        } else {
            forwardOn(event)
        }
    }
}
