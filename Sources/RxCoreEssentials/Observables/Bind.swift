extension ObservableType {
    /// Subscribes the observers to this sequence: every event, its end
    /// included, reaches each of them, as in RxSwift. (A `Binder` reports an
    /// error to `Hooks.defaultErrorHandler` itself.)
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable where Observer.Element == Element {
        subscribe { event in observers.forEach { $0.on(event) } }
    }

    /// Subscribes observers of optional values to this sequence, every event included.
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable where Observer.Element == Element? {
        map { $0 as Element? }.subscribe { event in observers.forEach { $0.on(event) } }
    }

    /// Sends this sequence's elements to the relays.
    public func bind(to relays: PublishRelay<Element>...) -> Disposable {
        bind { element in relays.forEach { $0.accept(element) } }
    }

    /// Sends this sequence's elements to the relays.
    public func bind(to relays: BehaviorRelay<Element>...) -> Disposable {
        bind { element in relays.forEach { $0.accept(element) } }
    }

    /// Sends this sequence's elements to relays of optional values.
    public func bind(to relays: PublishRelay<Element?>...) -> Disposable {
        bind { element in relays.forEach { $0.accept(element) } }
    }

    /// Sends every element, as an optional, to the relays.
    public func bind(to relays: BehaviorRelay<Element?>...) -> Disposable {
        bind { element in relays.forEach { $0.accept(element) } }
    }

    /// Sends this sequence's elements to the relays.
    public func bind(to relays: ReplayRelay<Element>...) -> Disposable {
        bind { element in relays.forEach { $0.accept(element) } }
    }

    /// Sends every element, as an optional, to the relays.
    public func bind(to relays: ReplayRelay<Element?>...) -> Disposable {
        bind { element in relays.forEach { $0.accept(element) } }
    }

    /// Passes this sequence to `binder`, e.g. a function that subscribes it.
    public func bind<Result>(to binder: (Self) -> Result) -> Result {
        binder(self)
    }

    /// Passes this sequence and `curriedArgument` to a curried binder, as in
    /// `.bind(to: picker.rx.itemTitles) { row, item in item }`.
    public func bind<R1, R2>(to binder: (Self) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        binder(self)(curriedArgument)
    }

    /// Handles each element with `onNext`; an error is reported to `Hooks.defaultErrorHandler`.
    public func bind(onNext: @escaping (Element) -> Void) -> Disposable {
        subscribe(onNext: onNext, onError: { error in
            Hooks.report(BindingError(error: error))
        })
    }
}
