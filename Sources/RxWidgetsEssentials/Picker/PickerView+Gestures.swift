extension PickerView {
    /// A user's scroll of `component` coming to rest on `row`, as UIKit
    /// reports it: the selection moves (clamped to the rows), then the
    /// delegate hears `pickerView(_:didSelectRow:inComponent:)` with the row
    /// now selected. Nothing happens in a component without rows.
    public func userDidSelect(row: Int, inComponent component: Int) {
        guard numberOfRows(inComponent: component) > 0 else { return }
        selectRow(row, inComponent: component, animated: true)
        delegate?.pickerView(self, didSelectRow: selectedRow(inComponent: component), inComponent: component)
    }
}
