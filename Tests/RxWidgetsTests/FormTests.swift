import RxWidgets
import XCTest

final class FormTests: WidgetTestCase {
    private let today = CalendarDay("2024-06-15")!

    private func aboutYou() throws -> Form {
        let today = self.today
        return Form(spec: try FormSpec.parse(json: FormTemplates.aboutYou()), today: { today })
    }

    private func signUp() throws -> Form {
        Form(spec: try FormSpec.parse(json: FormTemplates.signUp()))
    }

    func testTemplatesParse() {
        XCTAssertNotNil(FormTemplates.spec(named: "about-you"))
        XCTAssertNotNil(FormTemplates.spec(named: "sign-up"))
        XCTAssertNotNil(FormTemplates.spec(named: "github-signup"))
        XCTAssertNil(FormTemplates.spec(named: "nope"))
    }

    func testTheAboutYouStory() throws {
        let form = try aboutYou()
        var changes: [FormChange] = []
        let subscription = form.rx.changes.subscribe(onNext: { changes.append($0) })

        XCTAssertEqual(form.values["birthday"], .date(today))
        XCTAssertEqual(form.validity["birthday"]?.reason, .rangeOverflow, "today is not a valid birthday")
        XCTAssertEqual(form.validity["gender"]?.reason, .valueMissing)
        XCTAssertEqual(form.outputs["birthdayBorder"], .text("clear"))
        XCTAssertEqual(form.outputs["maleImage"], .text("uncheck"))
        XCTAssertEqual(form.outputs["updateEnabled"], .bool(false))
        XCTAssertEqual(form.outputs["heartHeight"], .number(40))
        XCTAssertFalse(form.submitEnabled)
        XCTAssertEqual(changes.count, 0)

        try form.setValue(.text("2024-06-14"), for: "birthday")
        XCTAssertEqual(form.outputs["birthdayBorder"], .text("green"), "yesterday is valid")
        XCTAssertEqual(form.outputs["updateEnabled"], .bool(false))
        XCTAssertEqual(changes.last?.validity, [FieldChange(name: "birthday", value: .valid)])
        XCTAssertEqual(changes.last?.outputs, [FieldChange(name: "birthdayBorder", value: .text("green"))])

        try form.tap("male")
        XCTAssertEqual(form.values["gender"], .text("male"))
        XCTAssertEqual(form.outputs["maleImage"], .text("check"))
        XCTAssertEqual(form.outputs["femaleImage"], .text("uncheck"))
        XCTAssertEqual(form.outputs["updateEnabled"], .bool(true))
        XCTAssertEqual(changes.last?.submitEnabled, true, "every field is valid now")

        try form.tap("female")
        XCTAssertEqual(form.outputs["maleImage"], .text("uncheck"))
        XCTAssertEqual(form.outputs["femaleImage"], .text("check"))
        XCTAssertEqual(changes.last?.validity, [], "gender stays valid: no ValidationChanged")

        try form.increment("passionToLearn")
        try form.increment("passionToLearn")
        XCTAssertEqual(form.outputs["heartHeight"], .number(60), "the heart grows with the stepper")
        try form.decrement("passionToLearn")
        XCTAssertEqual(form.values["passionToLearn"], .number(2))
        XCTAssertEqual(changes.count, 6)

        XCTAssertFalse(try form.tap("female"), "tapping the selected option changes nothing")
        XCTAssertFalse(try form.setValue(.number(2), for: "passionToLearn"), "setting the value it has changes nothing")
        XCTAssertEqual(changes.count, 6)

        let submitted = try form.submit()
        XCTAssertEqual(submitted["gender"], .text("female"))
        XCTAssertEqual(changes.count, 6, "submit changes nothing")
        subscription.dispose()
    }

    func testAboutYouSliderAndStepperRules() throws {
        let form = try aboutYou()
        try form.setValues([("birthday", .text("2000-01-01")), ("gender", .text("male"))])
        XCTAssertTrue(form.submitEnabled)
        try form.setValue(.number(1.5), for: "swiftLevel")
        XCTAssertEqual(form.values["swiftLevel"], .number(1.5), "a value past the maximum is stored")
        XCTAssertEqual(form.validity["swiftLevel"]?.reason, .rangeOverflow)
        XCTAssertFalse(form.submitEnabled)
        try form.setValue(.number(0.3), for: "swiftLevel")
        XCTAssertEqual(form.values["swiftLevel"], .number(0.3), "a slider keeps the exact double a client set")
        try form.setValue(.number(2.5), for: "passionToLearn")
        XCTAssertEqual(form.validity["passionToLearn"]?.reason, .stepMismatch)
        XCTAssertEqual(form.validity["passionToLearn"]?.message, "Please enter a valid value: the nearest are 2 and 3.")
        try form.setValue(.number(-1), for: "passionToLearn")
        XCTAssertEqual(form.validity["passionToLearn"]?.reason, .rangeUnderflow)
        try form.setValue(.number(10), for: "passionToLearn")
        XCTAssertFalse(try form.increment("passionToLearn"), "the stepper stops at its maximum")
        XCTAssertThrowsError(try form.increment("swiftLevel")) { error in
            XCTAssertEqual(error as? FormError, .notAStepper(field: "swiftLevel", kind: .slider))
        }
        XCTAssertThrowsError(try form.setValue(.number(.nan), for: "swiftLevel"))
        XCTAssertThrowsError(try form.setValue(.text("2023-02-29"), for: "birthday")) { error in
            XCTAssertEqual(error as? FormError, .wrongType(field: "birthday", expected: "a real calendar day as YYYY-MM-DD", got: "\"2023-02-29\""))
        }
        XCTAssertThrowsError(try form.setValue(.text("other"), for: "gender")) { error in
            XCTAssertEqual(error as? FormError, .notAnOption(field: "gender", value: "other", options: ["male", "female"]))
        }
        XCTAssertThrowsError(try form.setValue(.bool(true), for: "swiftLevel"))
        XCTAssertThrowsError(try form.tap("unknown")) { error in
            XCTAssertEqual(error as? FormError, .unknownField("unknown"))
        }
    }

    func testTheSignUpStory() throws {
        let form = try signUp()
        var validations: [String] = []
        let subscription = form.rx.validationChanged.subscribe(onNext: {
            validations.append("\($0.name) \($0.value.reason?.rawValue ?? "valid")")
        })
        XCTAssertEqual(form.validity["username"]?.reason, .valueMissing)
        XCTAssertEqual(form.outputs["usernameBorder"], .text("clear"))
        try form.setValue(.text("abc"), for: "username")
        XCTAssertEqual(form.validity["username"]?.reason, .tooShort)
        XCTAssertEqual(form.validity["username"]?.message, "Please use at least 5 characters (you are using 3).")
        XCTAssertEqual(form.outputs["usernameBorder"], .text("red"))
        try form.setValue(.text("abcde"), for: "username")
        XCTAssertEqual(form.outputs["usernameBorder"], .text("green"))
        try form.setValue(.text("secret"), for: "password")
        try form.setValue(.text("secre"), for: "repeatPassword")
        XCTAssertEqual(form.validity["repeatPassword"], FieldValidity(reason: .mismatch, message: "Passwords do not match."))
        XCTAssertFalse(form.submitEnabled)
        XCTAssertThrowsError(try form.submit()) { error in
            guard case .validationFailed(let invalid)? = error as? FormError else { return XCTFail("\(error)") }
            XCTAssertEqual(Array(invalid.keys), ["repeatPassword"])
        }
        try form.setValue(.text("secret"), for: "repeatPassword")
        XCTAssertTrue(form.submitEnabled)
        try form.setValue(.text("secret2"), for: "password")
        XCTAssertEqual(form.validity["repeatPassword"]?.reason, .mismatch, "changing the password breaks the repeat")
        XCTAssertEqual(validations, [
            "username tooShort", "username valid", "password valid", "repeatPassword mismatch",
            "repeatPassword valid", "repeatPassword mismatch",
        ])
        subscription.dispose()
    }

    func testSetValuesIsAtomicAndChecksTheRevision() throws {
        let form = try signUp()
        var changes: [FormChange] = []
        let subscription = form.rx.changes.subscribe(onNext: { changes.append($0) })
        XCTAssertThrowsError(try form.setValues([("username", .text("alice")), ("password", .bool(true))]))
        XCTAssertThrowsError(try form.setValues([("username", .text("alice")), ("nope", .text("x"))])) { error in
            XCTAssertEqual(error as? FormError, .unknownField("nope"))
        }
        XCTAssertEqual(form.values["username"], .text(""), "a failed call applies nothing")
        XCTAssertEqual(changes.count, 0)

        try form.setValues([("password", .text("hunter2")), ("repeatPassword", .text("hunter2"))])
        XCTAssertEqual(changes.count, 1, "one call, one change")
        XCTAssertEqual(changes[0].validity.map(\.name), ["password", "repeatPassword"], "no transient mismatch is published")
        try form.setValues([("username", .text("alice"))])
        XCTAssertEqual(changes.count, 2)
        XCTAssertTrue(form.reset())
        XCTAssertEqual(form.values["username"], .text(""))
        XCTAssertEqual(changes.count, 3)
        XCTAssertFalse(form.reset(), "resetting a form at its initial values changes nothing")
        subscription.dispose()
    }

    func testEveryRuleAndReason() throws {
        let spec = try FormSpec.parse(json: """
        {"fields": [
          {"name": "code", "kind": "text", "rules": {"pattern": "[A-Z]{2}-\\\\d{3}", "maxLength": 6, "forbidden": ["XX-000"]}},
          {"name": "agree", "kind": "switch", "rules": {"required": true}},
          {"name": "start", "kind": "date", "initial": "2024-06-15", "rules": {"min": "today", "max": "2024-12-31"}},
          {"name": "count", "kind": "slider", "initial": 5, "rules": {"min": 1, "max": 9, "step": 2}},
          {"name": "confirm", "kind": "date", "initial": "2024-06-15", "rules": {"equalTo": "start"}},
          {"name": "note", "kind": "text", "rules": {"minLength": 3}}
        ]}
        """)
        let today = self.today
        let form = Form(spec: spec, today: { today })
        func reason(_ field: String) -> ValidityReason? { form.validity[field]?.reason }
        XCTAssertNil(reason("code"), "length and pattern rules skip empty text")
        XCTAssertNil(reason("note"))
        try form.setValue(.text("AB-1234"), for: "code")
        XCTAssertEqual(reason("code"), .tooLong)
        try form.setValue(.text("ab-123"), for: "code")
        XCTAssertEqual(reason("code"), .patternMismatch)
        try form.setValue(.text("XX-000"), for: "code")
        XCTAssertEqual(reason("code"), .custom)
        try form.setValue(.text("AB-123"), for: "code")
        XCTAssertNil(reason("code"))
        XCTAssertEqual(reason("agree"), .valueMissing)
        try form.setValue(.bool(true), for: "agree")
        XCTAssertNil(reason("agree"))
        try form.setValue(.text("2024-06-14"), for: "start")
        XCTAssertEqual(reason("start"), .rangeUnderflow)
        XCTAssertEqual(form.validity["start"]?.message, "Date must be 2024-06-15 or later.")
        try form.setValue(.text("2025-01-01"), for: "start")
        XCTAssertEqual(reason("start"), .rangeOverflow)
        XCTAssertEqual(reason("confirm"), .mismatch)
        try form.setValue(.text("2025-01-01"), for: "confirm")
        XCTAssertNil(reason("confirm"))
        try form.setValue(.number(4), for: "count")
        XCTAssertEqual(reason("count"), .stepMismatch, "steps count from min: 1, 3, 5, …")
        try form.setValue(.number(0), for: "count")
        XCTAssertEqual(reason("count"), .rangeUnderflow)
        try form.setValue(.text("hi"), for: "note")
        XCTAssertEqual(reason("note"), .tooShort)
        XCTAssertEqual(Set(ValidityReason.allCases).subtracting([.typeMismatch, .server, .pending, .remote, .unavailable]).count, 9, "every rule's reason, reached above (server is setErrors'; the remote ones RemoteCheckTests')")
        try form.setErrors(["note": "taken"])
        XCTAssertEqual(reason("note"), .server)
        try form.setValue(.text("hello there"), for: "note")
        XCTAssertNotEqual(reason("note"), .server, "a new value ends it")
    }

    func testReleasedFormLeavesNoSubscription() throws {
        var form: Form? = try aboutYou()
        var completed = false
        let subscription = form!.rx.changes.subscribe(onCompleted: { completed = true })
        try form?.tap("male")
        weak let weakForm = form
        form = nil
        XCTAssertNil(weakForm)
        subscription.dispose()
        XCTAssertFalse(completed, "the change stream is a relay: it ends by disposal, not completion")
    }
}

final class FormSpecParsingTests: XCTestCase {
    private func problems(_ json: String) -> [String] {
        do {
            _ = try FormSpec.parse(json: json)
            return []
        } catch let error as FormSpecError {
            return error.problems.map(\.description)
        } catch {
            return ["unexpected \(error)"]
        }
    }

    func testOptionLabelsNameOptionsOfAChoice() {
        XCTAssertEqual(problems("""
        {"fields": [
          {"name": "size", "kind": "choice", "options": ["S", "M"], "optionLabels": {"S": "Small", "XL": "Huge", "M": 5}},
          {"name": "note", "kind": "text", "optionLabels": {"S": "Small"}}
        ]}
        """).sorted(), [
            "$.fields[0].optionLabels.M: expected a string, got the number 5",
            "$.fields[0].optionLabels.XL: no option is \"XL\"; the options are \"S\", \"M\"",
            "$.fields[1].optionLabels: optionLabels applies to choice fields only",
        ])
        let spec = try? FormSpec.parse(json: #"{"fields": [{"name": "size", "kind": "choice", "options": ["S", "M"], "optionLabels": {"S": "Small"}}]}"#)
        XCTAssertEqual(spec?.fields.first?.presentation.optionLabels, ["S": "Small"])
    }

    func testEveryProblemIsReportedWithItsPath() {
        let found = problems("""
        {"fields": [
          {"name": "a", "kind": "text"},
          {"name": "a", "kind": "date", "initial": "2023-02-29"},
          {"name": "s", "kind": "slider", "rules": {"min": "low", "max": 1, "pattern": "x"}},
          {"name": "c", "kind": "choice"},
          {"name": "9x", "kind": "wheel"}
        ], "outputs": [{"name": "o", "kind": "scaled", "field": "a"}], "extra": 1}
        """)
        XCTAssertEqual(found, [
            "$.extra: unknown key; expected one of buttons, fields, locale, outputs, pages, submitRequires",
            "$.fields[1].initial: expected a real calendar day YYYY-MM-DD, or today, today+N, today-N; got \"2023-02-29\"",
            "$.fields[1].name: a field named \"a\" already exists",
            "$.fields[2].rules.min: expected a number or {\"field\": F, \"offset\": N}, got the string \"low\"",
            "$.fields[2].rules.pattern: pattern applies to text fields only",
            "$.fields[3]: missing \"options\" of a choice field",
            "$.fields[4].name: expected a name of 1 to 64 letters, digits and '_', not starting with a digit; got \"9x\"",
            "$.fields[4].kind: expected one of date, choice, switch, slider, stepper, text, file, array; got \"wheel\"",
            "$.outputs[0].field: \"a\" is a text field; expected slider or stepper",
        ])
    }

    func testSyntaxErrorsAndWrongShapesNeverTrap() {
        XCTAssertEqual(problems("{\"fields\": [}"), ["$: not valid JSON: at byte 12: expected a value, found '}'"])
        XCTAssertEqual(problems("[]"), ["$: expected an object, got an array"])
        XCTAssertEqual(problems("{}"), ["$: missing \"fields\""])
        XCTAssertEqual(problems("{\"fields\": []}"), ["$.fields: a form needs at least one field"])
        XCTAssertEqual(problems(String(repeating: "[", count: 100)), ["$: not valid JSON: at byte 64: nesting deeper than 64 levels"])
        XCTAssertEqual(
            problems("{\"fields\": [{\"name\": \"t\", \"kind\": \"text\", \"rules\": {\"pattern\": \"(a\"}}]}"),
            ["$.fields[0].rules.pattern: not a supported pattern: at character 2: expected ')'"]
        )
        XCTAssertEqual(
            problems("{\"fields\": [{\"name\": \"t\", \"kind\": \"text\", \"rules\": {\"equalTo\": \"u\", \"minLength\": 5, \"maxLength\": 2}}]}"),
            ["$.fields[0].rules.maxLength: maxLength is below minLength", "$.fields[0].rules.equalTo: no field is named \"u\""]
        )
    }

    func testButtonsOutputsAndSubmitRequires() throws {
        let spec = try FormSpec.parse(json: """
        {"fields": [{"name": "g", "kind": "choice", "options": ["x", "y"]}, {"name": "t", "kind": "text"}],
         "buttons": [{"name": "pickX", "field": "g", "value": "x"}],
         "outputs": [{"name": "ok", "kind": "allValid", "fields": ["g"]}],
         "submitRequires": ["t"]}
        """)
        XCTAssertEqual(spec.buttons, [ButtonSpec(name: "pickX", field: "g", value: "x")])
        XCTAssertEqual(spec.outputs, [OutputSpec(name: "ok", rule: .allValid(fields: ["g"]))])
        XCTAssertEqual(spec.submitRequires, ["t"])
        XCTAssertEqual(problems("""
        {"fields": [{"name": "g", "kind": "choice", "options": ["x"]}],
         "buttons": [{"name": "b", "field": "g", "value": "z"}, {"name": "c", "field": "h", "value": "x"}],
         "submitRequires": ["q"]}
        """), [
            "$.buttons[0].value: \"z\" is not an option of \"g\"",
            "$.buttons[1].field: no choice field is named \"h\"",
            "$.submitRequires[0]: no field is named \"q\"",
        ])
    }
}
