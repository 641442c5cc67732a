/// What one call changed in a form, published once the call is done, so
/// that a transient state inside a call (one field of several set) is never seen.
public struct FormChange: Equatable, Sendable {
    /// The fields whose value changed, in field order, with their new values.
    public let values: [FieldChange<FieldValue>]
    /// The fields whose validity or reason changed, in field order, then
    /// the item fields' (under their paths) in item order.
    public let validity: [FieldChange<FieldValidity>]
    /// The outputs whose value changed, in output order.
    public let outputs: [FieldChange<FieldValue>]
    /// The fields whose visibility, editability or requiredness changed, in
    /// field order, then the item fields' in item order.
    public let fieldStates: [FieldChange<FieldState>]
    /// The choice fields whose options changed, in field order.
    public let options: [FieldChange<[String]>]
    /// Whether what a front end draws from the spec changed: options, a
    /// field's requiredness, or a bound that follows another field.
    public let layout: Bool
    /// Whether the whole form is valid, when that changed.
    public let valid: Bool?
    /// Whether submit is enabled, when that changed.
    public let submitEnabled: Bool?
    /// The page a person is on, when that changed.
    public let page: Int?
    /// Whether a page's `visibleWhen` changed whether it is shown.
    public let pagesShown: Bool
    /// Whether the validity and state entries of removed items were dropped.
    public let entriesDropped: Bool
}

/// A field's (or output's) new value.
public struct FieldChange<Value: Equatable & Sendable>: Equatable, Sendable {
    /// The field or output's name.
    public let name: String
    /// Its new value.
    public let value: Value

    /// `name` changed to `value`.
    public init(name: String, value: Value) {
        self.name = name
        self.value = value
    }
}
