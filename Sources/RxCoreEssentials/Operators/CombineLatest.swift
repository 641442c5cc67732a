extension ObservableType {
    /// Combines the latest elements of every source with `resultSelector`,
    /// each time any source sends, once all have sent at least once.
    ///
    /// Completes when every source has completed (or when one completes
    /// without ever sending once all others are done); the first error ends it.
    public static func combineLatest<O1: ObservableType, O2: ObservableType, each O: ObservableType>(
        _ source1: O1, _ source2: O2, _ sources: repeat each O,
        resultSelector: @escaping (O1.Element, O2.Element, repeat (each O).Element) throws -> Element
    ) -> Observable<Element> {
        combining(CombineLatestState.init, source1, source2, repeat each sources, resultSelector: resultSelector)
    }

    /// Combines the latest elements of every source of a collection into an
    /// array, with `resultSelector`; an empty collection sends the result of
    /// no elements, then completes, as RxSwift's.
    public static func combineLatest<Sources: Collection>(_ sources: Sources, resultSelector: @escaping ([Sources.Element.Element]) throws -> Element) -> Observable<Element> where Sources.Element: ObservableType {
        combining(CombineLatestState.init, sources, resultSelector: resultSelector)
    }
}

extension Observable {
    /// The latest elements of every source as a tuple, each time any source
    /// sends, once all have sent at least once.
    public static func combineLatest<O1: ObservableType, O2: ObservableType, each O: ObservableType>(
        _ source1: O1, _ source2: O2, _ sources: repeat each O
    ) -> Observable<Element> where Element == (O1.Element, O2.Element, repeat (each O).Element) {
        combineLatest(source1, source2, repeat each sources) { (first: O1.Element, second: O2.Element, rest: repeat (each O).Element) in
            (first, second, repeat each rest)
        }
    }

}

extension ObservableType {
    /// The latest elements of every source of a collection as an array, as
    /// RxSwift's: `Observable<Int>.combineLatest(sources)` is an
    /// `Observable<[Int]>`.
    public static func combineLatest<Sources: Collection>(_ sources: Sources) -> Observable<[Element]> where Sources.Element: ObservableType, Sources.Element.Element == Element {
        Observable<[Element]>.combineLatest(sources) { $0 }
    }
}

/// Holds the latest element of one source of `combineLatest`.
private final class LatestSlot<Element>: SourceSlot {
    var value: Element?

    func take() throws -> Element {
        guard let value else { throw MissingSlotValue() }
        return value
    }
}

private final class CombineLatestState<Result>: MultiSourceState<Result>, SlotFactory {
    private var hasValue: [Bool] = []
    private var valueCount = 0
    private var isDone: [Bool] = []
    private var doneCount = 0

    func slot<Source: ObservableType>(_ source: Source) -> any SourceSlot<Source.Element> {
        let slot = LatestSlot<Source.Element>()
        register(source) { index, element in
            slot.value = element
            self.received(index)
        }
        return slot
    }

    override func sourcesRegistered() {
        hasValue = Array(repeating: false, count: arity)
        isDone = hasValue
    }

    private func received(_ index: Int) {
        if !hasValue[index] {
            hasValue[index] = true
            valueCount += 1
        }
        if valueCount == arity {
            emit()
        } else if isDone.indices.allSatisfy({ $0 == index || isDone[$0] }) {
            stop(.completed)
        }
    }

    /// RxSwift's rule: no sources combine into one result, of nothing.
    override func endWithoutSources() {
        emit()
        stop(.completed)
    }

    override func completed(_ index: Int) {
        guard !isDone[index] else { return }
        isDone[index] = true
        doneCount += 1
        if doneCount == arity {
            stop(.completed)
        }
    }
}
