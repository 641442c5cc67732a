extension Reactive where Base: Switch {
    /// Whether it is on: current on subscription, then after each `.valueChanged`.
    public var isOn: ControlProperty<Bool> {
        value
    }

    /// Whether it is on: current on subscription, then after each `.valueChanged`.
    public var value: ControlProperty<Bool> {
        controlProperty(editingEvents: .valueChanged, getter: { $0.isOn }, setter: { $0.isOn = $1 })
    }
}
