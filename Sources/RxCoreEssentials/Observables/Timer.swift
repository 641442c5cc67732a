extension ObservableType where Element: FixedWidthInteger {
    /// Sends 0, 1, 2, … every `period`, starting one period after subscription.
    public static func interval(_ period: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        timer(period, period: period, scheduler: scheduler)
    }

    /// Sends 0 after `dueTime`, then completes; with a `period`, sends 1, 2, …
    /// every period after that instead of completing.
    public static func timer(_ dueTime: RxTimeInterval, period: RxTimeInterval? = nil, scheduler: SchedulerType) -> Observable<Element> {
        Observable.create { observer in
            guard let period else {
                return scheduler.scheduleRelative((), dueTime: dueTime) { _ in
                    observer.onNext(0)
                    observer.onCompleted()
                    return Disposables.create()
                }
            }
            return scheduler.schedulePeriodic(Element.zero, startAfter: dueTime, period: period) { count in
                observer.onNext(count)
                return count &+ 1
            }
        }
    }
}
