/// The shared sequences' operators, as RxCocoa's: each is the `Observable`
/// operator of the same name, its result shared again by the strategy;
/// those that wait (`throttle`, `debounce`, `delay`) wait on the strategy's
/// scheduler.
extension SharedSequenceConvertibleType {
    private typealias Same = SharedSequence<SharingStrategy, Element>

    /// Each element mapped by `transform`.
    public func map<Result>(_ transform: @escaping (Element) -> Result) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence(asObservable().map(transform))
    }

    /// Each non-nil result of `transform`.
    public func compactMap<Result>(_ transform: @escaping (Element) -> Result?) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence(asObservable().compactMap(transform))
    }

    /// The elements `predicate` accepts.
    public func filter(_ predicate: @escaping (Element) -> Bool) -> SharedSequence<SharingStrategy, Element> {
        Same(asObservable().filter(predicate))
    }

    /// The elements of the shared sequence `selector` makes of the latest element.
    public func flatMapLatest<Sharing, Result>(_ selector: @escaping (Element) -> SharedSequence<Sharing, Result>) -> SharedSequence<Sharing, Result> {
        SharedSequence(asObservable().flatMapLatest { selector($0).asObservable() })
    }

    /// The elements of the shared sequence `selector` makes of an element
    /// that arrives while none it made runs.
    public func flatMapFirst<Sharing, Result>(_ selector: @escaping (Element) -> SharedSequence<Sharing, Result>) -> SharedSequence<Sharing, Result> {
        SharedSequence(asObservable().flatMapFirst { selector($0).asObservable() })
    }

    /// The elements of every shared sequence `selector` makes, merged.
    public func flatMap<Sharing, Result>(_ selector: @escaping (Element) -> SharedSequence<Sharing, Result>) -> SharedSequence<Sharing, Result> {
        SharedSequence(asObservable().flatMap { selector($0).asObservable() })
    }

    /// Side effects around each event and the subscription.
    public func `do`(onNext: ((Element) -> Void)? = nil, afterNext: ((Element) -> Void)? = nil, onCompleted: (() -> Void)? = nil, afterCompleted: (() -> Void)? = nil,
                     onSubscribe: (() -> Void)? = nil, onSubscribed: (() -> Void)? = nil, onDispose: (() -> Void)? = nil) -> SharedSequence<SharingStrategy, Element> {
        Same(asObservable().do(onNext: onNext, afterNext: afterNext, onCompleted: onCompleted, afterCompleted: afterCompleted,
                               onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose))
    }

    /// Prints every event and subscription, as `Observable.debug`.
    public func debug(_ identifier: String? = nil, trimOutput: Bool = false, file: String = #file, line: UInt = #line, function: String = #function) -> SharedSequence<SharingStrategy, Element> {
        Same(asObservable().debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function))
    }

    /// Drops an element whose key equals the one before's.
    public func distinctUntilChanged(_ keySelector: @escaping (Element) -> some Equatable) -> SharedSequence<SharingStrategy, Element> {
        Same(asObservable().distinctUntilChanged(keySelector))
    }

    /// Drops an element `comparer` finds equal to the one before.
    public func distinctUntilChanged(_ comparer: @escaping (Element, Element) -> Bool) -> SharedSequence<SharingStrategy, Element> {
        Same(asObservable().distinctUntilChanged(comparer))
    }

    /// Drops an element whose key `comparer` finds equal to the one before's.
    public func distinctUntilChanged<Key>(_ keySelector: @escaping (Element) -> Key, comparer: @escaping (Key, Key) -> Bool) -> SharedSequence<SharingStrategy, Element> {
        Same(asObservable().distinctUntilChanged(keySelector, comparer: comparer))
    }

    /// The elements of all the sources, merged as they arrive.
    public static func merge<Sources: Swift.Collection>(_ sources: Sources) -> SharedSequence<SharingStrategy, Element> where Sources.Element == SharedSequence<SharingStrategy, Element> {
        Same(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// The elements of all the sources, merged as they arrive.
    public static func merge(_ sources: [SharedSequence<SharingStrategy, Element>]) -> SharedSequence<SharingStrategy, Element> {
        Same(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// The elements of all the sources, merged as they arrive.
    public static func merge(_ sources: SharedSequence<SharingStrategy, Element>...) -> SharedSequence<SharingStrategy, Element> {
        merge(sources)
    }

    /// The first element of each burst, and with `latest` the last one
    /// after `dueTime`, on the strategy's scheduler.
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true) -> SharedSequence<SharingStrategy, Element> {
        Same(asObservable().throttle(dueTime, latest: latest, scheduler: SharingStrategy.scheduler))
    }

    /// An element once `dueTime` passed without another, on the strategy's scheduler.
    public func debounce(_ dueTime: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        Same(asObservable().debounce(dueTime, scheduler: SharingStrategy.scheduler))
    }

    /// Each accumulated value.
    public func scan<A>(_ seed: A, accumulator: @escaping (A, Element) -> A) -> SharedSequence<SharingStrategy, A> {
        SharedSequence(asObservable().scan(seed, accumulator: accumulator))
    }

    /// For each element, once `second` has sent a value, `resultSelector`
    /// of the element and that latest value.
    public func withLatestFrom<Second: SharedSequenceConvertibleType, Result>(_ second: Second, resultSelector: @escaping (Element, Second.Element) -> Result) -> SharedSequence<SharingStrategy, Result>
    where Second.SharingStrategy == SharingStrategy {
        SharedSequence(asObservable().withLatestFrom(second.asSharedSequence(), resultSelector: resultSelector))
    }

    /// For each element, once `second` has sent a value, that latest value.
    public func withLatestFrom<Second: SharedSequenceConvertibleType>(_ second: Second) -> SharedSequence<SharingStrategy, Second.Element> {
        SharedSequence(asObservable().withLatestFrom(second.asSharedSequence()))
    }

    /// The element paired with `object` while it lives; the sequence ends when it is gone.
    public func withUnretained<Object: AnyObject, Out>(_ object: Object, resultSelector: @escaping (Object, Element) -> Out) -> SharedSequence<SharingStrategy, Out> {
        SharedSequence(asObservable().withUnretained(object, resultSelector: resultSelector))
    }

    /// The element paired with `object` while it lives; the sequence ends when it is gone.
    public func withUnretained<Object: AnyObject>(_ object: Object) -> SharedSequence<SharingStrategy, (Object, Element)> {
        SharedSequence(asObservable().withUnretained(object))
    }

    /// The elements after the first `count`.
    public func skip(_ count: Int) -> SharedSequence<SharingStrategy, Element> {
        Same(asObservable().skip(count))
    }

    /// `elements`, then this sequence's.
    public func startWith(_ elements: Element...) -> SharedSequence<SharingStrategy, Element> {
        Same(Observable.concat([Observable.from(elements), asObservable()]))
    }

    /// Every element and the completion, `dueTime` later on the strategy's scheduler.
    public func delay(_ dueTime: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        Same(asObservable().delay(dueTime, scheduler: SharingStrategy.scheduler))
    }
}

extension SharedSequenceConvertibleType where Element: Equatable {
    /// Drops an element equal to the one before.
    public func distinctUntilChanged() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged())
    }
}

extension SharedSequenceConvertibleType where Element: SharedSequenceConvertibleType {
    /// The elements of the latest inner shared sequence.
    public func switchLatest() -> SharedSequence<Element.SharingStrategy, Element.Element> {
        SharedSequence(asObservable().flatMapLatest { $0.asObservable() })
    }

    /// The elements of every inner shared sequence, merged.
    public func merge() -> SharedSequence<Element.SharingStrategy, Element.Element> {
        SharedSequence(asObservable().flatMap { $0.asObservable() })
    }

    /// The elements of the inner shared sequences, at most `maxConcurrent` subscribed at once.
    public func merge(maxConcurrent: Int) -> SharedSequence<Element.SharingStrategy, Element.Element> {
        SharedSequence(asObservable().map { $0.asObservable() }.merge(maxConcurrent: maxConcurrent))
    }
}

extension SharedSequence {
    /// The elements of each source of `sequence` in turn.
    public static func concat<Sources: Swift.Sequence>(_ sequence: Sources) -> SharedSequence<SharingStrategy, Element> where Sources.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.concat(sequence.map { $0.asObservable() }))
    }

    /// The elements of each source of `collection` in turn.
    public static func concat<Sources: Swift.Collection>(_ collection: Sources) -> SharedSequence<SharingStrategy, Element> where Sources.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.concat(collection.map { $0.asObservable() }))
    }

    /// The sources' elements by position, combined by `resultSelector`.
    public static func zip<Sources: Swift.Collection, Result>(_ collection: Sources, resultSelector: @escaping ([Element]) throws -> Result) -> SharedSequence<SharingStrategy, Result>
    where Sources.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, Result>(Observable.zip(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }

    /// The sources' elements by position, as arrays.
    public static func zip<Sources: Swift.Collection>(_ collection: Sources) -> SharedSequence<SharingStrategy, [Element]> where Sources.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, [Element]>(Observable.zip(collection.map { $0.asObservable() }))
    }

    /// The latest element of every source, combined by `resultSelector`, whenever one sends.
    public static func combineLatest<Sources: Swift.Collection, Result>(_ collection: Sources, resultSelector: @escaping ([Element]) throws -> Result) -> SharedSequence<SharingStrategy, Result>
    where Sources.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, Result>(Observable.combineLatest(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }

    /// The latest element of every source, as arrays, whenever one sends.
    public static func combineLatest<Sources: Swift.Collection>(_ collection: Sources) -> SharedSequence<SharingStrategy, [Element]> where Sources.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, [Element]>(Observable.combineLatest(collection.map { $0.asObservable() }))
    }
}
