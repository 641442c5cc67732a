import FoundationEssentials

/// The headless `UIDatePicker` in date mode: a `Date` whose calendar day
/// (in `calendar`) is what it shows, with an advisory range.
///
/// Unlike UIKit it keeps a date outside `minimumDate…maximumDate`: a headless
/// control holds what its client sent and leaves the judgement to validation.
open class DatePicker: Control {
    /// The chosen date.
    open var date: Date
    /// The earliest date offered.
    open var minimumDate: Date?
    /// The latest date offered.
    open var maximumDate: Date?
    /// The calendar its days are counted in (UIKit's `calendar`): the user's by default.
    open var calendar: Calendar
    /// The count-down duration, in seconds (UIKit's `.countDownTimer` mode).
    open var countDownDuration: TimeInterval = 0

    /// A picker showing `date` (now by default).
    public init(date: Date = Date(), calendar: Calendar = .current) {
        self.date = date
        self.calendar = calendar
        super.init()
    }

    /// A picker showing now in the user's calendar; with it, a picker
    /// inherits `init(frame:)`, as UIKit's.
    public override convenience init() {
        self.init(date: Date(), calendar: .current)
    }

    /// Whether `date`'s day lies within the range's days.
    public var isDateInRange: Bool {
        (minimumDate.map { calendar.compare(date, to: $0, toGranularity: .day) != .orderedAscending } ?? true)
            && (maximumDate.map { calendar.compare(date, to: $0, toGranularity: .day) != .orderedDescending } ?? true)
    }

    /// The calendar day `date` falls on.
    public var day: CalendarDay {
        CalendarDay(date, calendar: calendar)
    }
}
