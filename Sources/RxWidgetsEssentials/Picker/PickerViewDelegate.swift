import Foundation
/// Supplies a picker's content and sizes, and hears about selections.
///
/// Every method has a default, so a delegate implements only what it needs.
/// The content defaults build on each other as UIKit's do: a row's
/// attributed title is its plain title, and its view is a centred label of
/// its attributed title. A class that inherits its conformance must
/// implement a method in the conforming class for subclasses to override it.
public protocol PickerViewDelegate: AnyObject {
    /// A component's width; default `floor(screenWidth / numberOfComponents)`.
    func pickerView(_ pickerView: PickerView, widthForComponent component: Int) -> CGFloat
    /// A component's row height; default 34.
    func pickerView(_ pickerView: PickerView, rowHeightForComponent component: Int) -> CGFloat
    /// A row's title; default nil.
    func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String?
    /// A row's title with attributes; default the plain title without attributes.
    func pickerView(_ pickerView: PickerView, attributedTitleForRow row: Int, forComponent component: Int) -> AttributedString?
    /// A row's view; default a centred label of the attributed title.
    func pickerView(_ pickerView: PickerView, viewForRow row: Int, forComponent component: Int, reusing view: View?) -> View
    /// The user selected a row; default nothing.
    func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int)
}

extension PickerViewDelegate {
    /// `floor(screenWidth / numberOfComponents)`.
    public func pickerView(_ pickerView: PickerView, widthForComponent component: Int) -> CGFloat {
        PickerView.defaultWidth(of: pickerView)
    }

    /// 34.
    public func pickerView(_ pickerView: PickerView, rowHeightForComponent component: Int) -> CGFloat {
        PickerView.defaultRowHeight
    }

    /// Nil.
    public func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        nil
    }

    /// The plain title, without attributes.
    public func pickerView(_ pickerView: PickerView, attributedTitleForRow row: Int, forComponent component: Int) -> AttributedString? {
        self.pickerView(pickerView, titleForRow: row, forComponent: component).map { AttributedString($0) }
    }

    /// A centred label of the attributed title.
    public func pickerView(_ pickerView: PickerView, viewForRow row: Int, forComponent component: Int, reusing view: View?) -> View {
        PickerView.defaultView(attributedTitle: self.pickerView(pickerView, attributedTitleForRow: row, forComponent: component))
    }

    /// Nothing.
    public func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) {}
}
