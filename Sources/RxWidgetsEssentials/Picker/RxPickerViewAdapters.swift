import FoundationEssentials

/// A one-component data source over an array of models: the base of the
/// three adapters behind `rx.itemTitles`, `rx.itemAttributedTitles` and `rx.items`.
open class RxPickerViewArrayDataSource<T>: PickerViewDataSource, SectionedViewDataSourceType {
    /// The bound models.
    public internal(set) var items: [T] = []

    /// No items until bound.
    public init() {}

    /// The model of `indexPath.row`; `RxCocoaError.itemsNotYetBound` outside the items.
    public func model(at indexPath: IndexPath) throws -> Any {
        guard items.indices.contains(indexPath.row), indexPath.component == 0 else {
            throw RxCocoaError.itemsNotYetBound(object: "\(type(of: self))")
        }
        return items[indexPath.row]
    }

    /// One.
    public func numberOfComponents(in pickerView: PickerView) -> Int {
        1
    }

    /// The number of items.
    public func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int {
        items.count
    }
}

/// Binds a sequence of models: each new sequence replaces the items and reloads the picker.
open class RxPickerViewSequenceDataSource<Sequence: Swift.Sequence>: RxPickerViewArrayDataSource<Sequence.Element>, RxPickerViewDataSourceType {
    /// Takes the new items and reloads the picker.
    public func pickerView(_ pickerView: PickerView, observedEvent: Event<Sequence>) {
        guard case .next(let sequence) = observedEvent else { return }
        items = Array(sequence)
        pickerView.reloadAllComponents()
    }
}

/// The adapter of `rx.itemTitles`: a title per model.
public final class RxStringPickerViewAdapter<Sequence: Swift.Sequence>: RxPickerViewSequenceDataSource<Sequence>, PickerViewDelegate {
    /// Makes a row's title from its index and model.
    public typealias TitleForRow = (Int, Sequence.Element) -> String?

    private let titleForRow: TitleForRow

    /// An adapter with this title function.
    public init(titleForRow: @escaping TitleForRow) {
        self.titleForRow = titleForRow
        super.init()
    }

    /// The title of the row's model; nil outside the items.
    public func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        items.indices.contains(row) ? titleForRow(row, items[row]) : nil
    }
}

/// The adapter of `rx.itemAttributedTitles`: an attributed title per model.
public final class RxAttributedStringPickerViewAdapter<Sequence: Swift.Sequence>: RxPickerViewSequenceDataSource<Sequence>, PickerViewDelegate {
    /// Makes a row's attributed title from its index and model.
    public typealias AttributedTitleForRow = (Int, Sequence.Element) -> AttributedString?

    private let attributedTitleForRow: AttributedTitleForRow

    /// An adapter with this attributed-title function.
    public init(attributedTitleForRow: @escaping AttributedTitleForRow) {
        self.attributedTitleForRow = attributedTitleForRow
        super.init()
    }

    /// The plain text of the row's attributed title.
    public func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        self.pickerView(pickerView, attributedTitleForRow: row, forComponent: component)?.string
    }

    /// The attributed title of the row's model; nil outside the items.
    public func pickerView(_ pickerView: PickerView, attributedTitleForRow row: Int, forComponent component: Int) -> AttributedString? {
        items.indices.contains(row) ? attributedTitleForRow(row, items[row]) : nil
    }
}

/// The adapter of `rx.items`: a view per model.
public final class RxPickerViewAdapter<Sequence: Swift.Sequence>: RxPickerViewSequenceDataSource<Sequence>, PickerViewDelegate {
    /// Makes a row's view from its index, model and a view to reuse.
    public typealias ViewForRow = (Int, Sequence.Element, View?) -> View

    private let viewForRow: ViewForRow

    /// An adapter with this view function.
    public init(viewForRow: @escaping ViewForRow) {
        self.viewForRow = viewForRow
        super.init()
    }

    /// The view of the row's model; an empty label outside the items.
    public func pickerView(_ pickerView: PickerView, viewForRow row: Int, forComponent component: Int, reusing view: View?) -> View {
        items.indices.contains(row) ? viewForRow(row, items[row], view) : PickerView.defaultView(attributedTitle: nil)
    }
}
