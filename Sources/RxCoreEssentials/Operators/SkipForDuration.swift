extension ObservableType {
    /// Drops the elements sent within `duration` of subscribing, then passes
    /// on every one; the ending event passes at any time.
    public func skip(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        skip(until: Observable<Int>.timer(duration, scheduler: scheduler))
    }

    /// The same as `skip(for:scheduler:)`, under RxSwift 5's name.
    public func skip(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        skip(for: duration, scheduler: scheduler)
    }
}
