/// What a file chooser (or a form's file field) chooses, named as its
/// `mode` option is on the bus.
public enum FileChooserMode: String, CaseIterable, Sendable {
    /// Existing files (one, or several with `multiple`).
    case open
    /// A file to write: one path, which may not exist yet.
    case save
    /// A folder.
    case folder
}
