import RxWidgets
import XCTest

/// Array fields on the model: a change costs the items it touches.
final class FormArrayModelTests: WidgetTestCase {
    func testAChangeOfOneItemJudgesThatItemOnly() throws {
        let spec = try FormSpec.parse(json: #"{"fields":[{"name":"rows","kind":"array","max":500,"item":[{"name":"a","kind":"text","rules":{"required":true}},{"name":"b","kind":"switch"}]}]}"#)
        let form = Form(spec: spec, today: { CalendarDay("2024-06-15")! })
        try form.setValue(.items(Array(repeating: ["a": .text("x"), "b": .bool(false)], count: 400)), for: "rows")
        XCTAssertEqual(form.validity["rows"], .valid)
        let before = form.rulesRun
        try form.setValue(.text(""), for: "rows[250].a")
        XCTAssertEqual(form.rulesRun - before, 2, "the field of that item, and the array's count")
        XCTAssertEqual(form.validity["rows"]?.message, "Item 251, a: Please fill in this field.")
        var changes: [FormChange] = []
        let subscription = form.rx.changes.subscribe(onNext: { changes.append($0) })
        defer { subscription.dispose() }
        try form.moveItem(in: "rows", from: 250, to: 0)
        XCTAssertEqual(form.validity["rows"]?.message, "Item 1, a: Please fill in this field.")
        XCTAssertEqual(changes.last?.values.map(\.name), ["rows[0].a", "rows[250].a"], "the fields whose values moved")
        XCTAssertEqual(changes.last?.validity.map(\.name), ["rows", "rows[0].a", "rows[250].a"])
    }

    /// An item holding canonically equal but other scalars is judged again:
    /// its length in scalars is not the same.
    func testAnItemOfOtherScalarsIsJudgedAgain() throws {
        let spec = try FormSpec.parse(json: #"{"fields":[{"name":"rows","kind":"array","item":[{"name":"code","kind":"text","rules":{"maxLength":1}}],"initial":[{"code":"é"}]}]}"#)
        let form = Form(spec: spec, today: { CalendarDay("2024-06-15")! })
        XCTAssertEqual(form.validity["rows[0].code"], .valid)
        try form.setValue(.text("e\u{301}"), for: "rows[0].code")
        XCTAssertEqual(form.validity["rows[0].code"]?.reason, .tooLong)
    }

    func testAnItemsStepperStepsWithinItsBounds() throws {
        let spec = try FormSpec.parse(json: #"{"fields":[{"name":"lines","kind":"array","min":1,"item":[{"name":"qty","kind":"stepper","initial":1,"rules":{"min":1,"max":3,"step":1}}]}]}"#)
        let form = Form(spec: spec, today: { CalendarDay("2024-06-15")! })
        try form.increment("lines[0].qty")
        try form.increment("lines[0].qty")
        try form.increment("lines[0].qty")
        XCTAssertEqual(try form.value(of: "lines[0].qty"), .number(3), "held at max")
        try form.decrement("lines[0].qty")
        XCTAssertEqual(try form.value(of: "lines[0].qty"), .number(2))
        XCTAssertThrowsError(try form.increment("lines[4].qty"))
    }
}
