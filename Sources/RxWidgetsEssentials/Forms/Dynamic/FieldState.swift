/// What a field's conditions decide: whether it is shown, editable and
/// required (the `FieldStates` property, `FieldStateChanged` signal).
public struct FieldState: Equatable, Sendable, CustomStringConvertible {
    /// Shown. A hidden field keeps its value but does not count for the
    /// form's validity or submit, and is left out of a submission.
    public var visible: Bool
    /// Editable: a disabled field refuses `setValue`, `tap` and steps.
    public var enabled: Bool
    /// Whether a missing value makes it invalid.
    public var required: Bool

    /// A state of these flags.
    public init(visible: Bool = true, enabled: Bool = true, required: Bool = false) {
        self.visible = visible
        self.enabled = enabled
        self.required = required
    }

    /// `visible enabled required`, each flag or its negation.
    public var description: String {
        [visible ? "visible" : "hidden", enabled ? "enabled" : "disabled", required ? "required" : "optional"].joined(separator: " ")
    }
}

/// Where a choice field's options come from when they depend on other fields.
public enum OptionsSource: Equatable, Sendable {
    /// From another field's value, as text: `map[value]`, or no options for
    /// a value the map does not hold.
    case map(field: String, options: [String: [String]])
    /// Asked of a remote options provider of this name, given these fields' values.
    case provider(name: String, fields: [String])

    /// `options` and, for a map, every list it holds, each option once.
    public func possibleOptions(besides options: [String]) -> [String] {
        guard case .map(_, let lists) = self else { return options }
        return (options + lists.keys.sorted().flatMap { lists[$0] ?? [] }).uniqued()
    }

    /// The fields the options are derived from.
    public var fields: [String] {
        switch self {
        case .map(let field, _): return [field]
        case .provider(_, let fields): return fields
        }
    }
}

/// When a field's value is validated.
public enum UpdateOn: String, Sendable, CaseIterable {
    /// With every change, as it is typed.
    case change
    /// When the field is committed (a front end's "focus left", `Form.commit`) or the form submitted.
    case blur
}
