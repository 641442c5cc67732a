extension Reactive where Base: Slider {
    /// The value: current on subscription, then after each `.valueChanged`.
    public var value: ControlProperty<Float> {
        controlProperty(editingEvents: .valueChanged, getter: { $0.value }, setter: { $0.value = $1 })
    }
}
