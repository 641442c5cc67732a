import Foundation

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

    /// Each cell's size, in the front end's points.
    open var itemSize = CGSize(width: 50, height: 50)
    /// The space between lines.
    open var minimumLineSpacing: CGFloat = 10
    /// The space between cells of a line.
    open var minimumInteritemSpacing: CGFloat = 10
    /// The direction lines run.
    open var scrollDirection = ScrollDirection.vertical

    /// A vertical flow of 50-point cells, as UIKit's default.
    public override init() {
        super.init()
    }
}
