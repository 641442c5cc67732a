/// A sequence that shares one subscription to its source through a subject,
/// made only when `connect()` is called (`publish`, `replay`, `multicast`).
public protocol ConnectableObservableType: ObservableType {
    /// Subscribes the subject to the source, once: while connected, calling
    /// again returns the same connection. Disposing it disconnects.
    func connect() -> Disposable
}

/// RxSwift's `ConnectableObservable`: subscribers subscribe to the subject;
/// the subject is subscribed to the source by `connect()`.
public class ConnectableObservable<Element>: Observable<Element>, ConnectableObservableType {
    /// Connects; see `ConnectableObservableType`.
    public func connect() -> Disposable {
        preconditionFailure("\(Self.self) does not implement connect()")
    }
}

final class Multicast<Subject: SubjectType, Element>: ConnectableObservable<Element> where Subject.Element == Element, Subject.Observer.Element == Element {
    private let source: Observable<Element>
    private let makeSubject: () -> Subject
    /// Whether a disconnection drops the subject, so the next connection
    /// (and its subscribers) get a new one from `makeSubject`.
    private let renewsSubject: Bool
    private let lock = RecursiveLock()
    private var current: Subject?
    private var connection: SingleAssignmentDisposable?

    init(source: Observable<Element>, subject: Subject) {
        self.source = source
        self.makeSubject = { subject }
        self.renewsSubject = false
        self.current = subject
    }

    init(source: Observable<Element>, makeSubject: @escaping () -> Subject) {
        self.source = source
        self.makeSubject = makeSubject
        self.renewsSubject = true
    }

    private var subject: Subject {
        lock.perform {
            if let current {
                return current
            }
            let made = makeSubject()
            current = made
            return made
        }
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// RxSwift's rule: the source's end also ends the connection (before the
    /// subject hears it), so a later `connect()` subscribes to the source again.
    override func connect() -> Disposable {
        lock.perform {
            if let connection {
                return connection
            }
            let connection = SingleAssignmentDisposable()
            self.connection = connection
            let subjectObserver = subject.asObserver()
            let ended = Disposables.create { [weak self, weak connection] in
                guard let self else { return }
                lock.perform {
                    guard self.connection === connection else { return }
                    self.connection = nil
                    if renewsSubject {
                        current = nil
                    }
                }
            }
            connection.setDisposable(Disposables.create(source.subscribe { event in
                if event.isStopEvent {
                    ended.dispose()
                }
                subjectObserver.on(event)
            }, ended))
            return connection
        }
    }
}

extension ObservableType {
    /// A connectable sequence that shares this one through `subject`.
    public func multicast<Subject: SubjectType>(_ subject: Subject) -> ConnectableObservable<Subject.Element> where Subject.Observer.Element == Element, Subject.Element == Element {
        Multicast(source: asObservable(), subject: subject)
    }

    /// A connectable sequence that shares this one through a subject from
    /// `makeSubject`, made when first needed and made anew for the connection
    /// after a disconnection, as RxSwift's: a completed subject is not reused.
    public func multicast<Subject: SubjectType>(makeSubject: @escaping () -> Subject) -> ConnectableObservable<Subject.Element> where Subject.Observer.Element == Element, Subject.Element == Element {
        Multicast(source: asObservable(), makeSubject: makeSubject)
    }

    /// This sequence shared through a subject from `subjectSelector` for each
    /// subscriber, as `selector` shapes it: RxSwift's selector form of
    /// `multicast`, connected for as long as the subscription lasts.
    public func multicast<Subject: SubjectType, Result>(_ subjectSelector: @escaping () throws -> Subject,
                                                       selector: @escaping (Observable<Subject.Element>) throws -> Observable<Result>) -> Observable<Result>
        where Subject.Observer.Element == Element, Subject.Element == Element {
        Observable.create { observer in
            do {
                let connectable = self.multicast(try subjectSelector())
                let subscription = try selector(connectable.asObservable()).subscribe(observer)
                return Disposables.create(subscription, connectable.connect())
            } catch {
                observer.onError(error)
                return Disposables.create()
            }
        }
    }

    /// A connectable sequence that shares this one through a `PublishSubject`,
    /// a new one for each connection after a disconnection, as RxSwift's.
    public func publish() -> ConnectableObservable<Element> {
        multicast(makeSubject: { PublishSubject<Element>() })
    }

    /// A connectable sequence that shares this one through a `ReplaySubject`
    /// of `bufferSize`, a new one for each connection after a disconnection.
    public func replay(_ bufferSize: Int) -> ConnectableObservable<Element> {
        multicast(makeSubject: { ReplaySubject<Element>.create(bufferSize: bufferSize) })
    }

    /// A connectable sequence that shares this one, replaying every element
    /// of the current connection.
    public func replayAll() -> ConnectableObservable<Element> {
        multicast(makeSubject: { ReplaySubject<Element>.createUnbounded() })
    }
}

extension ConnectableObservableType {
    /// Connects when the first subscriber arrives and disconnects when the
    /// last leaves, as RxSwift's: a subscriber that ends at once (the subject
    /// had already ended) does not connect; the source's end disconnects, and
    /// whoever subscribes after it, even from inside the end's handler,
    /// starts a new connection.
    public func refCount() -> Observable<Element> {
        let state = RefCountState()
        return Observable.create { observer in
            var snapshot = -1
            var ended = false
            let subscription = self.subscribe { event in
                if event.isStopEvent {
                    ended = true
                    state.sourceEnded(connection: snapshot)
                }
                observer.on(event)
            }
            let connection = state.lock.perform { () -> SingleAssignmentDisposable? in
                snapshot = state.connectionID
                if ended {
                    return nil
                }
                state.count += 1
                guard state.count == 1 else { return nil }
                let connection = SingleAssignmentDisposable()
                state.connection = connection
                return connection
            }
            if ended {
                return Disposables.create()
            }
            connection?.setDisposable(self.connect())
            return Disposables.create {
                subscription.dispose()
                state.subscriberLeft(connection: snapshot)
            }
        }
    }
}

/// What the subscribers of one `refCount()` share: how many there are and
/// the connection they hold, numbered so a subscriber of an ended connection
/// leaves the next one alone.
private final class RefCountState {
    // Every field is read and written holding `lock`.
    let lock = RecursiveLock()
    var count = 0
    var connectionID = 0
    var connection: SingleAssignmentDisposable?

    func sourceEnded(connection id: Int) {
        let ended = lock.perform { () -> Disposable? in
            guard id == connectionID else { return nil }
            defer {
                count = 0
                connectionID &+= 1
                connection = nil
            }
            return connection
        }
        ended?.dispose()
    }

    func subscriberLeft(connection id: Int) {
        let last = lock.perform { () -> Disposable? in
            guard id == connectionID, count > 0 else { return nil }
            count -= 1
            guard count == 0 else { return nil }
            defer { connection = nil }
            return connection
        }
        last?.dispose()
    }
}
