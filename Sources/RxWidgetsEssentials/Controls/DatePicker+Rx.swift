import FoundationEssentials

extension Reactive where Base: DatePicker {
    /// The date: current on subscription, then after each `.valueChanged`.
    public var date: ControlProperty<Date> {
        controlProperty(editingEvents: .valueChanged, getter: { $0.date }, setter: { $0.date = $1 })
    }

    /// The count-down duration: current on subscription, then after each `.valueChanged`.
    public var countDownDuration: ControlProperty<TimeInterval> {
        controlProperty(editingEvents: .valueChanged, getter: { $0.countDownDuration }, setter: { $0.countDownDuration = $1 })
    }

    /// The same as `date`.
    public var value: ControlProperty<Date> {
        date
    }
}
