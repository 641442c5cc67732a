/// A sequence of the elements that share one key, sent by `groupBy`.
public final class GroupedObservable<Key, Element>: Observable<Element> {
    /// The key the elements share.
    public let key: Key
    private let source: Observable<Element>

    init(key: Key, source: Observable<Element>) {
        self.key = key
        self.source = source
    }

    /// Subscribes to the group's elements from now on.
    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        source.subscribe(observer)
    }
}

extension ObservableType {
    /// A group for each new key `keySelector` gives, sent before its first
    /// element; each element then goes to its group. Completion and errors
    /// go to every group and to the result. This sequence stays subscribed
    /// while the result or any group is (RxSwift's `RefCountDisposable` rule).
    public func groupBy<Key: Hashable>(keySelector: @escaping (Element) throws -> Key) -> Observable<GroupedObservable<Key, Element>> {
        Observable.create { observer in
            var groups: [Key: PublishSubject<Element>] = [:]
            var order: [PublishSubject<Element>] = []
            let source = SingleAssignmentDisposable()
            let refCount = RefCountDisposable(disposable: source)
            func end(_ event: Event<Element>) {
                for group in order {
                    group.on(event)
                }
                switch event {
                case .error(let error): observer.onError(error)
                default: observer.onCompleted()
                }
            }
            source.setDisposable(self.subscribe { event in
                switch event {
                case .next(let element):
                    let key: Key
                    do {
                        key = try keySelector(element)
                    } catch {
                        end(.error(error))
                        return
                    }
                    let group: PublishSubject<Element>
                    if let existing = groups[key] {
                        group = existing
                    } else {
                        group = PublishSubject()
                        groups[key] = group
                        order.append(group)
                        let held = Observable<Element>.create { groupObserver in
                            Disposables.create(refCount.retain(), group.subscribe(groupObserver))
                        }
                        observer.onNext(GroupedObservable(key: key, source: held))
                    }
                    group.onNext(element)
                case .error, .completed:
                    end(event)
                }
            })
            return refCount
        }
    }
}
