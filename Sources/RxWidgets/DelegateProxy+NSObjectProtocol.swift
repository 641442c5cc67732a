import Foundation

/// Delegate protocols declared over `NSObjectProtocol`, as UIKit's are, can
/// be implemented by proxies: a proxy is an object equal only to itself, as
/// RxCocoa's `NSObject`-based proxies are.
extension DelegateProxy: NSObjectProtocol {
    /// Whether `object` is this proxy.
    public func isEqual(_ object: Any?) -> Bool {
        (object as AnyObject?) === self
    }

    /// The proxy's identity.
    public var hash: Int {
        ObjectIdentifier(self).hashValue
    }

    /// The proxy.
    public func `self`() -> Self {
        self
    }

    /// False: a delegate proxy is an object, not an `NSProxy`, as RxCocoa's.
    public func isProxy() -> Bool {
        false
    }

    /// The proxy's type and the parent object's.
    public var description: String {
        "\(type(of: self)) of \(parentObject.map { "\(type(of: $0))" } ?? "a freed object")"
    }
}
