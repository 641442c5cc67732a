import Foundation
import DBus
import RxWidgets

/// How a picker's rows are shown: the three RxCocoa adapters, configured by a client.
struct PickerAdapterConfig: Equatable {
    enum Kind: String {
        case title
        case attributed
        case view
    }

    var kind = Kind.title
    var format = PickerAdapterConfig.valueFormat
    var attributes: [String: AttributeValue] = [:]
    var view: [String: AttributeValue] = [:]
    var widths: [Double] = []
    var rowHeights: [Double] = []

    /// The default format: a row's title is its value.
    static let valueFormat = "{value}"
}

/// The served picker's adapter: data source and delegate over components of
/// models (D-Bus values), answering the picker's questions from its config.
final class PickerAdapter: PickerViewDataSource, PickerViewDelegate, RxPickerViewDataSourceType, SectionedViewDataSourceType {
    typealias Element = [[DBusValue]]

    private(set) var components: [[DBusValue]] = []
    var config = PickerAdapterConfig()
    /// The most characters a rendered title has (the string limit).
    var titleLimit = 65_536

    func pickerView(_ pickerView: PickerView, observedEvent: Event<[[DBusValue]]>) {
        guard case .next(let components) = observedEvent else { return }
        self.components = components
        pickerView.reloadAllComponents()
    }

    /// The model at `indexPath`; the empty string for a component without rows.
    func model(at indexPath: IndexPath) throws -> Any {
        guard components.indices.contains(indexPath.component) else {
            throw RxCocoaError.itemsNotYetBound(object: "picker")
        }
        let rows = components[indexPath.component]
        if rows.isEmpty {
            return DBusValue.string("")
        }
        guard rows.indices.contains(indexPath.row) else {
            throw RxCocoaError.itemsNotYetBound(object: "picker")
        }
        return rows[indexPath.row]
    }

    func numberOfComponents(in pickerView: PickerView) -> Int {
        components.count
    }

    func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int {
        components.indices.contains(component) ? components[component].count : 0
    }

    private func placeholders(row: Int, component: Int) -> [String: String] {
        ["row": String(row), "component": String(component), "value": components[component][row].textForm]
    }

    /// A row's title as the format renders it. A string under the default
    /// format is its own title (no bigger than the limit, so not clipped):
    /// filling the format made a dictionary and a string a row, half of a
    /// `Titles` read's time.
    private func title(row: Int, component: Int) -> String {
        if config.format == PickerAdapterConfig.valueFormat, case .string(let text) = components[component][row], text.utf8.count <= titleLimit {
            return text
        }
        return fill(config.format, placeholders(row: row, component: component), limit: titleLimit)
    }

    func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        title(row: row, component: component)
    }

    func pickerView(_ pickerView: PickerView, attributedTitleForRow row: Int, forComponent component: Int) -> AttributedString? {
        let title = title(row: row, component: component)
        let attributes = config.kind == .attributed ? config.attributes : [:]
        return AttributedString(title, attributes: attributes)
    }

    func pickerView(_ pickerView: PickerView, viewForRow row: Int, forComponent component: Int, reusing view: View?) -> View {
        guard config.kind == .view else {
            return PickerView.defaultView(attributedTitle: self.pickerView(pickerView, attributedTitleForRow: row, forComponent: component))
        }
        let values = placeholders(row: row, component: component)
        let described = View()
        for (key, value) in config.view {
            if case .string(let text) = value {
                described.properties[key] = .string(fill(text, values, limit: titleLimit))
            } else {
                described.properties[key] = value
            }
        }
        return described
    }

    func pickerView(_ pickerView: PickerView, widthForComponent component: Int) -> CGFloat {
        config.widths.indices.contains(component) ? CGFloat(config.widths[component]) : PickerView.defaultWidth(of: pickerView)
    }

    func pickerView(_ pickerView: PickerView, rowHeightForComponent component: Int) -> CGFloat {
        config.rowHeights.indices.contains(component) ? CGFloat(config.rowHeights[component]) : PickerView.defaultRowHeight
    }
}
