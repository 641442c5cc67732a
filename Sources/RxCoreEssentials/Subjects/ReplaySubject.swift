/// A subject that replays the last `bufferSize` elements (or all of them) to
/// each new subscriber, followed by the ending event if it ended.
public final class ReplaySubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable {
    /// The observer side's type.
    public typealias Observer = ReplaySubject<Element>

    private let bufferSize: Int?
    private var buffer: [Element] = []
    private var bufferStart = 0
    private let subscribers = LockedSubscribers<Element>()

    private init(bufferSize: Int?) {
        self.bufferSize = bufferSize
        super.init()
    }

    /// A subject that replays the last `bufferSize` elements.
    public static func create(bufferSize: Int) -> ReplaySubject<Element> {
        ReplaySubject(bufferSize: max(bufferSize, 0))
    }

    /// A subject that replays every element.
    public static func createUnbounded() -> ReplaySubject<Element> {
        ReplaySubject(bufferSize: nil)
    }

    /// True while it has subscribers.
    public var hasObservers: Bool {
        subscribers.hasObservers
    }

    /// True once disposed.
    public var isDisposed: Bool {
        subscribers.isDisposed
    }

    /// What a new subscriber gets, decided under the lock and sent outside it.
    private enum Admission {
        case refused
        case ended(snapshot: [Element], stopEvent: Event<Element>)
        case live(snapshot: [Element], replaying: ReplayingObserver<Element>, subscription: Disposable)
    }

    private var replayed: ArraySlice<Element> {
        buffer[bufferStart...]
    }

    /// Buffers a `next` element and sends the event on.
    public func on(_ event: Event<Element>) {
        let recipients = subscribers.perform { list in
            if case .next(let value) = event, list.stopEvent == nil, !list.isDisposed {
                append(value)
            }
            return list.recipients(of: event)
        }
        for recipient in recipients {
            recipient.observer(event)
        }
    }

    private func append(_ value: Element) {
        buffer.append(value)
        guard let bufferSize else { return }
        if buffer.count - bufferStart > bufferSize {
            bufferStart += 1
        }
        // Compact once the dropped prefix outgrows the live part, keeping appends amortized O(1).
        if bufferStart > max(bufferSize, 16) {
            buffer.removeFirst(bufferStart)
            bufferStart = 0
        }
    }

    /// Subscribes an observer: it receives the buffered elements, then the
    /// ending event or the later events.
    ///
    /// The replay runs outside the subject's lock, as RxSwift's, so an
    /// observer that takes a lock of its own cannot deadlock against a thread
    /// holding that lock and waiting on the subject. Events sent while the
    /// replay runs wait for it, so none overtakes a replayed element.
    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let admission = subscribers.perform { list -> Admission in
            if list.isDisposed { return .refused }
            let snapshot = Array(replayed)
            if let stopEvent = list.stopEvent {
                return .ended(snapshot: snapshot, stopEvent: stopEvent)
            }
            let replaying = ReplayingObserver(observer.on)
            let key = list.insert(replaying.on)
            return .live(snapshot: snapshot, replaying: replaying, subscription: subscribers.subscription(removing: key))
        }
        switch admission {
        case .refused:
            observer.on(.error(RxError.disposed(object: "\(Self.self)")))
            return Disposables.create()
        case .ended(let snapshot, let stopEvent):
            for element in snapshot {
                observer.on(.next(element))
            }
            observer.on(stopEvent)
            return Disposables.create()
        case .live(let snapshot, let replaying, let subscription):
            replaying.replay(snapshot)
            return subscription
        }
    }

    /// Itself.
    public func asObserver() -> ReplaySubject<Element> {
        self
    }

    /// Drops every subscriber and the buffer; later subscribers get `RxError.disposed`.
    public func dispose() {
        subscribers.perform { list in
            list.dispose()
            buffer = []
            bufferStart = 0
        }
    }
}
