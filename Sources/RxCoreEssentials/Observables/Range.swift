extension ObservableType where Element: FixedWidthInteger {
    /// `count` numbers from `start`, each scheduled on `scheduler`, then completion.
    ///
    /// A negative count, or one that would pass `Element.max`, is a programming
    /// error, as in RxSwift.
    public static func range(start: Element, count: Element, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Observable<Element> {
        precondition(count >= 0, "count can't be negative")
        precondition(count == 0 || start <= Element.max - (count - 1), "start + count - 1 overflows \(Element.self)")
        return Observable.from(sequence(first: start) { $0 < start + (count - 1) ? $0 + 1 : nil }.prefix(Int(count)), scheduler: scheduler)
    }
}
