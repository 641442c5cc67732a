/// A picker adapter that receives the bound sequence's events.
public protocol RxPickerViewDataSourceType {
    /// The bound element: the whole of the items.
    associatedtype Element
    /// Takes the new items (or the sequence's end) and reloads the picker.
    func pickerView(_ pickerView: PickerView, observedEvent: Event<Element>)
}
