/// The limits every client is held to; each is settable on the command line.
public struct Limits: Sendable, Equatable {
    /// Widgets alive at once.
    public var widgets = 1_000
    /// Components of a picker, sections of a table.
    public var componentsPerWidget = 64
    /// Rows of a widget, all components or sections together.
    public var rowsPerWidget = 2_000_000
    /// Characters of any string a client sends.
    public var stringLength = 65_536
    /// Bytes of a form spec.
    public var specBytes = 1 << 20

    /// The default limits.
    public init() {}
}
