import Foundation
import RxCoreEssentials
/// The headless `UIPickerView`: components (columns) of rows, one selected
/// row per component. Its shape comes from `dataSource`, its content and
/// sizes from `delegate`.
///
/// Like UIKit it reads the data source when first asked and again on
/// `reloadAllComponents()` / `reloadComponent(_:)`. A selection outside the
/// rows is clamped to them; a component without rows has no selection (-1).
open class PickerView: View, HasDelegate, HasDataSource {
    /// The delegate's type.
    public typealias Delegate = PickerViewDelegate
    /// The data source's type.
    public typealias DataSource = PickerViewDataSource

    /// The width the default component width divides, as `UIScreen.main.bounds.width`.
    public static let screenWidth: CGFloat = 375
    /// The default row height.
    public static let defaultRowHeight: CGFloat = 34

    /// The data source, held weakly.
    public weak var dataSource: PickerViewDataSource?
    /// The delegate, held weakly.
    public weak var delegate: PickerViewDelegate?

    private var loadedCounts: [Int]?
    private var selection: [Int] = []
    private let stateChanges = StateChanges<Change>()

    /// What changed in the picker's state, as it changes.
    public enum Change: Sendable, Equatable {
        /// `numberOfComponents`.
        case numberOfComponents
        /// `rowCounts`.
        case rowCounts
        /// `selectedRows`.
        case selectedRows
    }

    /// Every change of the picker's state, sent once the change is made,
    /// only when a value differs (a reload to the same rows sends nothing),
    /// synchronously, on the thread that made it; it never completes.
    public var changes: Observable<Change> {
        stateChanges.observable
    }

    /// Runs a mutation and sends what it changed.
    private func announcingChanges(_ mutate: () -> Void) {
        stateChanges.announcing({ () -> ListState<[Int]> in
            let counts = loadedCounts ?? []
            return ListState(counts: counts, selection: PickerView.effectiveSelection(selection, counts))
        }, mutate) { old, new in
            new.changes(from: old, parts: .numberOfComponents, rows: .rowCounts, selection: .selectedRows)
        }
    }

    /// The selection as `selectedRows` shows it: clamped to the rows, -1 without rows.
    private static func effectiveSelection(_ selection: [Int], _ counts: [Int]) -> [Int] {
        counts.indices.map { component in
            counts[component] > 0 && selection.indices.contains(component) ? min(max(selection[component], 0), counts[component] - 1) : -1
        }
    }

    /// An empty picker.
    public override init() {
        super.init()
    }

    private var loadedRowCounts: [Int] {
        if let loadedCounts {
            return loadedCounts
        }
        reloadAllComponents()
        return loadedCounts ?? []
    }

    /// The number of components.
    public var numberOfComponents: Int {
        loadedRowCounts.count
    }

    /// The number of rows of every component.
    public var rowCounts: [Int] {
        loadedRowCounts
    }

    /// The number of rows in `component`; 0 for a component that does not exist.
    public func numberOfRows(inComponent component: Int) -> Int {
        let counts = loadedRowCounts
        return counts.indices.contains(component) ? counts[component] : 0
    }

    /// The selected row of `component`; -1 when it has no rows or does not exist.
    public func selectedRow(inComponent component: Int) -> Int {
        let rows = numberOfRows(inComponent: component)
        guard rows > 0 else { return -1 }
        return min(max(selection[component], 0), rows - 1)
    }

    /// The rows whose models `rx.modelSelected` reads: each component's
    /// selected row, or `row` in `component` for a selection about to be
    /// made (what a reader of remote rows fetches first).
    public func rowsOfSelectedModels(selecting selection: (row: Int, component: Int)? = nil) -> [IndexPath] {
        (0..<numberOfComponents).map { component in
            IndexPath(row: component == selection?.component ? selection?.row ?? -1 : selectedRow(inComponent: component), section: component)
        }
    }

    /// The selected row of every component.
    public var selectedRows: [Int] {
        (0..<numberOfComponents).map { selectedRow(inComponent: $0) }
    }

    /// Selects `row` of `component`, clamped to its rows, without telling the
    /// delegate (as UIKit's programmatic selection).
    public func selectRow(_ row: Int, inComponent component: Int, animated: Bool) {
        let rows = numberOfRows(inComponent: component)
        guard rows > 0 else { return }
        // Only this component's row can change: no need to compare them all.
        let selected = min(max(row, 0), rows - 1)
        let changed = selectedRow(inComponent: component) != selected
        selection[component] = selected
        if changed && !stateChanges.isAnnouncing {
            stateChanges.send(.selectedRows)
        }
    }

    /// Reads the number of components and rows from the data source again.
    public func reloadAllComponents() {
        setNeedsLayout()
        announcingChanges {
            let components = max(dataSource?.numberOfComponents(in: self) ?? 0, 0)
            loadedCounts = (0..<components).map { max(dataSource?.pickerView(self, numberOfRowsInComponent: $0) ?? 0, 0) }
            selection = (0..<components).map { selection.indices.contains($0) ? selection[$0] : 0 }
        }
    }

    /// Reads the rows of `component` from the data source again.
    public func reloadComponent(_ component: Int) {
        guard var counts = loadedCounts, counts.indices.contains(component) else {
            reloadAllComponents()
            return
        }
        setNeedsLayout()
        announcingChanges {
            counts[component] = max(dataSource?.pickerView(self, numberOfRowsInComponent: component) ?? 0, 0)
            loadedCounts = counts
        }
    }

    /// The rows a picker of its `rectangle` shows in `component`: the
    /// selected row and as many on each side as half its height holds; none
    /// in a picker without height.
    public func rowsShown(inComponent component: Int) -> Range<Int> {
        let rows = numberOfRows(inComponent: component)
        let height = rowHeight(forComponent: component)
        guard rows > 0, rectangle.height > 0, height > 0 else { return 0..<0 }
        let selected = selectedRow(inComponent: component)
        let around = Int((rectangle.height / 2 / Double(height)).rounded(.up))
        return max(selected - around, 0)..<min(selected + around + 1, rows)
    }

    /// The views of the rows shown, as the last layout asked the delegate
    /// for them, by component and row.
    public private(set) var shownViews: [[Int: View]] = []

    /// Asks the delegate for the view of every row shown, as `UIPickerView`
    /// does when it is laid out.
    open override func layoutSubviews() {
        super.layoutSubviews()
        shownViews = (0..<numberOfComponents).map { component in
            var views: [Int: View] = [:]
            for row in rowsShown(inComponent: component) {
                views[row] = view(forRow: row, forComponent: component)
            }
            return views
        }
    }

    /// Whether `row` is a row of `component`.
    public func contains(row: Int, inComponent component: Int) -> Bool {
        row >= 0 && row < numberOfRows(inComponent: component)
    }

    /// A row's title, from the delegate; nil outside the rows.
    public func title(forRow row: Int, forComponent component: Int) -> String? {
        guard contains(row: row, inComponent: component) else { return nil }
        return delegate?.pickerView(self, titleForRow: row, forComponent: component)
    }

    /// A row's attributed title, from the delegate; nil outside the rows.
    public func attributedTitle(forRow row: Int, forComponent component: Int) -> AttributedString? {
        guard contains(row: row, inComponent: component) else { return nil }
        return delegate?.pickerView(self, attributedTitleForRow: row, forComponent: component)
    }

    /// A row's view, from the delegate (its default a label of the row's
    /// attributed title); nil outside the rows or without a delegate, as
    /// UIKit's is nil for a row it does not show.
    public func view(forRow row: Int, forComponent component: Int) -> View? {
        guard contains(row: row, inComponent: component), let delegate else { return nil }
        return delegate.pickerView(self, viewForRow: row, forComponent: component, reusing: nil)
    }

    /// A component's width, from the delegate.
    public func width(forComponent component: Int) -> CGFloat {
        delegate?.pickerView(self, widthForComponent: component) ?? PickerView.defaultWidth(of: self)
    }

    /// A component's row height, from the delegate.
    public func rowHeight(forComponent component: Int) -> CGFloat {
        delegate?.pickerView(self, rowHeightForComponent: component) ?? PickerView.defaultRowHeight
    }

    /// `floor(screenWidth / numberOfComponents)`, the whole width without components.
    public static func defaultWidth(of pickerView: PickerView) -> CGFloat {
        (screenWidth / CGFloat(max(pickerView.numberOfComponents, 1))).rounded(.down)
    }

    /// A centred label showing `attributedTitle`.
    public static func defaultView(attributedTitle: AttributedString?) -> View {
        let label = Label()
        label.textAlignment = .center
        label.fontSize = 21
        label.attributedText = attributedTitle
        return label
    }
}
