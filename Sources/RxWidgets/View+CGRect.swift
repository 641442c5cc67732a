import Foundation

extension Rect {
    /// `frame`'s rectangle.
    public init(_ frame: CGRect) {
        self.init(x: Double(frame.origin.x), y: Double(frame.origin.y), width: Double(frame.width), height: Double(frame.height))
    }
}

extension CGRect {
    /// `rectangle` as UIKit holds it.
    public init(_ rectangle: Rect) {
        self.init(x: rectangle.x, y: rectangle.y, width: rectangle.width, height: rectangle.height)
    }
}

extension View {
    /// The view's rectangle as UIKit gives it: `rectangle` as a `CGRect`.
    public var frame: CGRect {
        get { CGRect(rectangle) }
        set { rectangle = Rect(newValue) }
    }

    /// An empty view in `frame`, as UIKit makes one; every view inherits it.
    public convenience init(frame: CGRect) {
        self.init(rectangle: Rect(frame))
    }
}

extension CollectionView {
    /// An empty collection view in `frame`, arranged by `layout`, as UIKit makes one.
    public convenience init(frame: CGRect, collectionViewLayout layout: CollectionViewLayout) {
        self.init(rectangle: Rect(frame), collectionViewLayout: layout)
    }
}

extension CollectionViewFlowLayout {
    /// Each cell's size, as UIKit gives it: `itemWidth` × `itemHeight`.
    public var itemSize: CGSize {
        get { CGSize(width: itemWidth, height: itemHeight) }
        set {
            itemWidth = Double(newValue.width)
            itemHeight = Double(newValue.height)
        }
    }
}
