import RxCore
import RxTest
import XCTest

/// The AboutYou screen's logic, written with the core alone: two taps feed a
/// gender relay, a date stream gives the birthday's validity, and the update
/// button is enabled by `combineLatest(...).map { $0 && $1 }`.
final class AboutYouTests: RxTestCase {
    private enum Gender: Equatable {
        case notSelected
        case male
        case female
    }

    private final class Button: ReactiveCompatible {
        var isEnabled = false
        let taps = PublishSubject<Void>()
    }

    func testUpdateButtonFollowsBirthdayAndGender() {
        let scheduler = TestScheduler(initialClock: 0)
        let today = 20_000
        let birthdays = scheduler.createHotObservable([
            .next(150, today), .next(220, today - 1), .next(260, today), .next(280, today - 7_000),
        ])
        let maleTaps = scheduler.createHotObservable([.next(230, ())])
        let femaleTaps = scheduler.createHotObservable([.next(250, ())])
        let updateButton = Button()
        let gender = BehaviorRelay(value: Gender.notSelected)
        let bag = DisposeBag()

        let birthdayValid = birthdays.map { $0 < today }.startWith(false).distinctUntilChanged()
        let genderSelected = gender.map { $0 != .notSelected }
        maleTaps.map { Gender.male }.bind(to: gender).disposed(by: bag)
        femaleTaps.map { Gender.female }.bind(to: gender).disposed(by: bag)
        let enabled = Observable.combineLatest(birthdayValid, genderSelected).map { $0 && $1 }

        let observer = scheduler.createObserver(Bool.self)
        let images = scheduler.createObserver(String.self)
        scheduler.scheduleAt(200) {
            enabled.bind(to: updateButton.rx.isEnabled).disposed(by: bag)
            enabled.subscribe(observer).disposed(by: bag)
            gender.map { $0 == .male ? "check" : "uncheck" }.distinctUntilChanged().subscribe(images).disposed(by: bag)
        }
        scheduler.start()

        XCTAssertEqual(observer.events, [
            .next(200, false),
            .next(220, false),
            .next(230, true),
            .next(250, true),
            .next(260, false),
            .next(280, true),
        ])
        XCTAssertTrue(updateButton.isEnabled)
        XCTAssertEqual(gender.value, .female)
        XCTAssertEqual(images.events, [.next(200, "uncheck"), .next(230, "check"), .next(250, "uncheck")])
    }
}
