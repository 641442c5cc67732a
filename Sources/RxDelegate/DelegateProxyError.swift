import RxCoreEssentials
import Synchronization

/// The programming errors RxCocoa asserts on. Here they are reported (to
/// stderr, and to `DelegateProxyDiagnostics.handler`, which tests replace),
/// and the call goes on as RxCocoa's release build does; nothing crashes.
public enum DelegateProxyError: Swift.Error, CustomStringConvertible, Sendable {
    /// `installForwardDelegate` found a forward delegate already installed:
    /// the new one replaces it.
    case delegateAlreadySet(proxy: String, existing: String)
    /// The object's delegate is no longer the proxy that a binding installed.
    case proxyChanged(proxy: String, current: String)
    /// The proxy does not conform to its own `Delegate` type, so it cannot be installed.
    case proxyIsNotDelegate(proxy: String)

    /// What happened and what to do about it.
    public var description: String {
        switch self {
        case .delegateAlreadySet(let proxy, let existing):
            return "\(proxy) already forwards to \(existing); the new forward delegate replaces it. "
                + "Set the delegate through the proxy, or dispose the earlier binding first."
        case .proxyChanged(let proxy, let current):
            return "the delegate was changed from \(proxy) to \(current) after a binding installed the proxy; "
                + "set delegates with rx.setDelegate instead"
        case .proxyIsNotDelegate(let proxy):
            return "\(proxy) does not conform to its Delegate type and cannot be installed"
        }
    }
}

/// Where delegate-proxy errors are reported.
public enum DelegateProxyDiagnostics {
    /// Receives each reported error.
    public typealias Handler = @Sendable (DelegateProxyError) -> Void

    private static let current = Mutex<Handler>({ error in
        Hooks.log("<3>rx: delegate proxy: \(error)")
    })

    /// The handler of reported errors; the default writes an error line to stderr.
    public static var handler: Handler {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }

    static func report(_ error: DelegateProxyError) {
        handler(error)
    }
}
