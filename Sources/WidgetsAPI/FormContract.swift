import DBus
import FoundationEssentials

/// `org.rxwidgets.Widgets1.Form`, declared once: the daemon serves it, RxWidgetsClient calls it.
@dynamicMemberLookup
public struct FormContract: InterfaceMembers {
    public static let shared = FormContract()
    public static let name = "org.rxwidgets.Widgets1.Form"

    public let setValue = MethodContract("SetValue", in: Parameters(("field", String.self), ("value", Variant.self)),
        "A user's input into a field; the value's type must fit the field's kind (date s YYYY-MM-DD, choice s, switch b, slider d, stepper d, text s, file s or as, array aa{sv}), else InvalidArgs. An item's field is named by its path (addresses[2].city). A well-typed value that breaks a rule is stored and marked invalid.")
    public let setValues = MethodContract("SetValues", in: Parameters(("values", Options.self), ("expected_revision", UInt64.self)), out: Parameters(("revision", UInt64.self)),
        "Several fields at once, all or nothing (an unknown field is UnknownField); an item's field is named by its path (addresses[2].city), its item already added. expected_revision 0 skips the check; otherwise RevisionMismatch unless the form is at that revision. Returns the new revision.")
    public let getValue = MethodContract("GetValue", in: Parameters(("field", String.self)), out: Parameters(("value", Variant.self)),
        "A field's value (an item field's by its path, addresses[2].city).")
    public let addItem = MethodContract("AddItem", in: Parameters(("field", String.self)),
        "A person's \"add another\" on an array field: a new item, each of its fields at its initial value, after the others. Past max it is kept and the array is tooLong; past the array's capacity (1,000 items) LimitExceeded. ValueChanged names the array with all its items.")
    public let removeItem = MethodContract("RemoveItem", in: Parameters(("field", String.self), ("index", Int32.self)),
        "Removes item index of an array field; the items after it move up. Below min it is kept and the array is tooShort. OutOfRange for an index the array does not hold.")
    public let moveItem = MethodContract("MoveItem", in: Parameters(("field", String.self), ("from", Int32.self), ("to", Int32.self)),
        "Moves item from of an array field to index to (counted after the move, as a drag drops it). OutOfRange for an index the array does not hold.")
    public let tap = MethodContract("Tap", in: Parameters(("control", String.self)),
        "A tap on a button (e.g. male, female): sets the choice field it belongs to.")
    public let increment = MethodContract("Increment", in: Parameters(("field", String.self)),
        "A stepper's +.")
    public let decrement = MethodContract("Decrement", in: Parameters(("field", String.self)),
        "A stepper's −.")
    public let validate = MethodContract("Validate", in: NoArguments(), out: Parameters(("valid", Bool.self), ("fields", Raw<[String: DBusStruct<Bool, String, String>]>.self)),
        "The overall validity and, per field, (valid, reason, message).")
    public let submit = MethodContract("Submit", in: NoArguments(), out: Parameters(("values", Options.self)),
        "The values, when every field is valid (ValidationFailed, listing the invalid fields, otherwise) and the form is on its last shown page (ValidationFailed naming the page that follows, otherwise); emits Submitted. A pure event: Revision stays.")
    public let setErrors = MethodContract("SetErrors", in: Parameters(("errors", [String: String].self)),
        "Per field a message the application decided (\"this e-mail is already registered\"): the field becomes invalid with reason server and that message until its value next changes; fields not named lose theirs, so {} clears all. UnknownField names a field the form does not have; owner-only.")
    public let reset = MethodContract("Reset",
        "Back to the spec's initial values, on the first page.")
    public let nextPage = MethodContract("NextPage",
        "A person's Next on a form with pages: to the next page whose visibleWhen holds, once every shown field of this page is valid (updateOn blur fields judged on their latest values, as leaving them would); ValidationFailed naming the page's invalid fields otherwise, OutOfRange on the last shown page (Submit there). Changes Page.")
    public let previousPage = MethodContract("PreviousPage",
        "A person's Back: to the previous shown page, whatever this one holds; OutOfRange on the first. Changes Page.")
    public let commit = MethodContract("Commit", in: Parameters(("field", String.self)),
        "A front end's \"the field lost focus\": an updateOn blur field's rules judge its value now (other fields are judged on every change, so nothing changes for them).")

    public let attachValidator = MethodContract("AttachValidator", in: Parameters(("name", String.self), ("object", ObjectPath.self)),
        "The caller serves org.rxwidgets.Widgets1.Validator at object: the daemon asks it for every rules.remote named name, now for any field still pending or unavailable. Attaching again replaces; the caller leaving the bus detaches it. InvalidArgs when no field uses that name; owner-only.")
    public let attachOptionsProvider = MethodContract("AttachOptionsProvider", in: Parameters(("name", String.self), ("object", ObjectPath.self)),
        "The same for org.rxwidgets.Widgets1.OptionsProvider and optionsFrom.provider: asked at once for the options of every field it provides.")

    public let valueChanged = TypedSignal("ValueChanged", ("field", String.self), ("value", Variant.self),
        documentation: "A field's new value; an item field's under its path (addresses[2].city) when its array kept its number of items, else the array's whole value.")
    public let validationChanged = TypedSignal("ValidationChanged", ("field", String.self), ("valid", Bool.self), ("reason", String.self), ("message", String.self),
        documentation: "A field whose validity or reason changed: valid, reason (HTML ValidityState names, empty when valid) and message.")
    public let submitted = TypedSignal("Submitted", ("values", VariantDictionary.self),
        documentation: "The values of a successful Submit.")
    public let fieldStateChanged = TypedSignal("FieldStateChanged", ("field", String.self), ("visible", Bool.self), ("enabled", Bool.self), ("required", Bool.self),
        documentation: "A field whose visibleWhen, enabledWhen or requiredWhen condition changed its state; only on change.")
    public let optionsChanged = TypedSignal("OptionsChanged", ("field", String.self), ("options", [String].self),
        documentation: "A choice field whose options changed (optionsFrom); only on change. Layout is announced in the same call's PropertiesChanged.")

    public let fields = PropertyContract("Fields", Raw<[DBusStruct<String, String>]>.self, emitsChanged: .const,
        "Each field's name and kind, in the spec's order (with pages, the pages' order).")
    public let layout = PropertyContract("Layout", Raw<[DBusStruct<String, String, VariantDictionary>]>.self,
        "What a front end needs to draw each field: name, kind and attributes (label, help, placeholder, secret, multiline, options, buttons, min, max, step, required, minLength, maxLength, pattern, mode, multiple, accept, updateOn, border, page, ownMessages, optionLabels — those that apply; optionLabels (a{ss}) is what a choice shows for each option value and the buttons that set it; ownMessages (as) lists the validity reasons the spec words itself, whose messages a front end in another language shows as they are; border names the validityColor output that colours the field, page (i) the index in Pages of the page the field is on, given in a form with pages). Options, required and bounds that follow other fields are current; it changes with them.")
    public let buttons = PropertyContract("Buttons", Raw<[DBusStruct<String, String, String>]>.self, emitsChanged: .const,
        "Each button's name, the choice field it sets and its value.")
    public let values = PropertyContract("Values", Options.self,
        "Every field's value.")
    public let validity = PropertyContract("Validity", Raw<[String: DBusStruct<Bool, String, String>]>.self,
        "Every field's (valid, reason, message), each item field's under its path (addresses[2].city); an array is invalid while it holds fewer than min or more than max items (tooShort, tooLong) or a shown item field is invalid.")
    public let valid = PropertyContract("Valid", Bool.self,
        "Whether every field is valid.")
    public let submitEnabled = PropertyContract("SubmitEnabled", Bool.self,
        "Whether the fields that enable submit are all valid.")
    public let outputs = PropertyContract("Outputs", Options.self,
        "The values derived from the fields (borders, images, sizes, enabled flags).")
    public let fieldStates = PropertyContract("FieldStates", Raw<[String: DBusStruct<Bool, Bool, Bool>]>.self,
        "Every field's (visible, enabled, required), as its conditions decide. A hidden field keeps its value but counts neither for Valid nor SubmitEnabled and is left out of Submit; a disabled one refuses changes with NotEditable.")
    public let attachments = PropertyContract("Attachments", Raw<[DBusStruct<String, String, String>]>.self, emitsChanged: .false,
        "Read when needed (its changes are not announced, and Revision counts the form's values, not who serves it): who serves the form's remote checks and options providers now: (kind validator or provider, the name the spec uses, the serving connection's unique bus name), sorted by kind and name; a name no one serves is not listed.")
    public let page = PropertyContract("Page", Int32.self,
        "The page a person is on, from 0 (always 0 without pages; always a shown page: when its visibleWhen turns false the form goes back to the nearest shown page before it). Every front end shows this page.")
    public let pages = PropertyContract("Pages", Raw<[DBusStruct<String, Bool>]>.self,
        "Each page's title and whether its visibleWhen shows it, in the spec's order; empty for a form without pages. A skipped page's fields count as hidden.")
    public let locale = PropertyContract("Locale", String.self, emitsChanged: .const,
        "The locale the daemon words the form's messages (Validity, ValidationChanged) and a template's labels in: the spec's locale, else CreateForm's locale option, else the daemon's own (C when it runs without one). A front end in another language may word the reason codes itself.")
    public let widget = WidgetMembers(of: .form)

    public static let documentation = "A set of input controls whose values, validity and derived outputs are computed reactively from a template or a JSON spec, as the AboutYou screen's are."
    public static let interface = contract
}
