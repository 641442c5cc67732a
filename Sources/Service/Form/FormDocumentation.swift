extension FormWidget {
    /// The Form's doc strings (introspection and docs/api.md).
    static let documentation: [String: String] = [
        "": "A set of input controls whose values, validity and derived outputs are computed reactively from a template or a JSON spec, as the AboutYou screen's are.",
        "SetValue": "A user's input into a field; the value's type must fit the field's kind (date s YYYY-MM-DD, choice s, switch b, slider d, stepper d, text s), else InvalidArgs. A well-typed value that breaks a rule is stored and marked invalid.",
        "SetValues": "Several fields at once, all or nothing (an unknown field is UnknownField). expected_revision 0 skips the check; otherwise RevisionMismatch unless the form is at that revision. Returns the new revision.",
        "GetValue": "A field's value.",
        "Tap": "A tap on a button (e.g. male, female): sets the choice field it belongs to.",
        "Increment": "A stepper's +.",
        "Decrement": "A stepper's −.",
        "Validate": "The overall validity and, per field, (valid, reason, message).",
        "Submit": "The values, when every field is valid (ValidationFailed, listing the invalid fields, otherwise); emits Submitted. A pure event: Revision stays.",
        "Reset": "Back to the spec's initial values.",
        "ValueChanged": "A field's new value.",
        "ValidationChanged": "A field whose validity or reason changed: valid, reason (HTML ValidityState names, empty when valid) and message.",
        "Submitted": "The values of a successful Submit.",
        "Fields": "Each field's name and kind, in the spec's order.",
        "Layout": "What a front end needs to draw each field: name, kind and attributes (label, help, placeholder, secret, options, buttons, min, max, step, required, minLength, maxLength, pattern — those that apply).",
        "Buttons": "Each button's name, the choice field it sets and its value.",
        "Values": "Every field's value.",
        "Validity": "Every field's (valid, reason, message).",
        "Valid": "Whether every field is valid.",
        "SubmitEnabled": "Whether the fields that enable submit are all valid.",
        "Outputs": "The values derived from the fields (borders, images, sizes, enabled flags).",
        "Revision": "1 at creation, one more for every call that changed the form; kept across restarts.",
    ]
}
