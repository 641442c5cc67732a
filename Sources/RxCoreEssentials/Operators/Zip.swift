extension ObservableType {
    /// Combines the sources' elements pairwise by position with `resultSelector`:
    /// the first of each, then the second of each, and so on.
    ///
    /// Completes once every source has completed, as RxSwift's, even when
    /// what a source still sends can no longer be paired (the collection
    /// form ends then too, as RxSwift's does); each source is disposed the
    /// moment it completes. The first error ends it.
    public static func zip<O1: ObservableType, O2: ObservableType, each O: ObservableType>(
        _ source1: O1, _ source2: O2, _ sources: repeat each O,
        resultSelector: @escaping (O1.Element, O2.Element, repeat (each O).Element) throws -> Element
    ) -> Observable<Element> {
        combining({ ZipState(observer: $0) }, source1, source2, repeat each sources, resultSelector: resultSelector)
    }

    /// Combines the elements of every source of a collection by position into
    /// an array, with `resultSelector`; an empty collection completes at once.
    public static func zip<Sources: Collection>(_ sources: Sources, resultSelector: @escaping ([Sources.Element.Element]) throws -> Element) -> Observable<Element> where Sources.Element: ObservableType {
        combining({ ZipState(observer: $0, endsWhenUnpairable: true) }, sources, resultSelector: resultSelector)
    }
}

extension Observable {
    /// The sources' elements by position, as tuples.
    public static func zip<O1: ObservableType, O2: ObservableType, each O: ObservableType>(
        _ source1: O1, _ source2: O2, _ sources: repeat each O
    ) -> Observable<Element> where Element == (O1.Element, O2.Element, repeat (each O).Element) {
        zip(source1, source2, repeat each sources) { (first: O1.Element, second: O2.Element, rest: repeat (each O).Element) in
            (first, second, repeat each rest)
        }
    }
}

/// Holds the elements of one source of `zip` that are not yet paired.
private final class QueueSlot<Element>: SourceSlot {
    private var queue: [Element] = []
    private var head = 0

    var isEmpty: Bool {
        head == queue.count
    }

    func enqueue(_ element: Element) {
        queue.append(element)
    }

    func take() throws -> Element {
        guard !isEmpty else { throw MissingSlotValue() }
        let element = queue[head]
        head += 1
        if head == queue.count {
            queue.removeAll(keepingCapacity: true)
            head = 0
        }
        return element
    }
}

private final class ZipState<Result>: MultiSourceState<Result>, SlotFactory {
    private var isEmpty: [() -> Bool] = []
    private var isDone: [Bool] = []
    private let endsWhenUnpairable: Bool

    /// RxSwift's zips differ here: the one over a collection also ends when
    /// an element arrives that cannot be paired because every other source
    /// is done; the one over two to eight sources only once all are done.
    init(observer: AnyObserver<Result>, endsWhenUnpairable: Bool = false) {
        self.endsWhenUnpairable = endsWhenUnpairable
        super.init(observer: observer)
    }

    func slot<Source: ObservableType>(_ source: Source) -> any SourceSlot<Source.Element> {
        let slot = QueueSlot<Source.Element>()
        isEmpty.append { slot.isEmpty }
        register(source) { index, element in
            slot.enqueue(element)
            self.received(index)
        }
        return slot
    }

    override func sourcesRegistered() {
        isDone = Array(repeating: false, count: arity)
    }

    /// A result once every source has an element.
    private func received(_ index: Int) {
        if !isEmpty.contains(where: { $0() }) {
            emit()
        } else if endsWhenUnpairable, isDone.indices.allSatisfy({ $0 == index || isDone[$0] }) {
            stop(.completed)
        }
    }

    /// The end once every source is done.
    override func completed(_ index: Int) {
        isDone[index] = true
        if isDone.allSatisfy({ $0 }) {
            stop(.completed)
        }
    }
}

extension ObservableType {
    /// The elements of every source of a collection by position, as arrays,
    /// as RxSwift's: `Observable<Int>.zip(sources)` is an `Observable<[Int]>`.
    public static func zip<Sources: Collection>(_ sources: Sources) -> Observable<[Element]> where Sources.Element: ObservableType, Sources.Element.Element == Element {
        Observable<[Element]>.zip(sources) { $0 }
    }
}
