/// The headless `UISlider`.
///
/// Unlike UIKit it keeps a value outside `minimumValue…maximumValue`: a
/// headless control holds what its client sent and leaves the judgement to validation.
open class Slider: Control {
    /// The value.
    open var value: Float = 0.5
    /// The lowest value offered.
    open var minimumValue: Float = 0
    /// The highest value offered.
    open var maximumValue: Float = 1

    /// A slider from 0 to 1 at 0.5.
    public override init() {
        super.init()
    }

    /// Sets `value`; sends no event, as UIKit.
    public func setValue(_ value: Float, animated: Bool) {
        self.value = value
    }
}
