import FoundationEssentials
/// The headless `UITextField`.
open class TextField: Control {
    /// The text; empty, not nil, until set, as UIKit.
    open var text: String? = "" {
        didSet {
            // As in UIKit, new plain text drops the attributes.
            if attributedStorage?.string != text {
                attributedStorage = nil
            }
        }
    }
    private var attributedStorage: AttributedString?

    /// The text with its attributes, as a value (`attributedText` in
    /// RxWidgets, as UIKit's, is this as an `NSAttributedString`); setting it
    /// sets `text` to its string.
    open var attributedString: AttributedString? {
        get { attributedStorage ?? text.map { AttributedString($0) } }
        set {
            attributedStorage = newValue
            text = newValue?.string
        }
    }
    /// The hint shown while the text is empty.
    open var placeholder: String?
    /// Whether the text is masked.
    open var isSecureTextEntry = false

    /// An empty text field.
    public override init() {
        super.init()
    }
}
