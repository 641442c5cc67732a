import FoundationEssentials
/// The headless `UILabel`.
open class Label: View {
    /// How a label's text is aligned.
    public enum TextAlignment: String, Sendable {
        /// Left.
        case left
        /// Centred.
        case center
        /// Right.
        case right
    }

    /// The plain text; setting it clears `attributedText`.
    open var text: String? {
        didSet { attributedStorage = nil }
    }

    private var attributedStorage: AttributedString?

    /// The text with attributes; setting it sets `text` to its string.
    open var attributedText: AttributedString? {
        get { attributedStorage ?? text.map { AttributedString($0) } }
        set {
            text = newValue.map { String($0.characters) }
            attributedStorage = newValue
        }
    }

    /// The alignment.
    open var textAlignment = TextAlignment.left
    /// The font size in points.
    open var fontSize = 17.0

    /// The label's text, attributes, alignment and font size, with the view's properties.
    open override var viewDescription: [String: AttributeValue] {
        var description = super.viewDescription
        if let attributedText {
            description["text"] = .string(attributedText.string)
            description.merge(attributedText.uniformAttributes) { _, attribute in attribute }
        }
        description["textAlignment"] = .string(textAlignment.rawValue)
        description["fontSize"] = .double(fontSize)
        return description
    }
}
