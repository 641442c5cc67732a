/// The headless `UITextField`.
open class TextField: Control {
    /// The text; empty, not nil, until set, as UIKit.
    open var text: String? = ""
    /// The hint shown while the text is empty.
    open var placeholder: String?
    /// Whether the text is masked.
    open var isSecureTextEntry = false

    /// An empty text field.
    public override init() {
        super.init()
    }
}
