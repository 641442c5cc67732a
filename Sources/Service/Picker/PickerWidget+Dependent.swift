import DBus
import WidgetsAPI
import RxWidgetsEssentials

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
    /// Checked whole before anything changes.
    func bindRoot(_ components: [[DBusValue]], measured: [Int]? = nil) throws {
        guard components.count <= 1 else {
            throw DBusError.invalidArgs("items has \(components.count) arrays; picker '\(name)' has dependent components, so items gives component 0 only")
        }
        guard let dependent else { return }
        let root = components.first ?? []
        let row = min(max(picker.selectedRow(inComponent: 0), 0), max(root.count - 1, 0))
        let derived = try self.derived([root], after: 0, selectedRow: row, dependent)
        let parts = [measured?.first ?? Footprint.of(component: root)] + derived.dropFirst().map(Footprint.of(component:))
        try bind(derived, measured: parts)
        resetSelection(after: 0, in: derived)
    }

    /// `SetDependentItems`: the new maps, the components after the first
    /// derived at once; `[]` makes the picker an ordinary one again.
    func setDependent(_ new: DependentComponents) throws {
        try refuseWhileServed("SetDependentItems")
        guard new.componentCount > 1 else {
            if dependent != nil {
                dependent = nil
                reportContentChange()
            }
            return
        }
        guard isBound else {
            try admit([], changed: nil, maps: new, "maps of \(new.size) titles")
            if dependent != new {
                dependent = new
                reportContentChange()
            }
            return
        }
        let root = Array(adapter.components.prefix(1))
        let derived = try self.derived(root, after: 0, selectedRow: picker.selectedRow(inComponent: 0), new)
        let changed = Set(1..<max(derived.count, 1))
        try admit(derived, changed: changed, maps: new, "maps of \(new.size) titles")
        dependent = new
        try bind(derived, changed: changed)
        resetSelection(after: 0, in: derived)
    }

    /// Refuses, before the selection changes, a selection whose derived
    /// components would break the limits or the memory budgets.
    /// The components it derived are kept for `rederive(after:)`, which the
    /// selection runs next: derived once per selection.
    func checkSelection(_ row: Int, in component: Int) throws {
        derivedForSelection = nil
        guard let dependent, isBound else { return }
        let derived = try derived(adapter.components, after: component, selectedRow: row, dependent)
        try admit(derived, changed: Set((component + 1)..<max(derived.count, component + 1)), maps: dependent, "the rows row \(row) of component \(component) leads to")
        derivedForSelection = (row, component, derived)
    }

    /// Rebinds the components after `component` from its selected title;
    /// their selection goes back to row 0. Components up to `component`
    /// are kept as they are (their arrays shared, not copied).
    func rederive(after component: Int) throws {
        let checked = derivedForSelection
        derivedForSelection = nil
        guard let dependent, isBound else { return }
        let row = picker.selectedRow(inComponent: component)
        let derived = try checked.flatMap { $0.row == row && $0.component == component ? $0.components : nil }
            ?? self.derived(adapter.components, after: component, selectedRow: row, dependent)
        if derived.count != adapter.components.count || derived[(component + 1)...] != adapter.components[(component + 1)...] {
            try bind(derived, changed: Set((component + 1)..<max(derived.count, component + 1)))
        }
        resetSelection(after: component, in: derived)
    }

    /// `components` up to `component`, then the rows its selected title
    /// maps to, and so on; checked against the limits, the maps' own titles
    /// counted too. Changes nothing.
    private func derived(_ components: [[DBusValue]], after component: Int, selectedRow row: Int, _ dependent: DependentComponents) throws -> [[DBusValue]] {
        var result = Array(components.prefix(component + 1))
        let rows = result.indices.contains(component) ? result[component] : []
        let title = rows.indices.contains(row) ? (rows[row].stringValue ?? "\(rows[row])") : nil
        result += dependent.rows(after: component, selectedTitle: title).map { $0.map(DBusValue.string) }
        let total = result.reduce(0) { $0 + $1.count } + dependent.size
        try context.arguments.checkShape(parts: result.count, rows: total, unit: "components", "the picker with its derived components and their maps")
        return result
    }

    private func resetSelection(after component: Int, in components: [[DBusValue]]) {
        for later in (component + 1)..<max(component + 1, components.count) {
            picker.selectRow(0, inComponent: later, animated: false)
        }
    }
}
