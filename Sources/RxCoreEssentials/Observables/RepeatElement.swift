extension ObservableType {
    /// `element` for ever, each scheduled on `scheduler`; it never completes.
    public static func repeatElement(_ element: Element, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Observable<Element> {
        Observable.from(Swift.repeatElement(element, count: Int.max), scheduler: scheduler)
    }
}
