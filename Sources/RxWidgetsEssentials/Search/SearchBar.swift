/// The headless `UISearchBar`: the text a person searches for, scope
/// buttons to narrow it, and the buttons beside it. A front end shows it and
/// reports the person's gestures (`SearchBar+Gestures.swift`); a client sends
/// its text to a widget's search (`SetFilter`).
open class SearchBar: View, HasDelegate {
    /// The delegate's type.
    public typealias Delegate = SearchBarDelegate

    /// The delegate, held weakly.
    public weak var delegate: SearchBarDelegate?
    /// The text searched for; empty, not nil, until set, as UIKit.
    open var text: String? = ""
    /// The hint shown while the text is empty.
    open var placeholder: String?
    /// A line shown above the bar.
    open var prompt: String?
    /// The titles of the scope buttons; nil for none.
    open var scopeButtonTitles: [String]?
    /// The chosen scope button.
    open var selectedScopeButtonIndex = 0
    /// Whether a cancel button is shown.
    open var showsCancelButton = false
    /// Whether a bookmark button is shown.
    open var showsBookmarkButton = false
    /// Whether the scope buttons are shown.
    open var showsScopeBar = false
    /// Whether the person is editing the text.
    public internal(set) var isEditing = false

    /// The controller the bar belongs to, told of every change of the text.
    weak var searchController: SearchController?

    /// An empty search bar.
    public override init() {
        super.init()
    }

    /// The text, hint, scopes and buttons, with the view's properties.
    open override var viewDescription: [String: AttributeValue] {
        var description = super.viewDescription
        description["text"] = .string(text ?? "")
        if let placeholder {
            description["placeholder"] = .string(placeholder)
        }
        if let prompt {
            description["prompt"] = .string(prompt)
        }
        if let scopeButtonTitles, showsScopeBar {
            description["scopeButtonTitles"] = .string(scopeButtonTitles.joined(separator: "\n"))
            description["selectedScopeButtonIndex"] = .int(selectedScopeButtonIndex)
        }
        if showsCancelButton {
            description["showsCancelButton"] = .bool(true)
        }
        return description
    }
}
