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
