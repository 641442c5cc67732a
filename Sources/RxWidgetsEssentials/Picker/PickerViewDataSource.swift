/// Supplies a picker's shape: how many components, and rows in each.
public protocol PickerViewDataSource: AnyObject {
    /// The number of components (columns).
    func numberOfComponents(in pickerView: PickerView) -> Int
    /// The number of rows in `component`.
    func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int
}
