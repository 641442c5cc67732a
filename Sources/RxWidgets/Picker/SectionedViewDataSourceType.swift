/// A data source that can give the model at an index path, which
/// `rx.model(at:)` and `rx.modelSelected` read.
public protocol SectionedViewDataSourceType {
    /// The model at `indexPath` (for a picker, `section` is the component).
    /// Throws `RxCocoaError.itemsNotYetBound` outside the bound items.
    func model(at indexPath: IndexPath) throws -> Any
}

/// A picker adapter that receives the bound sequence's events.
public protocol RxPickerViewDataSourceType {
    /// The bound element: the whole of the items.
    associatedtype Element
    /// Takes the new items (or the sequence's end) and reloads the picker.
    func pickerView(_ pickerView: PickerView, observedEvent: Event<Element>)
}
