import RxTest
import RxWidgets
import XCTest

/// Remote checks and options providers on the model, in virtual time (one
/// tick a millisecond): debounce, latest wins, timeout, and what an answer
/// changes on its own.
final class RemoteCheckTests: WidgetTestCase {
    /// A delegate whose answers the test gives, at the times it chooses.
    private final class Validators: FormRemoteDelegate {
        var questions: [(value: FieldValue, answer: (RemoteVerdict) -> Void, cancelled: () -> Bool)] = []
        var optionQuestions: [(values: [String: FieldValue], answer: ([String]) -> Void)] = []
        var attached = true
        var ownChanges = 0

        func form(_ form: Form, check value: FieldValue, of field: String, with validator: String) -> Single<RemoteVerdict>? {
            guard attached else { return nil }
            return Single.create { [weak self] observer in
                var disposed = false
                self?.questions.append((value, { observer(.success($0)) }, { disposed }))
                return Disposables.create { disposed = true }
            }
        }

        func form(_ form: Form, optionsFor field: String, from provider: String, given values: [String: FieldValue]) -> Single<[String]>? {
            guard attached else { return nil }
            return Single.create { [weak self] observer in
                self?.optionQuestions.append((values, { observer(.success($0)) }))
                return Disposables.create()
            }
        }

        func form(_ form: Form, changesOnItsOwn change: () -> Void) {
            ownChanges += 1
            change()
        }
    }

    private let spec = """
    {"fields": [{"name": "username", "kind": "text", "rules": {"required": true, "pattern": "[a-z]+", "remote": "usernameAvailable", "debounce": 300, "timeout": 1000, "messages": {"pending": "Checking availability…"}}}]}
    """

    private func make(_ delegate: Validators, _ scheduler: TestScheduler, spec: String? = nil) throws -> Form {
        let form = Form(spec: try FormSpec.parse(json: spec ?? self.spec), scheduler: scheduler)
        form.remoteDelegate = delegate
        return form
    }

    func testPendingAfterAChangeThenTheAnswerForTheLatestValueOnly() throws {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let validators = Validators()
        let form = try make(validators, scheduler)
        var changes: [FormChange] = []
        let subscription = form.rx.changes.subscribe(onNext: { changes.append($0) })
        defer { subscription.dispose() }
        XCTAssertEqual(form.validity["username"]?.reason, .valueMissing, "no question while its own rules fail")

        scheduler.scheduleAt(10) { _ = try? form.setValue(.text("alice"), for: "username") }
        scheduler.scheduleAt(100) { _ = try? form.setValue(.text("alicia"), for: "username") }
        scheduler.advanceTo(350)
        XCTAssertEqual(form.validity["username"], FieldValidity(reason: .pending, message: "Checking availability…"))
        XCTAssertTrue(validators.questions.isEmpty, "debounced: 300 ms after the last change")
        scheduler.advanceTo(400)
        XCTAssertEqual(validators.questions.map(\.value), [.text("alicia")])

        scheduler.scheduleAt(450) { _ = try? form.setValue(.text("bob"), for: "username") }
        scheduler.advanceTo(451)
        XCTAssertTrue(validators.questions[0].cancelled(), "a newer value cancels the older question")
        validators.questions[0].answer(.valid)
        XCTAssertEqual(form.validity["username"]?.reason, .pending, "an answer for an older value is ignored")
        scheduler.advanceTo(760)
        XCTAssertEqual(validators.questions.map(\.value), [.text("alicia"), .text("bob")])
        let before = changes.count
        validators.questions[1].answer(.invalid(message: "bob is taken"))
        XCTAssertEqual(form.validity["username"], FieldValidity(reason: .remote, message: "bob is taken"))
        XCTAssertEqual(changes.count, before + 1, "the answer is a change of its own")
        XCTAssertEqual(validators.ownChanges, 1)
        XCTAssertEqual(changes.last?.validity, [FieldChange(name: "username", value: FieldValidity(reason: .remote, message: "bob is taken"))])
        XCTAssertThrowsError(try form.submit())
    }

    func testNoAnswerWithinTheTimeoutIsUnavailableAndAttachingAsksAgain() throws {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let validators = Validators()
        validators.attached = false
        let form = try make(validators, scheduler)
        scheduler.scheduleAt(10) { _ = try? form.setValue(.text("carol"), for: "username") }
        scheduler.advanceTo(1_309)
        XCTAssertEqual(form.validity["username"]?.reason, .pending)
        XCTAssertThrowsError(try form.submit()) { error in
            XCTAssertEqual("\(error)", "the form is invalid: username (pending: Checking availability…)")
        }
        scheduler.advanceTo(1_311)
        XCTAssertEqual(form.validity["username"]?.reason, .unavailable, "300 ms debounce and 1000 ms without an answer")

        validators.attached = true
        form.recheck(remote: "usernameAvailable")
        XCTAssertEqual(form.validity["username"]?.reason, .pending, "attaching asks again")
        scheduler.advanceTo(1_700)
        validators.questions.last?.answer(.valid)
        XCTAssertTrue(form.validity["username"]?.isValid == true)
        XCTAssertEqual(try form.submit(), ["username": .text("carol")])
    }

    func testProvidedOptionsFollowTheFieldsTheyAreGiven() throws {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let validators = Validators()
        let form = try make(validators, scheduler, spec: """
        {"fields": [
          {"name": "country", "kind": "text", "initial": "DE"},
          {"name": "city", "kind": "choice", "options": ["unknown"], "initial": "unknown", "optionsFrom": {"provider": "cities", "fields": ["country"]}}
        ]}
        """)
        XCTAssertEqual(form.options["city"], ["unknown"], "the spec's options until the provider answers")
        XCTAssertEqual(validators.optionQuestions.map(\.values), [["country": .text("DE")]])
        validators.optionQuestions[0].answer(["Berlin", "Hamburg"])
        XCTAssertEqual(form.options["city"], ["Berlin", "Hamburg"])
        XCTAssertEqual(form.values["city"], .text(FieldValue.notSelected), "the old value is no longer offered")
        try form.setValue(.text("Hamburg"), for: "city")
        try form.setValue(.text("FR"), for: "country")
        validators.optionQuestions[1].answer(["Paris"])
        XCTAssertEqual(form.values["city"], .text(FieldValue.notSelected))
        XCTAssertEqual(form.options["city"], ["Paris"])
    }
}
