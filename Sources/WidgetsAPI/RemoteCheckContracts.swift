import DBus
import FoundationEssentials

/// `org.rxwidgets.Widgets1.Validator`, declared once: a client serves it at
/// the object it attached with `Form.AttachValidator`; the daemon calls it.
@dynamicMemberLookup
public struct ValidatorContract: InterfaceMembers {
    public static let shared = ValidatorContract()
    public static let name = "org.rxwidgets.Widgets1.Validator"

    public let validate = MethodContract("Validate", in: Parameters(("form", String.self), ("field", String.self), ("value", Variant.self), ("revision", UInt64.self)),
        out: Parameters(("valid", Bool.self), ("message", String.self)),
        "Asked by the daemon, without waiting, about a value of field of the form at path form that passes its own rules, debounce ms after its last change; revision is the form's then. An answer for a value that has since changed is ignored; no answer within the rule's timeout makes the field unavailable. message is shown when valid is false (empty: the spec's messages.remote).")

    public static let documentation = "A remote check of a form field's value (rules.remote), served by a client: the daemon asks, the client answers."
    public static let interface = contract
}

/// `org.rxwidgets.Widgets1.OptionsProvider`, declared once: a client serves
/// it at the object it attached with `Form.AttachOptionsProvider`.
@dynamicMemberLookup
public struct OptionsProviderContract: InterfaceMembers {
    public static let shared = OptionsProviderContract()
    public static let name = "org.rxwidgets.Widgets1.OptionsProvider"

    public let optionsFor = MethodContract("OptionsFor", in: Parameters(("form", String.self), ("field", String.self), ("values", VariantDictionary.self), ("revision", UInt64.self)),
        out: Parameters(("options", [String].self)),
        "Asked by the daemon, without waiting, for the options of a choice field whose optionsFrom names this provider, whenever one of the fields it lists changes; values holds those fields. The latest question's answer wins; the options are checked as a spec's (unique, no notSelected, the string limit).")

    public static let documentation = "Options of a form's choice field that another program decides (optionsFrom.provider), served by a client."
    public static let interface = contract
}
