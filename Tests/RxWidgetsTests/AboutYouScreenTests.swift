import RxWidgets
import XCTest

/// The AboutYou screen of the seed article, written by hand with the
/// controls: a birthday valid only before today, male/female buttons feeding
/// a relay, a switch, a slider, a stepper growing a heart, and an update
/// button enabled by `combineLatest` of the validities.
final class AboutYouScreenTests: WidgetTestCase {
    private enum Gender {
        case notSelected
        case male
        case female
    }

    private final class AboutYouScreen {
        let birthdayPicker = DatePicker(date: CalendarDay("2024-06-15")!.date(in: .current))
        let birthdayBorder = View()
        let maleButton = Button()
        let femaleButton = Button()
        let knowSwiftSwitch = Switch()
        let swiftLevelSlider = Slider()
        let passionToLearnStepper = Stepper()
        let heart = View()
        let updateButton = Button()
        let gender = BehaviorRelay(value: Gender.notSelected)
        let disposeBag = DisposeBag()
        let today = CalendarDay("2024-06-15")!.date(in: .current)

        init() {
            passionToLearnStepper.maximumValue = 10
            passionToLearnStepper.value = 1
            let birthdayValid = birthdayPicker.rx.date.map { [today] in $0 < today }
            birthdayValid
                .map { $0 ? "green" : "clear" }
                .bind(to: birthdayBorder.rx.backgroundColor)
                .disposed(by: disposeBag)

            maleButton.rx.tap.map { Gender.male }.bind(to: gender).disposed(by: disposeBag)
            femaleButton.rx.tap.map { Gender.female }.bind(to: gender).disposed(by: disposeBag)
            gender.map { Image(named: $0 == .male ? "check" : "uncheck") }.bind(to: maleButton.rx.image()).disposed(by: disposeBag)
            gender.map { Image(named: $0 == .female ? "check" : "uncheck") }.bind(to: femaleButton.rx.image()).disposed(by: disposeBag)

            Observable.combineLatest(birthdayValid, gender.map { $0 != .notSelected })
                .map { $0 && $1 }
                .bind(to: updateButton.rx.isEnabled)
                .disposed(by: disposeBag)

            knowSwiftSwitch.rx.value.map { !$0 }.bind(to: swiftLevelSlider.rx.isHidden).disposed(by: disposeBag)
            passionToLearnStepper.rx.value
                .map { Int($0 * 10 + 20) }
                .bind(to: heart.rx.tag)
                .disposed(by: disposeBag)
        }
    }

    func testTheAboutYouStory() {
        let screen = AboutYouScreen()
        XCTAssertEqual(screen.birthdayBorder.backgroundColor, "clear", "today is not a valid birthday")
        XCTAssertFalse(screen.updateButton.isEnabled)
        XCTAssertEqual(screen.maleButton.currentImage?.name, "uncheck")

        screen.birthdayPicker.date = screen.today.addingTimeInterval(-86_400)
        screen.birthdayPicker.sendActions(for: .valueChanged)
        XCTAssertEqual(screen.birthdayBorder.backgroundColor, "green")
        XCTAssertFalse(screen.updateButton.isEnabled, "no gender yet")

        screen.maleButton.sendActions(for: .touchUpInside)
        XCTAssertEqual(screen.maleButton.currentImage?.name, "check")
        XCTAssertEqual(screen.femaleButton.currentImage?.name, "uncheck")
        XCTAssertTrue(screen.updateButton.isEnabled)

        screen.femaleButton.sendActions(for: .touchUpInside)
        XCTAssertEqual(screen.maleButton.currentImage?.name, "uncheck")
        XCTAssertEqual(screen.femaleButton.currentImage?.name, "check")

        XCTAssertTrue(screen.swiftLevelSlider.isHidden)
        screen.knowSwiftSwitch.isOn = true
        screen.knowSwiftSwitch.sendActions(for: .valueChanged)
        XCTAssertFalse(screen.swiftLevelSlider.isHidden)

        XCTAssertEqual(screen.heart.tag, 30)
        screen.passionToLearnStepper.increment()
        screen.passionToLearnStepper.increment()
        XCTAssertEqual(screen.heart.tag, 50, "the heart grows with the stepper")

        screen.birthdayPicker.date = screen.today
        screen.birthdayPicker.sendActions(for: .valueChanged)
        XCTAssertEqual(screen.birthdayBorder.backgroundColor, "clear")
        XCTAssertFalse(screen.updateButton.isEnabled)
    }
}
