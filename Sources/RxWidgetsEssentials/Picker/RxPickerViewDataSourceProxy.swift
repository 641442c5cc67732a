/// The picker's data-source proxy. Without a forward data source the picker
/// has no components, as RxCocoa's `PickerViewDataSourceNotSet` answers.
open class RxPickerViewDataSourceProxy: DelegateProxy<PickerView, PickerViewDataSource>, DelegateProxyType, PickerViewDataSource {
    /// The picker.
    public weak private(set) var pickerView: PickerView?

    /// The proxy of `pickerView`.
    public init(pickerView: PickerView) {
        self.pickerView = pickerView
        super.init(parentObject: pickerView, delegateProxy: RxPickerViewDataSourceProxy.self)
    }

    /// Registers the factory for pickers.
    public static func registerKnownImplementations() {
        register { RxPickerViewDataSourceProxy(pickerView: $0) }
    }

    /// Forwards; 0 without a forward data source.
    public func numberOfComponents(in pickerView: PickerView) -> Int {
        invoke(.numberOfComponents, with: ()) { $0.numberOfComponents(in: pickerView) } ?? 0
    }

    /// Forwards; 0 without a forward data source.
    public func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int {
        invoke(.numberOfRowsInComponent, with: component) { $0.pickerView(pickerView, numberOfRowsInComponent: component) } ?? 0
    }
}
