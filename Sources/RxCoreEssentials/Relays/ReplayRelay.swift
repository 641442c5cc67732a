/// A `ReplaySubject` that only carries elements: it never ends, and replays
/// the last `bufferSize` elements (or all) to each new subscriber.
public final class ReplayRelay<Element>: ObservableType {
    private let subject: ReplaySubject<Element>

    private init(subject: ReplaySubject<Element>) {
        self.subject = subject
    }

    /// A relay that replays the last `bufferSize` elements.
    public static func create(bufferSize: Int) -> ReplayRelay<Element> {
        ReplayRelay(subject: ReplaySubject.create(bufferSize: bufferSize))
    }

    /// A relay that replays every element (its memory grows with them).
    public static func createUnbound() -> ReplayRelay<Element> {
        ReplayRelay(subject: ReplaySubject.createUnbounded())
    }

    /// Sends an element to the current subscribers and keeps it for later ones.
    public func accept(_ element: Element) {
        subject.onNext(element)
    }

    /// Replays the kept elements, then passes on those accepted from now on.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// The relay's values as an `Infallible` (a relay never fails).
    public func asInfallible() -> Infallible<Element> {
        asInfallible(onErrorFallbackTo: .empty())
    }

    /// The relay's elements as an `Observable`.
    public func asObservable() -> Observable<Element> {
        subject.asObservable()
    }
}
