/// A rectangle in a front end's points: where a view is, as UIKit's
/// `CGRect` says it (`View.frame` in RxWidgets). Its own type, because
/// Foundation's `CGRect` brings Foundation's string and ICU code, tens of
/// megabytes, into every program that links the widgets — the daemon too.
public struct Rect: Hashable, Sendable {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// A rectangle of `width` × `height` at (`x`, `y`).
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
