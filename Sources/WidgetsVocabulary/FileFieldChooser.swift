/// What a file field chooses, as a file chooser's `mode` and `multiple`
/// options say: its value is one path (`s`), or a list (`as`) with `isMultiple`.
public struct FileFieldChooser: Equatable, Sendable {
    public var mode: FileChooserMode
    /// Several files (`open` only).
    public var isMultiple: Bool

    /// One file to open, or as given.
    public init(mode: FileChooserMode = .open, isMultiple: Bool = false) {
        self.mode = mode
        self.isMultiple = isMultiple && mode == .open
    }
}
