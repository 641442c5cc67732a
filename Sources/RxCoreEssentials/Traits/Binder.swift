/// An observer that binds values to a target, such as a widget's property.
///
/// It holds the target weakly: once the target is gone, values are dropped.
/// Values are delivered on `scheduler` (by default a `MainScheduler()` of
/// its own, which delivers synchronously when already on the main thread). An error sent to a
/// binder is a programming error: it is reported to `Hooks.defaultErrorHandler`
/// and the binding stays in place.
public struct Binder<Value>: ObserverType {
    private let binding: (Event<Value>) -> Void

    /// A binder that calls `binding(target, value)` for each value.
    public init<Target: AnyObject>(_ target: Target, scheduler: ImmediateSchedulerType = MainScheduler(), binding: @escaping (Target, Value) -> Void) {
        self.binding = { [weak target] event in
            switch event {
            case .next(let element):
                _ = scheduler.schedule(element) { [weak target] element in
                    if let target {
                        binding(target, element)
                    }
                    return Disposables.create()
                }
            case .error(let error):
                Hooks.report(BindingError(error: error))
            case .completed:
                break
            }
        }
    }

    /// Binds the value.
    public func on(_ event: Event<Value>) {
        binding(event)
    }

    /// This binder, type-erased.
    public func asObserver() -> AnyObserver<Value> {
        AnyObserver(eventHandler: on)
    }
}

/// An error sent into a binding, which only takes values.
public struct BindingError: Swift.Error, CustomStringConvertible {
    /// The error that reached the binding.
    public let error: Swift.Error

    /// Wraps the error that reached a binding.
    public init(error: Swift.Error) {
        self.error = error
    }

    /// Names the error as a binding error.
    public var description: String {
        "binding error: \(error)"
    }
}
