/// The headless `UIStepper`: a value changed by plus and minus taps.
///
/// A tap moves the value one `stepValue` toward the end of the range and
/// stops there (or wraps, when `wraps`), then sends `.valueChanged`; a tap
/// that changes nothing sends nothing. A value set directly is kept as it is.
open class Stepper: Control {
    /// The value.
    open var value = 0.0
    /// The lowest value the taps reach.
    open var minimumValue = 0.0
    /// The highest value the taps reach.
    open var maximumValue = 100.0
    /// How far one tap moves.
    open var stepValue = 1.0
    /// Whether a tap past one end continues from the other.
    open var wraps = false

    /// A stepper from 0 to 100 in steps of 1, at 0.
    public override init() {
        super.init()
    }

    /// The plus button.
    public func increment() {
        step(by: stepValue)
    }

    /// The minus button.
    public func decrement() {
        step(by: -stepValue)
    }

    private func step(by delta: Double) {
        var next = value + delta
        if next > maximumValue {
            next = wraps ? minimumValue : maximumValue
        } else if next < minimumValue {
            next = wraps ? maximumValue : minimumValue
        }
        guard next != value else { return }
        value = next
        sendActions(for: .valueChanged)
    }
}
