/// The headless `UICollectionViewLayout`: how a front end arranges a
/// collection view's cells. The collection view itself never reads it.
open class CollectionViewLayout {
    /// A layout with nothing to say.
    public init() {}
}

/// The headless `UICollectionViewFlowLayout`: cells in lines, as a grid
/// front end draws them.
open class CollectionViewFlowLayout: CollectionViewLayout {
    /// The direction lines run.
    public enum ScrollDirection: Sendable {
        /// Lines run down; cells fill each line across.
        case vertical
        /// Lines run across; cells fill each line down.
        case horizontal
    }

    /// Each cell's width, in the front end's points (`itemSize` in RxWidgets, as a `CGSize`).
    open var itemWidth: Double = 50
    /// Each cell's height, in the front end's points.
    open var itemHeight: Double = 50
    /// The space between lines.
    open var minimumLineSpacing: Double = 10
    /// The space between cells of a line.
    open var minimumInteritemSpacing: Double = 10
    /// The direction lines run.
    open var scrollDirection = ScrollDirection.vertical

    /// A vertical flow of 50-point cells, as UIKit's default.
    public override init() {
        super.init()
    }
}
