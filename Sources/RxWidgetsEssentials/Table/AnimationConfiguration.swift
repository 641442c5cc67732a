/// How a table's front end animates the rows of a change (RxDataSources'
/// `AnimationConfiguration`); a headless table applies every change at once
/// and keeps this for the front end.
public struct AnimationConfiguration: Equatable, Sendable {
    /// How inserted rows appear.
    public let insertAnimation: TableView.RowAnimation
    /// How updated rows are redrawn.
    public let reloadAnimation: TableView.RowAnimation
    /// How deleted rows leave.
    public let deleteAnimation: TableView.RowAnimation

    /// A configuration; each animation `.automatic` unless given.
    public init(insertAnimation: TableView.RowAnimation = .automatic, reloadAnimation: TableView.RowAnimation = .automatic, deleteAnimation: TableView.RowAnimation = .automatic) {
        self.insertAnimation = insertAnimation
        self.reloadAnimation = reloadAnimation
        self.deleteAnimation = deleteAnimation
    }
}

/// Whether a binding's changes are applied row by row or the table reloads
/// (RxDataSources' `ViewTransition`).
public enum ViewTransition: Equatable, Sendable {
    /// The changes are applied to the rows.
    case animated
    /// The table reloads.
    case reload
}

extension TableView {
    /// UIKit's row animations, named for a front end to draw.
    public enum RowAnimation: String, Sendable {
        /// Fade in or out.
        case fade
        /// Slide from or to the right.
        case right
        /// Slide from or to the left.
        case left
        /// Slide from or to the top.
        case top
        /// Slide from or to the bottom.
        case bottom
        /// None.
        case none
        /// Keep the cell centred in the space it takes or leaves.
        case middle
        /// What the front end finds best.
        case automatic
    }
}
