extension ObservableType {
    /// The elements sent within `duration` of subscribing, then completion;
    /// this sequence is disposed then.
    public func take(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        take(until: Observable<Int>.timer(duration, scheduler: scheduler))
    }
}
