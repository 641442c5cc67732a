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

    override func connect() -> Disposable {
        lock.perform {
            if let connection {
                return connection
            }
            let connection = SingleAssignmentDisposable()
            self.connection = connection
            let observer = subject.asObserver()
            connection.setDisposable(Disposables.create(source.subscribe(observer), Disposables.create { [weak self] in
                guard let self else { return }
                lock.perform {
                    self.connection = nil
                    if renewsSubject {
                        current = nil
                    }
                }
            }))
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

    /// A connectable sequence that shares this one through a `PublishSubject`.
    public func publish() -> ConnectableObservable<Element> {
        multicast(PublishSubject<Element>())
    }

    /// A connectable sequence that shares this one through a `ReplaySubject` of `bufferSize`.
    public func replay(_ bufferSize: Int) -> ConnectableObservable<Element> {
        multicast(ReplaySubject<Element>.create(bufferSize: bufferSize))
    }

    /// A connectable sequence that shares this one, replaying every element.
    public func replayAll() -> ConnectableObservable<Element> {
        multicast(ReplaySubject<Element>.createUnbounded())
    }
}

extension ConnectableObservableType {
    /// Connects when the first subscriber arrives and disconnects when the last leaves.
    public func refCount() -> Observable<Element> {
        let lock = RecursiveLock()
        var count = 0
        var connection: Disposable?
        return Observable.create { observer in
            let subscription = self.subscribe(observer)
            let connectNow = lock.perform { () -> Bool in
                count += 1
                return count == 1
            }
            if connectNow {
                let made = self.connect()
                lock.perform { connection = made }
            }
            return Disposables.create {
                subscription.dispose()
                let disconnect = lock.perform { () -> Disposable? in
                    count -= 1
                    guard count == 0 else { return nil }
                    defer { connection = nil }
                    return connection
                }
                disconnect?.dispose()
            }
        }
    }
}
