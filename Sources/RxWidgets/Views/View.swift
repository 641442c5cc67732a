/// The headless `UIView`: a description of what a front end draws, and the
/// host of the delegate proxies bound to it.
open class View: DelegateProxyHost, ReactiveCompatible {
    /// The proxies bound to this view; released with it.
    public let delegateProxyStorage = DelegateProxyStorage()

    /// The background colour, as a name or `#rrggbb`.
    open var backgroundColor: String?
    /// Whether the view is hidden.
    open var isHidden = false
    /// An integer that identifies the view.
    open var tag = 0
    /// Further properties a front end may use.
    open var properties: [String: AttributeValue] = [:]

    /// An empty view.
    public init() {}

    /// What a front end needs to draw the view: `kind` (the class name) and
    /// every property that is set.
    open var viewDescription: [String: AttributeValue] {
        var description = properties
        description["kind"] = .string(String(describing: type(of: self)))
        if let backgroundColor {
            description["backgroundColor"] = .string(backgroundColor)
        }
        if isHidden {
            description["isHidden"] = .bool(true)
        }
        if tag != 0 {
            description["tag"] = .int(tag)
        }
        return description
    }
}
