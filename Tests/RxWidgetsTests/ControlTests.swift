import FoundationEssentials
import RxWidgets
import XCTest

final class ControlTests: WidgetTestCase {
    func testSwitchIsOnIsCurrentThenUserChanges() {
        let control = Switch()
        var values: [Bool] = []
        let subscription = control.rx.isOn.subscribe(onNext: { values.append($0) })
        control.isOn = true
        control.sendActions(for: .valueChanged)
        control.setOn(false, animated: true)
        XCTAssertEqual(values, [false, true], "a programmatic change sends no event")
        let binding = Observable.just(true).bind(to: control.rx.isOn)
        XCTAssertTrue(control.isOn)
        subscription.dispose()
        binding.dispose()
    }

    func testSliderKeepsOutOfRangeValues() {
        let slider = Slider()
        var values: [Float] = []
        let subscription = slider.rx.value.subscribe(onNext: { values.append($0) })
        slider.value = 1.5
        slider.sendActions(for: .valueChanged)
        XCTAssertEqual(values, [0.5, 1.5])
        subscription.dispose()
    }

    func testStepperTapsStopAtTheEnds() {
        let stepper = Stepper()
        stepper.maximumValue = 2
        var values: [Double] = []
        let subscription = stepper.rx.value.subscribe(onNext: { values.append($0) })
        stepper.increment()
        stepper.increment()
        stepper.increment()
        stepper.decrement()
        XCTAssertEqual(values, [0, 1, 2, 1])
        stepper.wraps = true
        stepper.increment()
        stepper.increment()
        XCTAssertEqual(stepper.value, 0)
        subscription.dispose()
    }

    func testTextFieldText() {
        let field = TextField()
        var texts: [String] = []
        let subscription = field.rx.text.orEmpty.subscribe(onNext: { texts.append($0) })
        field.text = "he"
        field.sendActions(for: .editingChanged)
        field.text = nil
        field.sendActions(for: .valueChanged)
        XCTAssertEqual(texts, ["", "he", ""])
        subscription.dispose()
    }

    func testButtonTapImagesAndEnabled() {
        let button = Button()
        var taps = 0
        let bag = DisposeBag()
        button.rx.tap.subscribe(onNext: { taps += 1 }).disposed(by: bag)
        button.sendActions(for: .touchUpInside)
        button.sendActions(for: .valueChanged)
        XCTAssertEqual(taps, 1)
        Observable.just(Image(named: "check")).bind(to: button.rx.image(for: .normal)).disposed(by: bag)
        XCTAssertEqual(button.image(for: .normal)?.name, "check")
        XCTAssertEqual(button.currentImage?.name, "check")
        Observable.just(false).bind(to: button.rx.isEnabled).disposed(by: bag)
        XCTAssertFalse(button.isEnabled)
        XCTAssertEqual(button.viewDescription["isEnabled"], false)
    }

    func testDatePickerDate() {
        let calendar = Calendar.current
        let today = CalendarDay("2024-03-01")!.date(in: calendar)
        let picker = DatePicker(date: today, calendar: calendar)
        picker.maximumDate = today.addingTimeInterval(3_600)
        XCTAssertTrue(picker.isDateInRange, "the range counts days, not instants")
        var days: [String] = []
        let subscription = picker.rx.date.subscribe(onNext: { days.append(CalendarDay($0, calendar: calendar).description) })
        picker.date = CalendarDay("2024-03-02")!.date(in: calendar)
        picker.sendActions(for: .valueChanged)
        XCTAssertFalse(picker.isDateInRange)
        XCTAssertEqual(days, ["2024-03-01", "2024-03-02"])
        subscription.dispose()
    }

    func testControlPropertyCompletesWhenTheControlGoesAway() {
        var control: Switch? = Switch()
        var completed = false
        let subscription = control!.rx.isOn.subscribe(onCompleted: { completed = true })
        control = nil
        XCTAssertTrue(completed)
        subscription.dispose()
    }
}

final class CalendarDayTests: XCTestCase {
    func testParsingIsStrict() {
        XCTAssertEqual(CalendarDay("2024-02-29")?.description, "2024-02-29")
        XCTAssertNil(CalendarDay("2023-02-29"))
        XCTAssertNil(CalendarDay("2024-13-01"))
        XCTAssertNil(CalendarDay("2024-1-01"))
        XCTAssertNil(CalendarDay("2024-01-01T00:00"))
        XCTAssertNil(CalendarDay("０２０２-01-01"))
        XCTAssertNil(CalendarDay("0000-01-01"))
    }

    func testArithmeticAndOrder() {
        let day = CalendarDay("2024-02-28")!
        XCTAssertEqual(day.adding(days: 1).description, "2024-02-29")
        XCTAssertEqual(day.adding(days: 2).description, "2024-03-01")
        XCTAssertEqual(day.adding(days: -59).description, "2023-12-31")
        XCTAssertEqual(CalendarDay("1970-01-01")?.daysSinceEpoch, 0)
        XCTAssertTrue(day < day.adding(days: 1))
        XCTAssertEqual(CalendarDay(daysSinceEpoch: Int.max).description, "9999-12-31")
        XCTAssertEqual(CalendarDay(daysSinceEpoch: Int.min).description, "0001-01-01")
    }
}

/// RxCocoa members the controls gained: attributed and background titles and
/// images of buttons, a text field's attributed text, a date picker's
/// count-down duration.
final class ControlMemberTests: WidgetTestCase {
    func testButtonAttributedTitleAndBackgroundImage() {
        let button = Button()
        let bag = DisposeBag()
        Observable.just(AttributedString("Update")).bind(to: button.rx.attributedTitle()).disposed(by: bag)
        Observable.just(Image(named: "blue")).bind(to: button.rx.backgroundImage(for: .highlighted)).disposed(by: bag)
        XCTAssertEqual((button.attributedTitle(for: .normal) as AttributedString?)?.string, "Update")
        XCTAssertEqual(button.backgroundImage(for: .highlighted)?.name, "blue")
        XCTAssertNil(button.backgroundImage(for: .normal))
    }

    func testTextFieldAttributedTextFollowsText() {
        let field = TextField()
        var seen: [String] = []
        let subscription = field.rx.attributedString.subscribe(onNext: { seen.append($0?.string ?? "nil") })
        field.attributedString = AttributedString("bold")
        field.sendActions(for: .editingChanged)
        XCTAssertEqual(field.text, "bold", "setting attributed text sets the text")
        field.text = "plain"
        field.sendActions(for: .editingChanged)
        XCTAssertEqual(seen, ["", "bold", "plain"])
        subscription.dispose()
    }

    func testDatePickerCountDownDuration() {
        let picker = DatePicker()
        var durations: [Double] = []
        let subscription = picker.rx.countDownDuration.subscribe(onNext: { durations.append($0) })
        picker.countDownDuration = 90
        picker.sendActions(for: .valueChanged)
        XCTAssertEqual(durations, [0, 90])
        subscription.dispose()
    }
}
