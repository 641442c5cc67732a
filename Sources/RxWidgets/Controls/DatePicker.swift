/// The headless `UIDatePicker` in date mode: a calendar day, with an
/// advisory range.
///
/// Unlike UIKit it keeps a day outside `minimumDate…maximumDate`: a headless
/// control holds what its client sent and leaves the judgement to validation.
open class DatePicker: Control {
    /// The chosen day.
    open var date: CalendarDay
    /// The earliest day offered.
    open var minimumDate: CalendarDay?
    /// The latest day offered.
    open var maximumDate: CalendarDay?

    /// A picker showing `date` (today by default).
    public init(date: CalendarDay = .today()) {
        self.date = date
        super.init()
    }

    /// Whether `date` lies within the range.
    public var isDateInRange: Bool {
        (minimumDate.map { date >= $0 } ?? true) && (maximumDate.map { date <= $0 } ?? true)
    }
}
