import DBus
import WidgetsAPI
import RxWidgets

/// Dependent components (API.md, "Dependent components"): the maps, checked
/// as input, and the rebinding a selection causes, inside the selecting
/// call and before its events, as a delegate's `didSelectRow` does it.
extension PickerWidget {
    static let dependentType: DBusType = .array(.array(.dictEntry(key: .string, value: .array(.string))))

    /// `aa{sas}` as maps, their titles checked and counted against the limits.
    func dependentComponents(from value: DBusValue, _ what: String) throws -> DependentComponents {
        var maps: [[String: [String]]] = []
        for (index, level) in (value.arrayElements ?? []).enumerated() {
            var map: [String: [String]] = [:]
            for entry in level.dictionaryEntries ?? [] {
                let key = entry.key.stringValue ?? ""
                try context.arguments.checkString(key, "\(what)[\(index)] key")
                let rows = (entry.value.arrayElements ?? []).compactMap(\.stringValue)
                for (row, title) in rows.enumerated() {
                    try context.arguments.checkString(title, "\(what)[\(index)][\(quoted(key))][\(row)]")
                }
                map[key] = rows
            }
            maps.append(map)
        }
        let dependent = DependentComponents(maps: maps)
        try context.arguments.checkShape(parts: dependent.componentCount, rows: dependent.size, unit: "components", what)
        return dependent
    }

    /// Refuses a binding call that would set the derived components by hand.
    func refuseOnDependent(_ method: String) throws {
        guard dependent == nil else {
            throw WidgetsError.notSupported("\(method): picker '\(name)' has dependent components; its rows come from SetItems (component 0) and SetDependentItems")
        }
    }

    /// `SetItems` on a dependent picker: component 0, the rest derived.
    func bindRoot(_ components: [[DBusValue]]) throws {
        guard components.count <= 1 else {
            throw DBusError.invalidArgs("items has \(components.count) arrays; picker '\(name)' has dependent components, so items gives component 0 only")
        }
        try bind([components.first ?? []])
        try rederive(after: 0)
    }

    /// `SetDependentItems`: the new maps, the components after the first derived at once.
    func setDependent(_ dependent: DependentComponents) throws {
        self.dependent = dependent
        guard isBound else { return }
        try bind([adapter.components.first ?? []])
        try rederive(after: 0)
    }

    /// Rebinds the components after `component` from the titles selected
    /// before them; their selection goes back to row 0.
    func rederive(after component: Int) throws {
        guard let dependent, isBound else { return }
        let titles = adapter.components.map { $0.map { $0.stringValue ?? "\($0)" } }
        let derived = dependent.derive(titles, after: component) { [picker] in picker.selectedRow(inComponent: $0) }
        let models = derived.map { $0.map(DBusValue.string) }
        try context.arguments.checkShape(parts: models.count, rows: models.reduce(0) { $0 + $1.count }, unit: "components", "the picker with its derived components")
        if models != adapter.components {
            try bind(models)
        }
        for later in (component + 1)..<max(component + 1, models.count) {
            picker.selectRow(0, inComponent: later, animated: false)
        }
    }
}
