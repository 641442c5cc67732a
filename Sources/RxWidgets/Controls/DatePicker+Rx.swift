import FoundationEssentials

extension Reactive where Base: DatePicker {
    /// The date: current on subscription, then after each `.valueChanged`.
    public var date: ControlProperty<Date> {
        controlProperty(editingEvents: .valueChanged, getter: { $0.date }, setter: { $0.date = $1 })
    }

    /// The same as `date`.
    public var value: ControlProperty<Date> {
        date
    }
}
