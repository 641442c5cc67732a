import DBus
import RxWidgets

/// A served picker: a `PickerView` (inside a `PopupPickerView` for popup
/// pickers) bound through `rx.items(adapter:)`; its `rx` events become the
/// interface's signals.
final class PickerWidget: Widget {
    static let interfaceName = "org.rxwidgets.Widgets1.Picker"

    let picker: PickerView
    let popup: PopupPickerView?
    private let adapter = PickerAdapter()
    private let items = PublishRelay<[[DBusValue]]>()
    private let disposeBag = DisposeBag()

    init(name: String, options: [String: DBusValue], creator: MethodCall?, service: WidgetService) throws {
        if options["popup"] == .boolean(true) {
            let popup = PopupPickerView(selectItems: [])
            popup.picker.delegate = nil
            popup.picker.dataSource = nil
            self.popup = popup
            picker = popup.picker
        } else {
            popup = nil
            picker = PickerView()
        }
        super.init(kind: .picker, name: name, creator: creator, transient: options["transient"] == .boolean(true), service: service)
        declare(makeInterface())
        items.bind(to: picker.rx.items(adapter: adapter)).disposed(by: disposeBag)
        picker.rx.itemSelected
            .subscribe(onNext: { [unowned self] in emit("ItemSelected", [.int32(Int32($0.row)), .int32(Int32($0.component))]) })
            .disposed(by: disposeBag)
        picker.rx.modelSelected(DBusValue.self)
            .subscribe(onNext: { [unowned self] in emit("ModelSelected", [.array(element: .variant, $0.map { .variant($0) })]) })
            .disposed(by: disposeBag)
        if let popup {
            popup.rx.selectedItem
                .subscribe(onNext: { [unowned self] in emit("SelectedItem", [.int32(Int32($0.0)), .string($0.1)]) })
                .disposed(by: disposeBag)
            popup.rx.closePickerView
                .subscribe(onNext: { [unowned self] in emit("Closed", []) })
                .disposed(by: disposeBag)
        }
        if let initial = options["items"] {
            try bind(try components(fromTitles: initial, "options 'items'"))
        }
    }

    static let optionTypes: [String: DBusType] = ["items": .array(.array(.string)), "popup": .boolean, "transient": .boolean]

    // MARK: Binding

    private func components(fromTitles value: DBusValue, _ what: String) throws -> [[DBusValue]] {
        let components = (value.arrayElements ?? []).map { $0.arrayElements ?? [] }
        try check(components, what)
        return components
    }

    private func components(fromModels value: DBusValue, _ what: String) throws -> [[DBusValue]] {
        let components = (value.arrayElements ?? []).map { ($0.arrayElements ?? []).map { $0.variantValue ?? $0 } }
        try check(components, what)
        return components
    }

    private func check(_ components: [[DBusValue]], _ what: String) throws {
        try service.arguments.checkShape(parts: components.count, rows: components.reduce(0) { $0 + $1.count }, unit: "components", what)
        for (index, component) in components.enumerated() {
            for (row, model) in component.enumerated() {
                try service.arguments.checkStrings(in: model, "\(what) component \(index) row \(row)")
            }
        }
    }

    private func bind(_ components: [[DBusValue]]) throws {
        isBound = true
        if components != adapter.components {
            contentVersion += 1
        }
        items.accept(components)
    }

    override var bindingCalls: String { "SetItems or SetModels" }

    private func component(_ value: Int32) throws -> Int {
        try boundIndex(value, count: picker.numberOfComponents, "component")
    }

    private func row(_ row: Int32, _ component: Int32) throws -> (Int, Int) {
        let column = try self.component(component)
        return (try service.arguments.index(row, count: picker.numberOfRows(inComponent: column), "row"), column)
    }

    private func requirePopup(_ method: String) throws -> PopupPickerView {
        guard let popup else {
            throw WidgetsError.notSupported("\(method) is for popup pickers; picker '\(name)' was created without 'popup'")
        }
        return popup
    }

    // MARK: Interface

    private func makeInterface() -> Interface {
        let cell = [Argument("row", .int32), Argument("component", .int32)]
        return Interface(PickerWidget.interfaceName, methods: [
            changing("SetItems", in: [Argument("items", "aas")]) { [unowned self] call in
                try bind(try components(fromTitles: call.arguments[0], "items"))
                return []
            },
            changing("SetModels", in: [Argument("models", "aav")]) { [unowned self] call in
                try bind(try components(fromModels: call.arguments[0], "models"))
                return []
            },
            changing("AppendItems", in: [Argument("items", "aas")]) { [unowned self] call in
                try requireItems()
                let appended = try components(fromTitles: call.arguments[0], "items")
                let current = adapter.components
                guard appended.count <= current.count else {
                    throw WidgetsError.outOfRange("items has \(appended.count) arrays but the picker has \(current.count) components")
                }
                var combined = current
                for (index, rows) in appended.enumerated() {
                    combined[index] += rows
                }
                try check(combined, "the picker with items appended")
                try bind(combined)
                return []
            },
            changing("SetAdapter", in: [Argument("kind", "s"), Argument("options", "a{sv}")]) { [unowned self] call in
                let config = try adapterConfig(kind: try call.argument(0), options: call.arguments[1])
                if config != adapter.config {
                    adapter.config = config
                    contentVersion += 1
                }
                return []
            },
            Method("TitleForRow", in: cell, out: [Argument("title", .string)]) { [unowned self] call in
                let (row, component) = try row(try call.argument(0), try call.argument(1))
                return [.string(picker.title(forRow: row, forComponent: component) ?? "")]
            },
            Method("AttributedTitleForRow", in: cell, out: [Argument("text", .string), Argument("attributes", "a{sv}")]) { [unowned self] call in
                let (row, component) = try row(try call.argument(0), try call.argument(1))
                let title = picker.attributedTitle(forRow: row, forComponent: component) ?? AttributedText(string: "")
                let attributes = Dictionary(uniqueKeysWithValues: title.attributes.map { ($0.key.rawValue, $0.value) })
                return [.string(title.string), attributeDictionary(attributes)]
            },
            Method("ViewForRow", in: cell, out: [Argument("view", "a{sv}")]) { [unowned self] call in
                let (row, component) = try row(try call.argument(0), try call.argument(1))
                return [attributeDictionary(picker.view(forRow: row, forComponent: component).viewDescription)]
            },
            Method("WidthForComponent", in: [Argument("component", .int32)], out: [Argument("width", .double)]) { [unowned self] call in
                [.double(picker.width(forComponent: try component(try call.argument(0))))]
            },
            Method("RowHeightForComponent", in: [Argument("component", .int32)], out: [Argument("height", .double)]) { [unowned self] call in
                [.double(picker.rowHeight(forComponent: try component(try call.argument(0))))]
            },
            changing("SelectRow", in: cell) { [unowned self] call in
                let (row, component) = try row(try call.argument(0), try call.argument(1))
                picker.selectRow(row, inComponent: component, animated: true)
                picker.delegate?.pickerView(picker, didSelectRow: row, inComponent: component)
                return []
            },
            changing("SetSelectedRow", in: cell) { [unowned self] call in
                let (row, component) = try row(try call.argument(0), try call.argument(1))
                picker.selectRow(row, inComponent: component, animated: false)
                return []
            },
            Method("SelectedRow", in: [Argument("component", .int32)], out: [Argument("row", .int32)]) { [unowned self] call in
                [.int32(Int32(picker.selectedRow(inComponent: try component(try call.argument(0)))))]
            },
            Method("Model", in: cell, out: [Argument("model", .variant)]) { [unowned self] call in
                let (row, component) = try row(try call.argument(0), try call.argument(1))
                return [.variant(adapter.components[component][row])]
            },
            changing("ReloadAllComponents") { [unowned self] _ in
                picker.reloadAllComponents()
                return []
            },
            changing("ReloadComponent", in: [Argument("component", .int32)]) { [unowned self] call in
                picker.reloadComponent(try component(try call.argument(0)))
                return []
            },
            changing("Show") { [unowned self] _ in
                try requirePopup("Show").showPickerView()
                return []
            },
            changing("Hide") { [unowned self] _ in
                try requirePopup("Hide").hiddenPickerView()
                return []
            },
            changing("Done") { [unowned self] _ in
                let popup = try requirePopup("Done")
                guard isBound, picker.numberOfRows(inComponent: 0) > 0 else {
                    throw WidgetsError.itemsNotBound("picker '\(name)' has no rows in component 0 to choose from")
                }
                popup.doneSelection()
                return []
            },
            changing("Cancel") { [unowned self] _ in
                try requirePopup("Cancel").cancelSelection()
                return []
            },
        ], signals: [
            SignalDeclaration("ItemSelected", cell),
            SignalDeclaration("ModelSelected", [Argument("models", "av")]),
            SignalDeclaration("SelectedItem", [Argument("index", .int32), Argument("title", .string)]),
            SignalDeclaration("Closed"),
        ], properties: [
            Property("NumberOfComponents", .int32) { [unowned self] in .int32(Int32(picker.numberOfComponents)) },
            Property("RowCounts", .array(.int32)) { [unowned self] in .array(element: .int32, picker.rowCounts.map { .int32(Int32($0)) }) },
            Property("SelectedRows", .array(.int32)) { [unowned self] in .array(element: .int32, picker.selectedRows.map { .int32(Int32($0)) }) },
            Property("Visible", .boolean) { [unowned self] in .boolean(popup?.isVisible ?? false) },
            Property("Popup", .boolean, emitsChanged: .const) { [unowned self] in .boolean(popup != nil) },
            Property("Adapter", .string) { [unowned self] in .string(adapter.config.kind.rawValue) },
            revisionProperty(),
        ])
    }

    private func adapterConfig(kind: String, options value: DBusValue) throws -> PickerAdapterConfig {
        guard let adapterKind = PickerAdapterConfig.Kind(rawValue: kind) else {
            throw DBusError.invalidArgs("kind: expected 'title', 'attributed' or 'view', got '\(kind.prefix(80))'")
        }
        let options = try service.arguments.options(value, allowed: [
            "format": .string, "attributes": .array(.dictEntry(key: .string, value: .variant)),
            "view": .array(.dictEntry(key: .string, value: .variant)), "widths": .array(.double), "row_heights": .array(.double),
        ], argument: "options")
        var config = PickerAdapterConfig()
        config.kind = adapterKind
        if case .string(let format)? = options["format"] {
            try service.arguments.checkString(format, "options 'format'")
            config.format = format
        }
        if let attributes = options["attributes"] {
            config.attributes = try service.arguments.attributes(attributes, "options 'attributes'")
        }
        if let view = options["view"] {
            config.view = try service.arguments.attributes(view, "options 'view'")
        }
        config.widths = try sizes(options["widths"], "widths")
        config.rowHeights = try sizes(options["row_heights"], "row_heights")
        return config
    }

    private func sizes(_ value: DBusValue?, _ key: String) throws -> [Double] {
        let sizes = (value?.arrayElements ?? []).compactMap { element -> Double? in
            if case .double(let size) = element { return size }
            return nil
        }
        if let bad = sizes.firstIndex(where: { !$0.isFinite || $0 < 0 }) {
            throw DBusError.invalidArgs("options '\(key)'[\(bad)]: expected a finite size of 0 or more, got \(sizes[bad])")
        }
        guard sizes.count <= service.limits.componentsPerWidget else {
            throw WidgetsError.limitExceeded("options '\(key)' has \(sizes.count) sizes; the limit is \(service.limits.componentsPerWidget)")
        }
        return sizes
    }
}
