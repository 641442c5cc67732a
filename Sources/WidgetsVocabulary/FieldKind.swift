/// The kinds of field, named as in the D-Bus API.
public enum FieldKind: String, CaseIterable, Sendable {
    /// A calendar day (`YYYY-MM-DD`), on a `DatePicker`.
    case date
    /// One of a set of options, or `notSelected`, set by buttons.
    case choice
    /// On or off, on a `Switch`.
    case `switch`
    /// A number, on a `Slider`.
    case slider
    /// A number changed by steps, on a `Stepper`.
    case stepper
    /// Text, on a `TextField`.
    case text
    /// A path (`s`), or paths (`as`) with `multiple`, on a file chooser:
    /// the front end lists the files, the daemon checks the paths as data.
    case file
    /// Repeatable items, each a dictionary of the item's fields (`aa{sv}`):
    /// "add another address".
    case array
}
