import Foundation

extension View {
    /// The view's rectangle as UIKit gives it: `rectangle` as a `CGRect`.
    public var frame: CGRect {
        get { CGRect(x: rectangle.x, y: rectangle.y, width: rectangle.width, height: rectangle.height) }
        set { rectangle = Rect(x: Double(newValue.origin.x), y: Double(newValue.origin.y), width: Double(newValue.width), height: Double(newValue.height)) }
    }

    /// An empty view in `frame`, as UIKit makes one; every view inherits it.
    public convenience init(frame: CGRect) {
        self.init()
        self.frame = frame
    }
}

extension CollectionView {
    /// An empty collection view in `frame`, arranged by `layout`, as UIKit makes one.
    public convenience init(frame: CGRect, collectionViewLayout layout: CollectionViewLayout) {
        self.init(collectionViewLayout: layout)
        self.frame = frame
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
