extension ObservableType {
    /// Transforms each element and drops the nil results; an error thrown by
    /// `transform` ends the sequence with it.
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Observable<Result> {
        CompactMap(source: asObservable(), transform: transform)
    }
}

final class CompactMap<SourceElement, Element>: Producer<Element> {
    private let source: Observable<SourceElement>
    private let transform: (SourceElement) throws -> Element?

    init(source: Observable<SourceElement>, transform: @escaping (SourceElement) throws -> Element?) {
        self.source = source
        self.transform = transform
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = CompactMapSink(transform: transform, observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
    }
}

private final class CompactMapSink<SourceElement, Observer: ObserverType>: Sink<Observer>, ObserverType {
    private let transform: (SourceElement) throws -> Observer.Element?

    init(transform: @escaping (SourceElement) throws -> Observer.Element?, observer: Observer, cancel: Cancelable) {
        self.transform = transform
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            do {
                if let mapped = try transform(element) {
                    forwardOn(.next(mapped))
                }
            } catch {
                forwardAndDispose(.error(error))
            }
        case .error(let error):
            forwardAndDispose(.error(error))
        case .completed:
            forwardAndDispose(.completed)
        }
    }
}
