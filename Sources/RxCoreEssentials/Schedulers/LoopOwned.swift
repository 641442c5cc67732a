/// A weak reference to an object of the loop's thread, carried through
/// another thread and back: work done elsewhere hands it to `MainLoop.post`,
/// whose job reads it on the loop's thread again.
///
/// `@unchecked Sendable`: the box is only ever opened on the loop's thread
/// (`value` checks that); the other thread only carries it.
public struct LoopOwned<Value: AnyObject>: @unchecked Sendable {
    private weak var object: Value?

    /// Boxes `object`; call on the loop's thread.
    public init(_ object: Value) {
        self.object = object
    }

    /// The object, unless it is gone; for the loop's thread only.
    public var value: Value? {
        precondition(MainLoop.shared.isCurrent, "LoopOwned.value must be read on the loop's thread")
        return object
    }
}
