/// The headless `UIView`: a description of what a front end draws, and the
/// host of the delegate proxies bound to it. Two views are equal when they
/// are the same view, as `UIView`'s `isEqual`.
open class View: DelegateProxyHost, ReactiveCompatible, Equatable {
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

    /// The view's rectangle in its front end's points (`frame` in
    /// RxWidgets, as a `CGRect`); a front end may draw it elsewhere.
    open var rectangle = Rect.zero

    private(set) var needsLayout = true

    /// An empty view.
    public init() {}

    /// An empty view in `rectangle`.
    public convenience init(rectangle: Rect) {
        self.init()
        self.rectangle = rectangle
    }

    /// Marks the view to be laid out at the next `layoutIfNeeded()`.
    open func setNeedsLayout() {
        needsLayout = true
    }

    /// Lays the view out now if it was marked, calling `layoutSubviews()` once.
    open func layoutIfNeeded() {
        guard needsLayout else { return }
        needsLayout = false
        layoutSubviews()
    }

    /// Lays out what the view shows; a view that reads its content from a
    /// delegate or data source asks it here, as UIKit's views do.
    open func layoutSubviews() {}

    /// Whether `lhs` and `rhs` are the same view.
    public static func == (lhs: View, rhs: View) -> Bool {
        lhs === rhs
    }

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
