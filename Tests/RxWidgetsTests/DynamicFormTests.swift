import RxWidgets
import XCTest

/// Conditions, derived options, cross-field bounds and validation timing
/// (docs/forms.md, "Dynamic behaviour"), on the model.
final class DynamicFormTests: WidgetTestCase {
    private func form(_ json: String, today: CalendarDay = CalendarDay("2024-06-15")!) throws -> Form {
        Form(spec: try FormSpec.parse(json: json), today: { today })
    }

    private func problems(_ json: String) -> String {
        do {
            _ = try FormSpec.parse(json: json)
            return "accepted"
        } catch {
            return "\(error)"
        }
    }

    private let shipping = """
    {"fields": [
      {"name": "sameAddress", "kind": "switch", "initial": true},
      {"name": "street", "kind": "text", "rules": {"required": true}, "visibleWhen": {"field": "sameAddress", "equals": false}},
      {"name": "company", "kind": "switch"},
      {"name": "vatId", "kind": "text", "requiredWhen": {"field": "company", "equals": true}, "enabledWhen": {"field": "company", "equals": true}}
    ]}
    """

    func testAHiddenFieldNeitherCountsNorIsSubmittedButKeepsItsValue() throws {
        let form = try form(shipping)
        var changes: [FormChange] = []
        let subscription = form.rx.changes.subscribe(onNext: { changes.append($0) })
        defer { subscription.dispose() }

        XCTAssertEqual(form.fieldStates["street"], FieldState(visible: false, enabled: true, required: true))
        XCTAssertEqual(form.validity["street"]?.reason, .valueMissing, "hidden, and still judged")
        XCTAssertTrue(form.isValid, "a hidden field does not count")
        XCTAssertTrue(form.submitEnabled)

        try form.setValue(.bool(false), for: "sameAddress")
        XCTAssertEqual(changes.last?.fieldStates, [FieldChange(name: "street", value: FieldState(visible: true, enabled: true, required: true))])
        XCTAssertEqual(changes.last?.valid, false)
        XCTAssertEqual(changes.last?.submitEnabled, false)
        XCTAssertThrowsError(try form.submit())

        try form.setValue(.text("Main Street 1"), for: "street")
        try form.setValue(.bool(true), for: "sameAddress")
        XCTAssertEqual(form.values["street"], .text("Main Street 1"), "hidden keeps its value")
        XCTAssertEqual(try form.submit().keys.sorted(), ["company", "sameAddress", "vatId"], "a hidden field is left out")
    }

    func testRequiredWhenAndEnabledWhenFollowTheirField() throws {
        let form = try form(shipping)
        var changes: [FormChange] = []
        let changeCount = form.rx.changes.subscribe(onNext: { changes.append($0) })
        defer { changeCount.dispose() }
        XCTAssertEqual(form.fieldStates["vatId"], FieldState(visible: true, enabled: false, required: false))
        XCTAssertThrowsError(try form.setValue(.text("DE123"), for: "vatId")) { error in
            XCTAssertEqual(error as? FormError, .notEditable(field: "vatId"))
            XCTAssertEqual("\(error)", "field \"vatId\" is disabled: its enabledWhen condition does not hold")
        }
        XCTAssertThrowsError(try form.setValues([("sameAddress", .bool(false)), ("vatId", .text("x"))]), "all or nothing: vatId is disabled")
        XCTAssertEqual(form.values["sameAddress"], .bool(true))
        XCTAssertEqual(changes.count, 0)
        try form.setValues([("vatId", .text("DE1")), ("company", .bool(true))])
        XCTAssertEqual(form.values["vatId"], .text("DE1"), "enabled by the company set in the same call, whatever the order given")
        XCTAssertThrowsError(try form.setValues([("company", .bool(false)), ("vatId", .text("y"))]), "disabled by the company set in the same call")
        XCTAssertEqual(form.values["company"], .bool(true))
        XCTAssertEqual(changes.count, 1)

        try form.setValue(.text(""), for: "vatId")
        XCTAssertEqual(form.fieldStates["vatId"], FieldState(visible: true, enabled: true, required: true))
        XCTAssertEqual(form.validity["vatId"]?.reason, .valueMissing, "requiredWhen made it required")
        XCTAssertFalse(form.submitEnabled)
        try form.setValue(.text("DE123"), for: "vatId")
        XCTAssertTrue(form.submitEnabled)
    }

    func testADiamondOfConditionsCostsOneEvaluationPerField() throws {
        // Each field is required when exactly one of the two before it is
        // valid: a chain of diamonds, where re-emitting per path grows like
        // Fibonacci (10^12 evaluations at 60 fields).
        var fields = [#"{"name": "f0", "kind": "text", "rules": {"minLength": 2}}"#, #"{"name": "f1", "kind": "text", "requiredWhen": {"field": "f0", "valid": false}}"#]
        for index in 2..<60 {
            let xor = #"{"any": [{"all": [{"field": "f\#(index - 1)", "valid": true}, {"field": "f\#(index - 2)", "valid": false}]}, {"all": [{"field": "f\#(index - 1)", "valid": false}, {"field": "f\#(index - 2)", "valid": true}]}]}"#
            fields.append(#"{"name": "f\#(index)", "kind": "text", "requiredWhen": \#(xor)}"#)
        }
        let form = try form(#"{"fields": [\#(fields.joined(separator: ","))]}"#)
        var changes = 0
        let subscription = form.rx.changes.subscribe(onNext: { _ in changes += 1 })
        defer { subscription.dispose() }
        try form.setValue(.text("x"), for: "f0")
        try form.setValue(.text("xy"), for: "f0")
        XCTAssertEqual(changes, 2, "each call one change, settled")
        // f0 valid, f1 optional and valid, then valid(f1) XOR valid(f0) = false: f2 optional (valid), and so on.
        XCTAssertEqual(form.fieldStates["f2"]?.required, false)
        XCTAssertEqual(form.validity["f59"], .valid)
    }

    func testAChangeRunsTheRulesOfTheFieldsItAffectsOnly() throws {
        // 255 fields whose patterns run over every character, and one that
        // must match f0: a change of f5 judges f5, a change of f0 judges f0
        // and its match; a read judges nothing. (Each call re-ran all 256
        // rule sets: 70-110 ms a SetValue on a form of long values.)
        var fields = (0..<255).map { #"{"name": "f\#($0)", "kind": "text", "rules": {"maxLength": 100, "pattern": "[a-z]*"}}"# }
        fields.append(#"{"name": "again", "kind": "text", "rules": {"equalTo": "f0"}}"#)
        let form = try form(#"{"fields": [\#(fields.joined(separator: ","))]}"#)
        let afterCreation = form.rulesRun
        XCTAssertEqual(afterCreation, 256, "each field judged once")
        try form.setValue(.text("abc"), for: "f5")
        XCTAssertEqual(form.rulesRun - afterCreation, 1)
        try form.setValue(.text("abc"), for: "f0")
        XCTAssertEqual(form.rulesRun - afterCreation, 3, "f0 and the field that must match it")
        XCTAssertEqual(form.validity["again"]?.reason, .mismatch)
        _ = form.validate()
        try form.setValues([(field: "f7", value: .text("x")), (field: "f8", value: .text("y"))])
        XCTAssertEqual(form.rulesRun - afterCreation, 5)
        try form.setValue(.text("abc"), for: "f5")
        XCTAssertEqual(form.rulesRun - afterCreation, 5, "an unchanged value changes nothing")
    }

    func testAVerdictIsKeptOnlyForTheSameScalars() throws {
        // "é" and "e" + U+0301 are equal as Swift strings, but the rules
        // count scalars: the second is two, over the maximum.
        let form = try form(#"{"fields": [{"name": "initial", "kind": "text", "rules": {"maxLength": 1}}]}"#)
        try form.setValue(.text("\u{E9}"), for: "initial")
        XCTAssertEqual(form.validity["initial"], .valid)
        try form.setValue(.text("e\u{301}"), for: "initial")
        XCTAssertEqual(form.validity["initial"]?.reason, .tooLong)
    }

    func testConditionsCombineAndReadValidity() throws {
        let form = try form("""
        {"fields": [
          {"name": "email", "kind": "text", "rules": {"pattern": "[^@]+@[^@]+"}},
          {"name": "plan", "kind": "choice", "options": ["free", "pro", "team"]},
          {"name": "newsletter", "kind": "switch",
           "visibleWhen": {"all": [{"field": "email", "valid": true}, {"not": {"field": "email", "equals": ""}}, {"any": [{"field": "plan", "in": ["pro", "team"]}, {"field": "plan", "notEquals": "notSelected"}]}]}}
        ]}
        """)
        XCTAssertEqual(form.fieldStates["newsletter"]?.visible, false)
        try form.setValue(.text("a@b"), for: "email")
        XCTAssertEqual(form.fieldStates["newsletter"]?.visible, false, "no plan yet")
        try form.setValue(.text("free"), for: "plan")
        XCTAssertEqual(form.fieldStates["newsletter"]?.visible, true)
        try form.setValue(.text("nope"), for: "email")
        XCTAssertEqual(form.fieldStates["newsletter"]?.visible, false, "email invalid")
    }

    private let address = """
    {"fields": [
      {"name": "country", "kind": "choice", "options": ["DE", "FR", "IT"], "initial": "DE"},
      {"name": "city", "kind": "choice", "initial": "Berlin", "rules": {"required": true},
       "optionsFrom": {"field": "country", "map": {"DE": ["Berlin", "Hamburg"], "FR": ["Paris", "Lyon"]}}}
    ]}
    """

    func testDerivedOptionsFollowTheirSourceAndClearAValueTheyNoLongerHold() throws {
        let form = try form(address)
        var changes: [FormChange] = []
        let subscription = form.rx.changes.subscribe(onNext: { changes.append($0) })
        defer { subscription.dispose() }
        XCTAssertEqual(form.options["city"], ["Berlin", "Hamburg"])
        XCTAssertEqual(form.values["city"], .text("Berlin"))
        XCTAssertThrowsError(try form.setValue(.text("Paris"), for: "city")) { error in
            XCTAssertEqual("\(error)", "field \"city\" expects one of \"Berlin\", \"Hamburg\", \"notSelected\", got \"Paris\"")
        }

        try form.setValue(.text("FR"), for: "country")
        let change = try XCTUnwrap(changes.last)
        XCTAssertEqual(change.options, [FieldChange(name: "city", value: ["Paris", "Lyon"])])
        XCTAssertEqual(change.values, [FieldChange(name: "country", value: .text("FR")), FieldChange(name: "city", value: .text(FieldValue.notSelected))])
        XCTAssertEqual(change.validity.map(\.name), ["city"])
        XCTAssertTrue(change.layout)
        XCTAssertEqual(changes.count, 1, "one call, one change")

        try form.setValue(.text("IT"), for: "country")
        XCTAssertEqual(form.options["city"], [], "a value the map does not hold gives no options")

        try form.setValues([("city", .text("Hamburg")), ("country", .text("DE"))])
        XCTAssertEqual(form.values["city"], .text("Hamburg"), "the source is applied first, whatever the order given")
        XCTAssertThrowsError(try form.setValues([("country", .text("FR")), ("city", .text("Berlin"))]))
        XCTAssertEqual(form.values["country"], .text("DE"), "a refused SetValues puts every field back")
        XCTAssertEqual(form.values["city"], .text("Hamburg"))
        XCTAssertEqual(form.options["city"], ["Berlin", "Hamburg"])
    }

    func testCrossFieldBoundsRevalidateWhenTheirFieldMoves() throws {
        let form = try form("""
        {"fields": [
          {"name": "start", "kind": "date", "initial": "2024-07-01"},
          {"name": "end", "kind": "date", "initial": "2024-07-03", "rules": {"min": {"field": "start", "offset": 1}}},
          {"name": "low", "kind": "stepper", "initial": 1},
          {"name": "high", "kind": "stepper", "initial": 5, "rules": {"min": {"field": "low"}}},
          {"name": "password", "kind": "text"},
          {"name": "newPassword", "kind": "text", "rules": {"notEqualTo": "password"}}
        ]}
        """)
        var changes: [FormChange] = []
        let subscription = form.rx.changes.subscribe(onNext: { changes.append($0) })
        defer { subscription.dispose() }
        XCTAssertTrue(form.validity["end"]?.isValid == true)
        XCTAssertEqual(form.bounds(of: "end").min, .date(CalendarDay("2024-07-02")!))
        try form.setValue(.text("2024-07-03"), for: "start")
        XCTAssertEqual(changes.last?.validity, [FieldChange(name: "end", value: FieldValidity(reason: .rangeUnderflow, message: "Date must be 2024-07-04 or later."))])
        XCTAssertTrue(changes.last?.layout == true, "the bound a front end shows moved")
        try form.setValue(.number(9), for: "low")
        XCTAssertEqual(form.validity["high"]?.reason, .rangeUnderflow)
        try form.setValue(.text("secret1"), for: "password")
        try form.setValue(.text("secret1"), for: "newPassword")
        XCTAssertEqual(form.validity["newPassword"], FieldValidity(reason: .mismatch, message: "Must differ from password."))
    }

    func testABlurFieldIsJudgedWhenCommittedOrSubmitted() throws {
        let form = try form("""
        {"fields": [{"name": "email", "kind": "text", "updateOn": "blur", "rules": {"required": true, "minLength": 3}}]}
        """)
        var changes: [FormChange] = []
        let changeCount = form.rx.changes.subscribe(onNext: { changes.append($0) })
        defer { changeCount.dispose() }
        XCTAssertEqual(form.validity["email"]?.reason, .valueMissing)
        try form.setValue(.text("ab"), for: "email")
        XCTAssertEqual(form.validity["email"]?.reason, .valueMissing, "not judged while typed")
        try form.commit("email")
        XCTAssertEqual(form.validity["email"]?.reason, .tooShort)
        try form.setValue(.text("abc"), for: "email")
        XCTAssertEqual(form.validity["email"]?.reason, .tooShort)
        let before = changes.count
        XCTAssertEqual(try form.submit(), ["email": .text("abc")], "Submit judges the latest value")
        XCTAssertTrue(form.validity["email"]?.isValid == true)
        XCTAssertEqual(changes.count, before + 1, "and commits it")
        try form.setValue(.text("x"), for: "email")
        XCTAssertThrowsError(try form.submit())
        XCTAssertTrue(form.validity["email"]?.isValid == true, "a refused Submit commits nothing")
        XCTAssertEqual(changes.count, before + 2)
    }

    func testSpecsThatReferToNothingThemselvesOrInCirclesAreRefused() {
        XCTAssertEqual(problems("""
        {"fields": [{"name": "a", "kind": "switch", "visibleWhen": {"field": "a", "equals": true}}]}
        """), "$.fields[0].visibleWhen.field: a field's condition cannot refer to the field itself")
        XCTAssertEqual(problems("""
        {"fields": [{"name": "a", "kind": "switch", "enabledWhen": {"field": "zz", "equals": true}}]}
        """), "$.fields[0].enabledWhen.field: no field is named \"zz\"")
        XCTAssertEqual(problems("""
        {"fields": [
          {"name": "a", "kind": "switch", "visibleWhen": {"field": "b", "valid": true}},
          {"name": "b", "kind": "switch", "requiredWhen": {"field": "c", "equals": true}},
          {"name": "c", "kind": "switch", "visibleWhen": {"not": {"field": "a", "equals": false}}}
        ]}
        """), "$.fields[2]: the fields depend on themselves: a → b → c → a (through conditions, optionsFrom or field bounds)")
        XCTAssertEqual(problems("""
        {"fields": [{"name": "a", "kind": "stepper"}, {"name": "b", "kind": "switch", "visibleWhen": {"field": "a", "equals": "x"}}]}
        """), "$.fields[1].visibleWhen.equals: expected a number to compare with stepper field \"a\", got the string \"x\"")
        XCTAssertEqual(problems("""
        {"fields": [{"name": "a", "kind": "switch"}, {"name": "b", "kind": "switch", "visibleWhen": {"field": "a", "equals": true, "all": []}}]}
        """), "$.fields[1].visibleWhen: expected one of {\"field\": F, \"equals\"|\"notEquals\"|\"in\"|\"valid\": …}, {\"all\": [..]}, {\"any\": [..]}, {\"not\": {..}}; got the keys all, equals, field")
        XCTAssertEqual(problems("""
        {"fields": [{"name": "a", "kind": "choice", "options": ["x"]}, {"name": "b", "kind": "choice", "optionsFrom": {"field": "a", "map": {"y": ["1"]}}}]}
        """), "$.fields[1].optionsFrom.map: \"y\" is not an option of \"a\"")
        XCTAssertEqual(problems("""
        {"fields": [{"name": "a", "kind": "text"}, {"name": "b", "kind": "date", "rules": {"max": {"field": "a"}}}]}
        """), "$.fields[1].rules.max.field: \"a\" is a text field; a date field's bound must be a date field")
        XCTAssertEqual(problems("""
        {"fields": [{"name": "a", "kind": "switch"}, {"name": "b", "kind": "text", "rules": {"required": true}, "requiredWhen": {"field": "a", "equals": true}}]}
        """), "$.fields[1].requiredWhen: requiredWhen decides whether the field is required; leave out rules.required")
    }

    func testConditionAndMapBudgetsAreStatedAndEnforced() {
        let deep = String(repeating: "{\"not\": ", count: 1_000) + "{\"field\": \"a\", \"equals\": true}" + String(repeating: "}", count: 1_000)
        XCTAssertTrue(problems("{\"fields\": [{\"name\": \"a\", \"kind\": \"switch\"}, {\"name\": \"b\", \"kind\": \"switch\", \"visibleWhen\": \(deep)}]}").contains("nesting"))
        let wide = "{\"any\": [" + Array(repeating: "{\"field\": \"a\", \"equals\": true}", count: 5_000).joined(separator: ",") + "]}"
        XCTAssertEqual(problems("{\"fields\": [{\"name\": \"a\", \"kind\": \"switch\"}, {\"name\": \"b\", \"kind\": \"switch\", \"visibleWhen\": \(wide)}]}"),
                       "$.fields[1]: the form's conditions have 5001 nodes so far; the budget is 4096")
        let keys = (0..<100_000).map { "\"k\($0)\": [\"x\"]" }.joined(separator: ",")
        XCTAssertTrue(problems("{\"fields\": [{\"name\": \"a\", \"kind\": \"text\"}, {\"name\": \"b\", \"kind\": \"choice\", \"optionsFrom\": {\"field\": \"a\", \"map\": {\(keys)}}}]}")
            .hasSuffix("the form's optionsFrom maps hold 65537 keys and options so far; the budget is 65536"))
    }
}
