import FoundationEssentials
extension Reactive where Base: TextField {
    /// The text: current on subscription, then after each editing event or `.valueChanged`.
    public var text: ControlProperty<String?> {
        value
    }

    /// The attributed text as a value: current on subscription, then after
    /// each editing event or `.valueChanged`.
    public var attributedString: ControlProperty<AttributedString?> {
        controlProperty(editingEvents: [.allEditingEvents, .valueChanged], getter: { $0.attributedString }, setter: { $0.attributedString = $1 })
    }

    /// The text: current on subscription, then after each editing event or `.valueChanged`.
    public var value: ControlProperty<String?> {
        controlProperty(editingEvents: [.allEditingEvents, .valueChanged], getter: { $0.text }, setter: { field, text in
            // An unchanged text is not set again, so text being composed (marked) survives.
            if field.text != text {
                field.text = text
            }
        })
    }
}
