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

extension Reactive where Base: TextField {
    /// The text: current on subscription, then after each editing event or `.valueChanged`.
    public var text: ControlProperty<String?> {
        value
    }

    /// The text: current on subscription, then after each editing event or `.valueChanged`.
    public var value: ControlProperty<String?> {
        controlProperty(editingEvents: [.allEditingEvents, .valueChanged], getter: { $0.text }, setter: { $0.text = $1 })
    }
}
