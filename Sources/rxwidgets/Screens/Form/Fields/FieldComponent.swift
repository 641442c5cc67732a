import RxWidgetsClient
import RxWidgetsCommandLine

/// One kind of field on the terminal, as huh has one field per file: how
/// its value is drawn and what a key does to it.
protocol FieldComponent {
    /// The keys it takes, for the help line.
    static func keys(for field: RemoteForm.Field) -> String
    /// Whether it takes typed text, so q, j and k are text in it.
    static var isTyped: Bool { get }
    /// The value cell of `field`.
    static func view(_ field: RemoteForm.Field, in model: FormModel, focused: Bool, border: Style) -> Line
    /// The lines a value of several lines takes below its first, drawn under the value cell.
    static func continuation(_ field: RemoteForm.Field, in model: FormModel, focused: Bool) -> [Line]
    /// What `key` does to `field`: the calls to make, or nil when the key is not for it.
    static func update(_ field: RemoteForm.Field, _ key: Key, _ model: inout FormModel) -> [FormCommand]?
}

extension FieldComponent {
    static func keys(for field: RemoteForm.Field) -> String { "" }
    static var isTyped: Bool { false }
    static func continuation(_ field: RemoteForm.Field, in model: FormModel, focused: Bool) -> [Line] { [] }
}
