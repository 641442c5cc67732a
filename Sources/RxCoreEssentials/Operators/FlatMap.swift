extension ObservableType {
    /// Maps each element to a sequence and merges the elements of all of them.
    ///
    /// Completes when this sequence and every inner one have completed; the
    /// first error, from any of them or thrown by `selector`, ends it. Each
    /// source, outer or inner, is disposed the moment it completes.
    public func flatMap<Source: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Source) -> Observable<Source.Element> {
        Observable.create { observer in
            MergeSink(observer: observer).run(self.asObservable(), selector: selector)
        }
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// Merges the elements of the inner sequences as they arrive.
    public func merge() -> Observable<Element.Element> {
        flatMap { $0 }
    }
}

extension ObservableType {
    /// Merges the elements of all the sources as they arrive.
    public static func merge(_ sources: [Observable<Element>]) -> Observable<Element> {
        Observable.from(sources).merge()
    }

    /// Merges the elements of all the sources as they arrive.
    public static func merge(_ sources: Observable<Element>...) -> Observable<Element> {
        merge(sources)
    }

    /// Merges the elements of all the sources as they arrive.
    public static func merge<Sources: Collection>(_ sources: Sources) -> Observable<Element> where Sources.Element == Observable<Element> {
        merge(Array(sources))
    }
}

/// Subscribes to the inner sequences of `flatMap` and `merge` and forwards
/// their elements. The sequences may send on different threads: events are
/// handled holding the sink's lock; inner sequences are subscribed, and
/// sequences disposed, outside it, as RxSwift's.
private final class MergeSink<Element> {
    private let observer: AnyObserver<Element>
    private let group = CompositeDisposable()
    private let lock = RecursiveLock()
    private var activeCount = 1
    private var isStopped = false

    init(observer: AnyObserver<Element>) {
        self.observer = observer
    }

    func run<SourceElement, Inner: ObservableConvertibleType>(_ source: Observable<SourceElement>, selector: @escaping (SourceElement) throws -> Inner) -> Disposable where Inner.Element == Element {
        let sourceSubscription = SingleAssignmentDisposable()
        group.insert(sourceSubscription)
        sourceSubscription.setDisposable(source.subscribe { event in
            switch event {
            case .next(let element):
                var stopped = false
                let inner = self.lock.perform { () -> Observable<Element>? in
                    guard !self.isStopped else { return nil }
                    do {
                        let inner = try selector(element).asObservable()
                        self.activeCount += 1
                        return inner
                    } catch {
                        stopped = self.stop(.error(error))
                        return nil
                    }
                }
                if let inner {
                    self.subscribeInner(inner)
                }
                self.endSubscriptions(if: stopped)
            case .error(let error):
                self.endSubscriptions(if: self.lock.perform { self.stop(.error(error)) })
            case .completed:
                sourceSubscription.dispose()
                self.endSubscriptions(if: self.lock.perform { self.innerOrSourceCompleted() })
            }
        })
        return group
    }

    /// Subscribes an inner sequence already counted in `activeCount`.
    private func subscribeInner(_ inner: Observable<Element>) {
        let subscription = SingleAssignmentDisposable()
        guard let key = group.insert(subscription) else { return }
        subscription.setDisposable(inner.subscribe { event in
            if case .completed = event {
                self.group.remove(for: key)
            }
            let stopped = self.lock.perform { () -> Bool in
                switch event {
                case .next:
                    if !self.isStopped { self.observer.on(event) }
                    return false
                case .error:
                    return self.stop(event)
                case .completed:
                    return self.innerOrSourceCompleted()
                }
            }
            self.endSubscriptions(if: stopped)
        })
    }

    /// True when this completion ended the sequence.
    private func innerOrSourceCompleted() -> Bool {
        activeCount -= 1
        return activeCount == 0 && stop(.completed)
    }

    /// Ends the sequence (holding the lock); true when this call ended it,
    /// and the caller disposes every sequence once it let go of the lock.
    private func stop(_ event: Event<Element>) -> Bool {
        guard !isStopped else { return false }
        isStopped = true
        observer.on(event)
        return true
    }

    private func endSubscriptions(if stopped: Bool) {
        if stopped {
            group.dispose()
        }
    }
}
