import Foundation
import DBus
import RxWidgetsEssentials

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

/// Where a picker's rows come from: components of models bound in the
/// daemon, or a client's data source read through its page cache.
enum PickerRows {
    case bound([[DBusValue]])
    case served(RemoteRows)
}

/// The served picker's adapter: data source and delegate over components of
/// models (D-Bus values), bound or served by a client, answering the
/// picker's questions from its config.
final class PickerAdapter: PickerViewDataSource, PickerViewDelegate, RxPickerViewDataSourceType, SectionedViewDataSourceType {
    typealias Element = PickerRows

    private(set) var rows = PickerRows.bound([])
    var config = PickerAdapterConfig()
    /// The rows' column headers and description format.
    var columns = RowColumns()
    /// The most characters a rendered title has (the string limit).
    var titleLimit = 65_536

    /// The bound components; none while a client's data source serves the rows.
    var components: [[DBusValue]] {
        if case .bound(let components) = rows { return components }
        return []
    }

    /// The client's data source serving the rows, when one does.
    var served: RemoteRows? {
        if case .served(let source) = rows { return source }
        return nil
    }

    func pickerView(_ pickerView: PickerView, observedEvent: Event<PickerRows>) {
        guard case .next(let rows) = observedEvent else { return }
        self.rows = rows
        pickerView.reloadAllComponents()
    }

    /// The model at `indexPath`; the empty string for a component without
    /// rows. A served row's model is its title, which the call reading it
    /// has had fetched.
    func model(at indexPath: IndexPath) throws -> Any {
        let counts = rowCounts
        guard counts.indices.contains(indexPath.component) else {
            throw RxCocoaError.itemsNotYetBound(object: "picker")
        }
        if counts[indexPath.component] == 0 {
            return DBusValue.string("")
        }
        guard indexPath.row >= 0, indexPath.row < counts[indexPath.component] else {
            throw RxCocoaError.itemsNotYetBound(object: "picker")
        }
        return value(row: indexPath.row, component: indexPath.component)
    }

    private var rowCounts: [Int] {
        switch rows {
        case .bound(let components): return components.map(\.count)
        case .served(let source): return source.rowCounts
        }
    }

    /// A row's model: bound, or the served title (empty when it was not fetched).
    private func value(row: Int, component: Int) -> DBusValue {
        switch rows {
        case .bound(let components): return components[component][row]
        case .served(let source): return source.row(row, section: component) ?? .string("")
        }
    }

    func numberOfComponents(in pickerView: PickerView) -> Int {
        switch rows {
        case .bound(let components): return components.count
        case .served(let source): return source.rowCounts.count
        }
    }

    func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int {
        switch rows {
        case .bound(let components): return components.indices.contains(component) ? components[component].count : 0
        case .served(let source): return source.rowCounts.indices.contains(component) ? source.rowCounts[component] : 0
        }
    }

    private func placeholders(row: Int, component: Int) -> [String: String] {
        ["row": String(row), "component": String(component), "value": value(row: row, component: component).textForm]
    }

    /// How a row reads: its title by the format, its columns, its description.
    var rowText: RowText {
        RowText(format: config.format, columns: columns, partKey: PickerWidget.searchPart, limit: titleLimit)
    }

    /// A row's title as the format renders it (`RowText.title`).
    private func title(row: Int, component: Int) -> String {
        rowText.title(of: value(row: row, component: component), row: row, part: component)
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
