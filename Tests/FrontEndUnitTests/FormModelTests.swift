@testable import FrontEndCore
@testable import rxwidgets
import DBus
import RxWidgetsClient
import WidgetsAPI
import XCTest

/// The form screen's `update` and `view`, without a terminal or a daemon:
/// messages in, commands and lines out.
final class FormModelTests: XCTestCase {
    /// A field as the daemon's `Layout` entry gives it.
    private func field(_ name: String, _ kind: FieldKind, _ attributes: [String: DBusValue] = [:]) -> RemoteForm.Field {
        FieldLayout(entry: DBusStruct(name, kind.rawValue, VariantDictionary(attributes.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) })))!
    }

    private func model(_ fields: [RemoteForm.Field], values: [String: DBusValue] = [:], states: [String: RemoteForm.FieldState] = [:],
                       validity: [String: RemoteForm.Validity] = [:], buttons: [(name: String, field: String, value: String)] = [],
                       submitEnabled: Bool = false, purpose: FormModel.Purpose = .submit) -> FormModel {
        FormModel(daemon: FormSnapshot(layout: fields, buttons: buttons, values: values, validity: validity, states: states, submitEnabled: submitEnabled),
                  purpose: purpose, header: nil, showsOutputs: false)
    }

    private func text(_ lines: [Line]) -> [String] {
        lines.map { $0.spans.map(\.text).joined() }
    }

    // MARK: Focus and keys

    func testTabSkipsHiddenAndDisabledFieldsAndLeavingABlurFieldCommitsIt() {
        var form = model([field("email", .text, ["updateOn": .string("blur")]), field("vat", .text), field("note", .text), field("gift", .switch)],
                         values: ["email": .string("a@b")], states: ["vat": .init(visible: true, enabled: false, required: false), "note": .init(visible: false, enabled: true, required: false)])
        XCTAssertEqual(form.focus, "email")
        _ = form.beginEditing()
        XCTAssertEqual(form.update(.key(.tab)), [.call(.commit("email"))], "nothing typed: only the commit")
        XCTAssertEqual(form.focus, "gift", "disabled vat and hidden note are skipped")
        XCTAssertEqual(form.update(.key(.tab)), [])
        XCTAssertNil(form.focus, "then Submit")
        XCTAssertFalse(text(form.view(rows: 24, columns: 80)).contains { $0.contains("note") }, "a hidden field is not drawn")
    }

    func testWhatSubmitWaitsForNamesAnItemsFieldWithItsItem() {
        let company = DBusValue.structure([.string("company"), .string("text"), .dictionary(key: .string, value: .variant, [(.string("label"), .variant(.string("Company")))])])
        let addresses = field("addresses", .array, ["label": .string("Address"), "item": .array(element: .structure([.string, .string, .array(.dictEntry(key: .string, value: .variant))]), [company])])
        let items = DBusValue.array(element: .array(.dictEntry(key: .string, value: .variant)), [.dictionary(key: .string, value: .variant, [(.string("company"), .variant(.string("")))])])
        let form = model([field("name", .text, ["label": .string("Name")]), addresses], values: ["name": .string(""), "addresses": items],
                         validity: ["name": (false, .valueMissing, "Please fill in this field."), "addresses": (false, .valueMissing, "Item 1, Company: Please fill in this field."),
                                    "addresses[0].company": (false, .valueMissing, "Please fill in this field.")])
        XCTAssertEqual(form.submitBlockers, "Submit waits for Name, Address 1, Company", "the item's field with its item; the array not again")
    }

    func testARefusedSubmitIsSaidInThePersonsWordsNotTheDaemons() {
        var form = model([field("value", .text, ["label": .string("Code"), "pattern": .string("[a-z]+")])], values: ["value": .string("ABC")],
                         validity: ["value": (false, .patternMismatch, "Please match the requested format.")], submitEnabled: false, purpose: .submitValue("value"))
        _ = form.update(.answered(.submit, error: FormRefusal(name: "org.rxwidgets.Widgets1.Error.ValidationFailed",
                                                              message: "the form is invalid: value (patternMismatch: Please match the requested format.)")))
        XCTAssertEqual(form.status?.text, "Submit waits for Code")
        XCTAssertTrue(text(form.view(rows: 24, columns: 80)).contains { $0.contains("Please match the requested format.") }, "the field's own message is shown")
    }

    func testAFieldHiddenWhileFocusedHandsTheFocusOn() {
        var form = model([field("a", .switch), field("b", .switch)])
        XCTAssertEqual(form.focusedField?.name, "a")
        var hidden = form.daemon
        hidden.states["a"] = .init(visible: false, enabled: true, required: false)
        _ = form.update(.daemonChanged(hidden))
        XCTAssertEqual(form.focusedField?.name, "b")
    }

    func testAPageShowsItsFieldsAndEnterOnItsLastFieldAsksForTheNextOnceItIsValid() {
        let fields = [field("name", .text, ["page": .int32(0)]), field("abroad", .switch, ["page": .int32(0)]), field("seat", .switch, ["page": .int32(2)])]
        var form = FormModel(daemon: FormSnapshot(layout: fields, validity: ["name": (false, .valueMissing, "Please fill in this field.")],
                                                  page: 0, pages: [("You", true), ("Passport", false), ("Seat", true)]),
                             purpose: .submit, header: nil, showsOutputs: false)
        _ = form.beginEditing()
        let first = text(form.view(rows: 24, columns: 80))
        // Without a locale (a test process) wcwidth does not know "·": the ends are compared.
        XCTAssertTrue(first.contains { $0.hasPrefix("You ") && $0.hasSuffix(" page 1 of 2") }, "\(first)")
        XCTAssertTrue(first.contains { $0.contains("[ Next › ]") })
        XCTAssertFalse(first.contains { $0.contains("seat") }, "another page's field is not drawn")

        XCTAssertEqual(form.update(.key(.tab)), [])
        XCTAssertEqual(form.focus, "abroad")
        XCTAssertEqual(form.update(.key(.enter)), [], "the page is invalid: no call")
        XCTAssertEqual(form.status?.text, "Next waits for name")
        XCTAssertTrue(form.fields["name"].wasLeft, "its message shows")

        var valid = form.daemon
        valid.validity["name"] = (true, nil, "")
        _ = form.update(.daemonChanged(valid))
        XCTAssertEqual(form.update(.key(.enter)), [.call(.nextPage)], "Enter on the page's last field")
        var turned = form.daemon
        turned.page = 2
        _ = form.update(.daemonChanged(turned))
        XCTAssertEqual(form.focus, "seat", "the new page's first field")
        XCTAssertTrue(text(form.view(rows: 24, columns: 80)).contains { $0.hasPrefix("Seat ") && $0.hasSuffix(" page 2 of 2") })
        XCTAssertEqual(form.update(.key(.tab)), [])
        XCTAssertNil(form.focus, "then Submit, the last page's button")
        XCTAssertTrue(text(form.view(rows: 24, columns: 80)).contains { $0.contains("[ Submit ]") })
        XCTAssertEqual(form.update(.key(.pageUp)), [.call(.previousPage)])
    }

    func testEscapeCancelsAndAttachQuitsWithNothing() {
        var form = model([field("a", .switch)])
        XCTAssertEqual(form.update(.key(.escape)), [.finish(.cancelled)])
        var attached = model([field("a", .switch)], purpose: .attach)
        XCTAssertEqual(attached.update(.key(.character("q"))), [.finish(.done(""))])
    }

    // MARK: Text

    func testTypingSendsAtOnceThenOncePerIntervalWithTheLatestText() {
        var form = model([field("name", .text)])
        _ = form.beginEditing()
        XCTAssertEqual(form.update(.key(.character("a"))), [.call(.setValue(field: "name", value: .string("a"), .text)), .startThrottle])
        XCTAssertEqual(form.update(.key(.character("b"))), [], "held by the throttle")
        XCTAssertEqual(form.update(.key(.character("c"))), [])
        XCTAssertEqual(form.update(.throttleEnded), [.call(.setValue(field: "name", value: .string("abc"), .text)), .startThrottle])
        XCTAssertEqual(form.update(.throttleEnded), [], "nothing new")
        XCTAssertTrue(text(form.view(rows: 24, columns: 80)).contains { $0.contains("[abc ") })
    }

    func testAnotherFrontEndsChangeIsRebasedUnderWhatWasTypedHere() {
        var form = model([field("name", .text)], values: ["name": .string("alice")])
        _ = form.beginEditing()
        _ = form.update(.key(.character("x")))
        _ = form.update(.valueHeard(field: "name", value: .string("alicex")))
        XCTAssertEqual(form.update(.key(.character("y"))), [], "held")
        XCTAssertEqual(form.update(.valueHeard(field: "name", value: .string("alicexz"))), [], "someone else typed z; ours waits for the throttle")
        XCTAssertEqual(form.editing?.text, "alicexzy")
        XCTAssertEqual(form.update(.throttleEnded), [.call(.setValue(field: "name", value: .string("alicexzy"), .text)), .startThrottle])
    }

    func testARefusalShowsUnderItsFieldUntilTheFieldChanges() {
        var form = model([field("day", .date)], values: ["day": .string("2024-06-15")])
        _ = form.update(.answered(.setValue(field: "day", value: .string("2023-02-30"), .date), error: FormRefusal(name: "org.freedesktop.DBus.Error.InvalidArgs", message: "not a real calendar day")))
        XCTAssertTrue(text(form.view(rows: 24, columns: 80)).contains { $0.contains("Enter a real calendar day, as YYYY-MM-DD.") })
        _ = form.update(.valueHeard(field: "day", value: .string("2023-02-28")))
        XCTAssertFalse(text(form.view(rows: 24, columns: 80)).contains { $0.contains("Enter a real calendar day") })
    }

    func testAMultilineFieldTakesEnterAsANewLineAndCtrlDMovesOn() {
        var form = model([field("note", .text, ["multiline": .boolean(true)]), field("ok", .switch)])
        _ = form.beginEditing()
        _ = form.update(.key(.character("a")))
        _ = form.update(.key(.enter))
        _ = form.update(.key(.character("b")))
        XCTAssertEqual(form.editing?.text, "a\nb", "Enter is a new line")
        XCTAssertTrue(text(form.view(rows: 24, columns: 80)).contains { $0.hasSuffix(" b ") || $0.contains(" b") })
        _ = form.update(.key(.endOfText))
        XCTAssertEqual(form.focus, "ok", "Ctrl-D moves on")
    }

    // MARK: Dates

    func testADateIsSentOnlyWhole() {
        var form = model([field("day", .date)], values: ["day": .string("2024-06-15")])
        _ = form.beginEditing()
        for digit in "2023022" {
            XCTAssertEqual(form.update(.key(.character(digit))), [], "a part of a date is never sent")
        }
        XCTAssertEqual(form.update(.key(.character("8"))), [.call(.setValue(field: "day", value: .string("2023-02-28"), .date))])
    }

    func testASeparatorMovesToTheNextPartAndAWholeDateStartsAgain() {
        var form = model([field("day", .date)], values: ["day": .string("2024-06-15")])
        _ = form.beginEditing()
        for key in "1990." {
            XCTAssertEqual(form.update(.key(.character(key))), [], "a separator sends nothing")
        }
        XCTAssertEqual(form.editing?.cursor, 5, "the month's first digit")
        for key in "03/1" {
            XCTAssertEqual(form.update(.key(.character(key))), [])
        }
        XCTAssertEqual(form.update(.key(.character("5"))), [.call(.setValue(field: "day", value: .string("1990-03-15"), .date))])
        for key in "2001020" {
            XCTAssertEqual(form.update(.key(.character(key))), [], "typed over the whole date, from its start")
        }
        XCTAssertEqual(form.update(.key(.character("3"))), [.call(.setValue(field: "day", value: .string("2001-02-03"), .date))])
    }

    // MARK: Switches, steppers, sliders, choices

    func testASwitchTogglesTheDaemonsValue() {
        var form = model([field("on", .switch)], values: ["on": .boolean(true)])
        XCTAssertEqual(form.update(.key(.character(" "))), [.call(.setValue(field: "on", value: .boolean(false), .plain))])
        XCTAssertTrue(text(form.view(rows: 24, columns: 80)).contains { $0.contains("[x] on") }, "drawn as the daemon says until it answers")
    }

    func testAStepperAsksTheDaemonToStep() {
        var form = model([field("n", .stepper)], values: ["n": .double(3)])
        XCTAssertEqual(form.update(.key(.right)), [.call(.increment("n"))])
        XCTAssertEqual(form.update(.key(.character("-"))), [.call(.decrement("n"))])
        XCTAssertTrue(text(form.view(rows: 24, columns: 80)).contains { $0.contains("− 3 +") })
    }

    func testASliderStepWaitsForTheAnswerToTheOneBefore() {
        var form = model([field("level", .slider, ["min": .double(0), "max": .double(1), "step": .double(0.25)])], values: ["level": .double(0.5)])
        XCTAssertEqual(form.update(.key(.right)), [.call(.setValue(field: "level", value: .double(0.75), .plain))])
        guard case .waiting([]) = form.prepare(for: .key(.right)) else { return XCTFail("the next step waits for the answer") }
        _ = form.update(.answered(.setValue(field: "level", value: .double(0.75), .plain), error: nil))
        guard case .ready = form.prepare(for: .key(.right)) else { return XCTFail("answered: the next step is applied") }
    }

    func testAChoiceWithoutButtonsOffersItsCurrentOptions() {
        var form = model([field("city", .choice, ["options": .array(element: .string, [.string("Paris"), .string("Lyon")])])], values: ["city": .string("notSelected")])
        XCTAssertEqual(form.update(.key(.right)), [])
        XCTAssertEqual(form.update(.key(.character(" "))), [.call(.setValue(field: "city", value: .string("Lyon"), .plain))])
        XCTAssertTrue(text(form.view(rows: 24, columns: 80)).contains { $0.contains("( ) Paris  ( ) Lyon") })
        var buttons = model([field("gender", .choice, ["buttons": .array(element: .string, [.string("male"), .string("female")])])],
                            buttons: [("male", "gender", "male"), ("female", "gender", "female")])
        _ = buttons.update(.key(.left))
        XCTAssertEqual(buttons.update(.key(.character(" "))), [.call(.tap(field: "gender", button: "female"))])
    }

    func testEachFieldKeepsItsOwnStateAndAnItemsStateGoesWithTheItems() {
        var form = model([field("size", .choice, ["options": .array(element: .string, [.string("S"), .string("M"), .string("L")])]),
                          field("colour", .choice, ["options": .array(element: .string, [.string("red"), .string("blue")])]),
                          field("pin", .text, ["secret": .boolean(true)])])
        _ = form.update(.key(.right))
        _ = form.update(.key(.right))
        _ = form.update(.key(.tab))
        XCTAssertEqual(form.update(.key(.character(" "))), [.call(.setValue(field: "colour", value: .string("red"), .plain))], "another choice's cursor starts at its own first option")
        XCTAssertEqual(form.fields[ChoiceFieldComponent.self, name: "size"].cursor, 2, "the first choice keeps where its cursor was")
        XCTAssertTrue(form.fields["size"].wasLeft)
        XCTAssertFalse(form.fields["colour"].wasLeft)
        _ = form.update(.key(.tab))
        _ = form.update(.answered(.setValue(field: "colour", value: .string("red"), .plain), error: nil))
        form.fields[TextFieldComponent.self, name: "pin"].secret = "1234"
        form.fields[TextFieldComponent.self, name: "trip[0].code"].secret = "X"
        form.fields["trip[0].code"].refusal = "refused"
        form.fields.forgetItems(of: "trip")
        XCTAssertNil(form.fields["trip[0].code"].refusal, "an item path names another item once items changed")
        XCTAssertEqual(form.fields.kept(by: TextFieldComponent.self).map(\.name), ["pin"])
        XCTAssertEqual(form.update(.daemonReplaced), [.call(.setValue(field: "pin", value: .string("1234"), .plain))], "a secret typed is given to a new daemon")
    }

    // MARK: Messages and submit

    func testAMissingValueWaitsUntilTheFieldWasLeftAndAPendingCheckSpins() {
        var form = model([field("name", .text), field("user", .text)],
                         validity: ["name": (false, .valueMissing, "Please fill in this field."), "user": (false, .pending, "Checking…")])
        var lines = text(form.view(rows: 24, columns: 80))
        XCTAssertFalse(lines.contains { $0.contains("Please fill in") })
        XCTAssertTrue(lines.contains { $0.contains("⠋ Checking…") })
        _ = form.update(.key(.tab))
        _ = form.update(.spinnerTick)
        lines = text(form.view(rows: 24, columns: 80))
        XCTAssertTrue(lines.contains { $0.contains("Please fill in this field.") })
        XCTAssertTrue(lines.contains { $0.contains("⠙ Checking…") })
    }

    func testSubmitIsRefusedUntilEnabledThenPrintsTheValuesInFieldOrder() {
        var form = model([field("b", .switch), field("a", .text)], values: ["a": .string("x"), "b": .boolean(true)])
        form.focus = nil
        XCTAssertEqual(form.update(.key(.enter)), [])
        XCTAssertEqual(form.status?.text, "Submit is disabled until every field is valid")
        form.daemon.submitEnabled = true
        XCTAssertEqual(form.update(.key(.enter)), [.call(.submit)])
        XCTAssertEqual(form.update(.submitted(["a": .string("x"), "b": .boolean(true)])), [.finish(.done("b=true\na=x\n"))])
        var json = model([field("a", .text)], submitEnabled: true, purpose: .submitJSON)
        XCTAssertEqual(json.update(.submitted(["a": .string("say \"hi\"")])), [.finish(.done(#"{"a":"say \"hi\""}"# + "\n"))])
    }
}
