import FoundationEssentials
extension Reactive where Base: TextField {
    /// The text: current on subscription, then after each editing event or `.valueChanged`.
    public var text: ControlProperty<String?> {
        value
    }

    /// The attributed text: current on subscription, then after each editing event or `.valueChanged`.
    public var attributedText: ControlProperty<AttributedString?> {
        controlProperty(editingEvents: [.allEditingEvents, .valueChanged], getter: { $0.attributedText }, setter: { $0.attributedText = $1 })
    }

    /// The text: current on subscription, then after each editing event or `.valueChanged`.
    public var value: ControlProperty<String?> {
        controlProperty(editingEvents: [.allEditingEvents, .valueChanged], getter: { $0.text }, setter: { $0.text = $1 })
    }
}
