/// The headless `UISwitch`.
open class Switch: Control {
    /// Whether the switch is on.
    open var isOn = false

    /// A switch that is off.
    public override init() {
        super.init()
    }

    /// Sets `isOn`; sends no event, as UIKit.
    public func setOn(_ on: Bool, animated: Bool) {
        isOn = on
    }
}

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
