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
