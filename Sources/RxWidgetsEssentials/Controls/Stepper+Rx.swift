extension Reactive where Base: Stepper {
    /// The value: current on subscription, then after each `.valueChanged`.
    public var value: ControlProperty<Double> {
        controlProperty(editingEvents: .valueChanged, getter: { $0.value }, setter: { $0.value = $1 })
    }
}
