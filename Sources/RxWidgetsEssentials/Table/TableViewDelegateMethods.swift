import FoundationEssentials

/// A table edit as the data source's `commit editingStyle` call carries it.
public typealias TableEdit = (editingStyle: TableViewCell.EditingStyle, indexPath: IndexPath)

/// A row move: where it was and where it went.
public typealias ItemMovedEvent = (sourceIndex: IndexPath, destinationIndex: IndexPath)

/// A cell about to be shown at a row.
public typealias WillDisplayCellEvent = (cell: TableViewCell, indexPath: IndexPath)

/// A cell no longer shown at a row.
public typealias DidEndDisplayingCellEvent = (cell: TableViewCell, indexPath: IndexPath)

extension DelegateMethod where Delegate == TableViewDelegate, Arguments == WillDisplayCellEvent {
    /// `tableView(_:willDisplay:forRowAt:)`.
    public static var willDisplayCell: Self { Self("tableView(_:willDisplay:forRowAt:)") }
    /// `tableView(_:didEndDisplaying:forRowAt:)`.
    public static var didEndDisplayingCell: Self { Self("tableView(_:didEndDisplaying:forRowAt:)") }
}

extension DelegateMethod where Delegate == TableViewDataSourcePrefetching, Arguments == [IndexPath] {
    /// `tableView(_:prefetchRowsAt:)`.
    public static var prefetchRowsAt: Self { Self("tableView(_:prefetchRowsAt:)") }
    /// `tableView(_:cancelPrefetchingForRowsAt:)`.
    public static var cancelPrefetchingForRowsAt: Self { Self("tableView(_:cancelPrefetchingForRowsAt:)") }
}

extension DelegateMethod where Delegate == TableViewDelegate, Arguments == IndexPath {
    /// `tableView(_:didHighlightRowAt:)`.
    public static var didHighlightRowAt: Self { Self("tableView(_:didHighlightRowAt:)") }
    /// `tableView(_:didUnhighlightRowAt:)`.
    public static var didUnhighlightRowAt: Self { Self("tableView(_:didUnhighlightRowAt:)") }
    /// `tableView(_:didSelectRowAt:)`.
    public static var didSelectRowAt: Self { Self("tableView(_:didSelectRowAt:)") }
    /// `tableView(_:didDeselectRowAt:)`.
    public static var didDeselectRowAt: Self { Self("tableView(_:didDeselectRowAt:)") }
    /// `tableView(_:accessoryButtonTappedForRowWith:)`.
    public static var accessoryButtonTapped: Self { Self("tableView(_:accessoryButtonTappedForRowWith:)") }
}

extension DelegateMethod where Delegate == TableViewDataSource, Arguments == TableEdit {
    /// `tableView(_:commit:forRowAt:)`.
    public static var commitEditingStyle: Self { Self("tableView(_:commit:forRowAt:)") }
}

extension DelegateMethod where Delegate == TableViewDataSource, Arguments == ItemMovedEvent {
    /// `tableView(_:moveRowAt:to:)`.
    public static var moveRowAt: Self { Self("tableView(_:moveRowAt:to:)") }
}

extension DelegateMethod where Delegate == TableViewDataSource, Arguments == IndexPath {
    /// `tableView(_:cellForRowAt:)`.
    public static var cellForRowAt: Self { Self("tableView(_:cellForRowAt:)") }
    /// `tableView(_:canEditRowAt:)`.
    public static var canEditRowAt: Self { Self("tableView(_:canEditRowAt:)") }
    /// `tableView(_:canMoveRowAt:)`.
    public static var canMoveRowAt: Self { Self("tableView(_:canMoveRowAt:)") }
}

extension DelegateMethod where Delegate == TableViewDataSource, Arguments == Void {
    /// `numberOfSections(in:)`.
    public static var numberOfSections: Self { Self("numberOfSections(in:)") }
}

extension DelegateMethod where Delegate == TableViewDataSource, Arguments == Int {
    /// `tableView(_:numberOfRowsInSection:)`.
    public static var numberOfRowsInSection: Self { Self("tableView(_:numberOfRowsInSection:)") }
    /// `tableView(_:titleForHeaderInSection:)`.
    public static var titleForHeaderInSection: Self { Self("tableView(_:titleForHeaderInSection:)") }
    /// `tableView(_:titleForFooterInSection:)`.
    public static var titleForFooterInSection: Self { Self("tableView(_:titleForFooterInSection:)") }
}

extension DelegateMethod where Delegate == TableViewDataSource, Arguments == Void {
    /// `sectionIndexTitles(for:)`.
    public static var sectionIndexTitles: Self { Self("sectionIndexTitles(for:)") }
}

/// A tap on a section index title: the title and its place in the index.
public typealias SectionIndexTitleEvent = (title: String, index: Int)

extension DelegateMethod where Delegate == TableViewDataSource, Arguments == SectionIndexTitleEvent {
    /// `tableView(_:sectionForSectionIndexTitle:at:)`.
    public static var sectionForSectionIndexTitle: Self { Self("tableView(_:sectionForSectionIndexTitle:at:)") }
}
