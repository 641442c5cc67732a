/// A page of a form of several pages (a spec's `pages`): a title, the
/// fields it shows, and the condition under which a person sees it at all.
/// A page whose condition is false is skipped, and its fields count as
/// hidden (neither for validity nor in a submission).
public struct PageSpec: Equatable, Sendable {
    /// The page's title, drawn above its fields.
    public var title: String
    /// The fields on this page, in the order drawn; each field is on exactly one page.
    public var fields: [String]
    /// Shown only while this holds (it reads fields of earlier pages only); nil: always.
    public var visibleWhen: FieldCondition?

    /// A page of these fields.
    public init(title: String, fields: [String], visibleWhen: FieldCondition? = nil) {
        self.title = title
        self.fields = fields
        self.visibleWhen = visibleWhen
    }
}
