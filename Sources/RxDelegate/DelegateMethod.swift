/// A delegate method, named the way a selector names it, with the type of the
/// arguments its `sentMessage` / `methodInvoked` observables carry.
///
/// It stands in for RxCocoa's `#selector(...)` keys: Linux has no
/// Objective-C runtime, so each proxy publishes typed events itself.
public struct DelegateMethod<Delegate, Arguments>: Hashable, Sendable, CustomStringConvertible {
    /// The method's name, e.g. `pickerView(_:didSelectRow:inComponent:)`.
    public let name: String

    /// A method key with this name.
    public init(_ name: String) {
        self.name = name
    }

    /// The method's name.
    public var description: String {
        name
    }
}
