import Foundation
/// The picker's delegate proxy: publishes every delegate call and forwards it.
open class RxPickerViewDelegateProxy: DelegateProxy<PickerView, PickerViewDelegate>, DelegateProxyType, PickerViewDelegate {
    /// The picker.
    public weak private(set) var pickerView: PickerView?

    /// The proxy of `pickerView`.
    public init(pickerView: PickerView) {
        self.pickerView = pickerView
        super.init(parentObject: pickerView, delegateProxy: RxPickerViewDelegateProxy.self)
    }

    /// Registers the factory for pickers.
    public static func registerKnownImplementations() {
        register { RxPickerViewDelegateProxy(pickerView: $0) }
    }

    /// Forwards; without a forward delegate, the default width.
    public func pickerView(_ pickerView: PickerView, widthForComponent component: Int) -> CGFloat {
        invoke(.widthForComponent, with: component) { $0.pickerView(pickerView, widthForComponent: component) }
            ?? PickerView.defaultWidth(of: pickerView)
    }

    /// Forwards; without a forward delegate, 34.
    public func pickerView(_ pickerView: PickerView, rowHeightForComponent component: Int) -> CGFloat {
        invoke(.rowHeightForComponent, with: component) { $0.pickerView(pickerView, rowHeightForComponent: component) }
            ?? PickerView.defaultRowHeight
    }

    /// Forwards; without a forward delegate, nil.
    public func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        invoke(.titleForRow, with: (row, component)) { $0.pickerView(pickerView, titleForRow: row, forComponent: component) } ?? nil
    }

    /// Forwards; without a forward delegate, nil.
    public func pickerView(_ pickerView: PickerView, attributedTitleForRow row: Int, forComponent component: Int) -> AttributedString? {
        invoke(.attributedTitleForRow, with: (row, component)) {
            $0.pickerView(pickerView, attributedTitleForRow: row, forComponent: component)
        } ?? nil
    }

    /// Forwards; without a forward delegate, an empty label.
    public func pickerView(_ pickerView: PickerView, viewForRow row: Int, forComponent component: Int, reusing view: View?) -> View {
        invoke(.viewForRow, with: (row, component)) {
            $0.pickerView(pickerView, viewForRow: row, forComponent: component, reusing: view)
        } ?? PickerView.defaultView(attributedTitle: nil)
    }

    /// Publishes the selection and forwards it.
    public func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) {
        invoke(.didSelectRow, with: (row, component)) { $0.pickerView(pickerView, didSelectRow: row, inComponent: component) }
    }
}
