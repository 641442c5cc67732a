/// A file descriptor watched by `MainLoop`; dispose it to stop watching.
public final class LoopSource: Cancelable {
    /// The watched descriptor.
    public let fd: Int32
    /// The `poll` events waited for; 0 pauses the source.
    public var events: Int16
    let handler: (Int16) -> Void
    private var remove: (() -> Void)?

    init(fd: Int32, events: Int16, handler: @escaping (Int16) -> Void, remove: @escaping () -> Void) {
        self.fd = fd
        self.events = events
        self.handler = handler
        self.remove = remove
    }

    /// True once removed from the loop.
    public var isDisposed: Bool {
        remove == nil
    }

    /// Removes the source from the loop; its handler is not called again.
    public func dispose() {
        let removal = remove
        remove = nil
        removal?()
    }
}
