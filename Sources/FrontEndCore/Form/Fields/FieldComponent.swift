import RxWidgetsClient
import RxWidgetsCommandLine

/// One kind of field, as huh has one field per file: what a key does to it.
/// Each front end draws it in its own way (`FieldView` on the terminal, a
/// control in GTK).
package protocol FieldComponent {
    /// What it keeps of one field between keys, in the screen's `FieldStates`.
    associatedtype State: FieldComponentState = NoOwnState
    /// The keys it takes, for the help line.
    static func keys(for field: RemoteForm.Field) -> String
    /// Whether it takes typed text, so q, j and k are text in it.
    static var isTyped: Bool { get }
    /// Whether `key` only edits what is typed into `field` — it needs
    /// nothing from the daemon, so it is applied without waiting for the
    /// answers to the inputs before it.
    static func isLocalEdit(_ key: Key, in field: RemoteForm.Field) -> Bool
    /// What `key` does to `field`: the calls to make, or nil when the key is not for it.
    static func update(_ field: RemoteForm.Field, _ key: Key, _ model: inout FormModel) -> [FormCommand]?
}

extension FieldComponent {
    package static func keys(for field: RemoteForm.Field) -> String { "" }
    package static var isTyped: Bool { false }
    package static func isLocalEdit(_ key: Key, in field: RemoteForm.Field) -> Bool { false }
}
