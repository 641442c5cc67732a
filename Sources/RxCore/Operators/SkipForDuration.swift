extension ObservableType {
    /// Drops the elements sent within `duration` of subscribing, then passes
    /// on every one; the ending event passes at any time.
    public func skip(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        skip(until: Observable<Int>.timer(duration, scheduler: scheduler))
    }
}
