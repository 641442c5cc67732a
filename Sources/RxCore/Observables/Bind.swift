extension ObservableType {
    /// Subscribes the observers to this sequence's elements. Binding is for
    /// values only: an error is reported to `Hooks.defaultErrorHandler`.
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable where Observer.Element == Element {
        bind { element in observers.forEach { $0.onNext(element) } }
    }

    /// Subscribes observers of optional values to this sequence's elements.
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable where Observer.Element == Element? {
        bind { element in observers.forEach { $0.onNext(element) } }
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
    public func bind(to relays: BehaviorRelay<Element?>...) -> Disposable {
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
            Hooks.defaultErrorHandler(BindingError(error: error))
        })
    }
}
