/// A row in a component, as picker delegate calls carry it.
public typealias PickerRow = (row: Int, component: Int)

extension DelegateMethod where Delegate == PickerViewDelegate, Arguments == PickerRow {
    /// `pickerView(_:didSelectRow:inComponent:)`.
    public static var didSelectRow: Self { Self("pickerView(_:didSelectRow:inComponent:)") }
    /// `pickerView(_:titleForRow:forComponent:)`.
    public static var titleForRow: Self { Self("pickerView(_:titleForRow:forComponent:)") }
    /// `pickerView(_:attributedTitleForRow:forComponent:)`.
    public static var attributedTitleForRow: Self { Self("pickerView(_:attributedTitleForRow:forComponent:)") }
    /// `pickerView(_:viewForRow:forComponent:reusing:)`.
    public static var viewForRow: Self { Self("pickerView(_:viewForRow:forComponent:reusing:)") }
}

extension DelegateMethod where Delegate == PickerViewDelegate, Arguments == Int {
    /// `pickerView(_:widthForComponent:)`.
    public static var widthForComponent: Self { Self("pickerView(_:widthForComponent:)") }
    /// `pickerView(_:rowHeightForComponent:)`.
    public static var rowHeightForComponent: Self { Self("pickerView(_:rowHeightForComponent:)") }
}

extension DelegateMethod where Delegate == PickerViewDataSource, Arguments == Void {
    /// `numberOfComponents(in:)`.
    public static var numberOfComponents: Self { Self("numberOfComponents(in:)") }
}

extension DelegateMethod where Delegate == PickerViewDataSource, Arguments == Int {
    /// `pickerView(_:numberOfRowsInComponent:)`.
    public static var numberOfRowsInComponent: Self { Self("pickerView(_:numberOfRowsInComponent:)") }
}
