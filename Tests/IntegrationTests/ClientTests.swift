import BusTestSupport
import DBus
import Foundation
import Glibc
import RxCoreEssentials
import RxWidgetsClient
import XCTest

/// RxWidgetsClient against the built daemon: typed remote widgets whose
/// signals and properties are observables, delivered before each call returns.
final class ClientTests: DaemonTestCase {
    private func makeClient() throws -> WidgetsClient {
        try WidgetsClient(address: bus.address)
    }

    func testSignalsOfACallAreDeliveredBeforeItReturns() throws {
        let resources = Resources.total
        try {
            let client = try makeClient()
            let picker = try client.createPicker("fruit", items: [["apple", "banana", "cherry"], ["small", "large"]], transient: true)
            XCTAssertEqual(picker.numberOfComponents, 2)
            XCTAssertEqual(picker.rowCounts, [3, 2])
            var log: [String] = []
            var bag = DisposeBag()
            picker.rx.itemSelected.subscribe(onNext: { log.append("itemSelected \($0.row) \($0.component)") }).disposed(by: bag)
            picker.rx.modelSelected.subscribe(onNext: { log.append("modelSelected \($0.compactMap(\.stringValue).joined(separator: " "))") }).disposed(by: bag)
            picker.rx.selectedRows.subscribe(onNext: { log.append("selectedRows \($0)") }).disposed(by: bag)
            picker.rx.revision.subscribe(onNext: { log.append("revision \($0)") }).disposed(by: bag)
            XCTAssertEqual(log, ["selectedRows [0, 0]", "revision 1"], "properties start with their current value")
            try picker.selectRow(2, inComponent: 0)
            XCTAssertEqual(log, ["selectedRows [0, 0]", "revision 1", "selectedRows [2, 0]", "revision 2", "itemSelected 2 0", "modelSelected cherry small"],
                           "every signal the call caused, state first, before it returned")
            XCTAssertEqual(picker.selectedRows, [2, 0])
            XCTAssertEqual(try picker.titles(component: 0, first: 1, count: 100), ["banana", "cherry"])
            // Observing a destroyed widget fails; these have seen what they were for.
            bag = DisposeBag()
            try picker.destroy()
        }()
        XCTAssertEqual(Resources.total, resources, "nothing leaks once the client and its widgets are released")
    }

    func testEventHandlersSeeTheNewStateAsUIKitsDelegateDoes() throws {
        let client = try makeClient()
        let picker = try client.createPicker("p", items: [["a", "b", "c"]])
        var seen: [String] = []
        let bag = DisposeBag()
        picker.rx.itemSelected.subscribe(onNext: { selection in
            seen.append("row \(selection.row): selectedRows \(picker.selectedRows), revision \(picker.properties["Revision"]?.description ?? "?")")
        }).disposed(by: bag)
        try picker.selectRow(2, inComponent: 0)
        XCTAssertEqual(seen, ["row 2: selectedRows [2], revision uint64 2"], "inside rx.itemSelected the cached properties already hold the call's state")

        let form = try client.createForm("f", spec: "sign-up")
        var validity: [String] = []
        form.rx.validationChanged.subscribe(onNext: { change in
            validity.append("\(change.field): \(form.validity[change.field]?.reason?.rawValue ?? "none")")
        }).disposed(by: bag)
        try form.setValue(.string("abc"), for: "username")
        XCTAssertEqual(validity, ["username: tooShort"], "inside rx.validationChanged, validity already has the new entry")
    }

    func testAFormsFieldStatesAndDerivedOptionsAreObservables() throws {
        let client = try makeClient()
        let form = try client.createForm("order", spec: ConditionalFormTests.spec)
        var log: [String] = []
        let bag = DisposeBag()
        form.rx.fieldStates.subscribe(onNext: { states in
            let vat = states["vatId"]
            log.append("vatId visible \(vat?.visible == true) enabled \(vat?.enabled == true) required \(vat?.required == true)")
        }).disposed(by: bag)
        form.rx.options(for: "city").subscribe(onNext: { log.append("city \($0)") }).disposed(by: bag)
        form.rx.fieldStateChanged.subscribe(onNext: { log.append("changed \($0.field) enabled \($0.state.enabled)") }).disposed(by: bag)
        try form.setValue(.string("FR"), for: "country")
        try form.setValue(.boolean(true), for: "company")
        XCTAssertEqual(log, ["vatId visible true enabled false required false", "city [\"Berlin\", \"Hamburg\"]",
                             "city [\"Paris\"]",
                             "vatId visible true enabled true required true", "changed vatId enabled true"])
        XCTAssertEqual(form.options(for: "city"), ["Paris"])
        XCTAssertEqual(form.fieldStates["vatId"], RemoteForm.FieldState(visible: true, enabled: true, required: true))
        try form.setValue(.string("x"), for: "email")
        try form.commit("email")
        XCTAssertEqual(form.validity["email"]?.reason, .patternMismatch)
        try form.setValue(.boolean(false), for: "company")
        XCTAssertThrowsError(try form.setValue(.string("FR1"), for: "vatId")) { error in
            XCTAssertEqual((error as? WidgetsClientError)?.name, WidgetsErrorName.notEditable)
        }
    }

    func testADependentPickerFollowsItsFirstComponent() throws {
        let client = try makeClient()
        let picker = try client.createPicker("place", items: [["Germany", "France"]], dependent: [["Germany": ["Berlin", "Hamburg"], "France": ["Paris"]]])
        var models: [[String]] = []
        let bag = DisposeBag()
        picker.rx.modelSelected.subscribe(onNext: { models.append($0.compactMap(\.stringValue)) }).disposed(by: bag)
        try picker.selectRow(1, inComponent: 0)
        XCTAssertEqual(models, [["France", "Paris"]])
        XCTAssertEqual(picker.rowCounts, [2, 1])
        try picker.setDependentItems([["Germany": ["Bonn"], "France": ["Lyon", "Nice"]]])
        XCTAssertEqual(picker.rowCounts, [2, 2])
    }

    func testASearchIsTheWidgetsStateForEveryClient() throws {
        let client = try makeClient()
        let picker = try client.createPicker("search", items: [["apple", "banana", "blueberry", "Blackberry"]], transient: true)
        var counts: [[Int]] = []
        let watch = picker.rx.matchCounts.subscribe(onNext: { counts.append($0) })
        defer { watch.dispose() }
        try picker.setFilter("berry")
        XCTAssertEqual(picker.filter, "berry")
        XCTAssertEqual(picker.matchCounts, [2])
        XCTAssertEqual(counts, [[4], [2]], "the current value, then the change, before setFilter returned")
        let found = try picker.matches(in: 0, first: 0, count: 10)
        XCTAssertEqual(found.map(\.title), ["blueberry", "Blackberry"])
        XCTAssertEqual(found.map(\.row), [2, 3])
        XCTAssertEqual(found[1].places, [0, 6, 7, 8, 9], "B at the word start scores more than b inside it")
        let other = try makeClient()
        XCTAssertEqual(try other.picker("search").matches(in: 0, first: 0, count: 10), found, "another client sees the same list")
        try picker.setFilter("A", SearchSettings(fuzzy: false, caseMode: "sensitive"))
        XCTAssertEqual(picker.matchCounts, [0])
        try picker.setFilter("")
        XCTAssertEqual(try picker.matches(in: 0, first: 1, count: 2).map(\.row), [1, 2], "every row in order again")
    }

    func testAWidgetDestroyedElsewhereFailsItsObservablesOnce() throws {
        let owner = try makeClient()
        let viewer = try makeClient()
        _ = try owner.createPicker("p", items: [["a"]])
        let seen = try viewer.picker("p")
        var errors: [String] = []
        let bag = DisposeBag()
        seen.rx.revision.subscribe(onError: { errors.append(($0 as? WidgetsClientError)?.name ?? "\($0)") }).disposed(by: bag)
        seen.rx.itemSelected.subscribe(onError: { errors.append(($0 as? WidgetsClientError)?.name ?? "\($0)") }).disposed(by: bag)
        try owner.picker("p").destroy()
        _ = MainLoop.shared.run(while: { errors.count < 2 }, timeout: .seconds(5))
        XCTAssertEqual(errors, [WidgetsClientError.widgetDestroyedName, WidgetsClientError.widgetDestroyedName])
    }

    func testSubscriptionsHoldNoWidgetAlive() throws {
        let client = try makeClient()
        var picker: RemotePicker? = try client.createPicker("p", items: [["a"]])
        weak let released = picker
        let subscriptions = [picker!.rx.itemSelected.subscribe(), picker!.rx.selectedRows.subscribe(), picker!.rx.revision.subscribe()]
        picker = nil
        XCTAssertNil(released, "three live subscriptions, and the remote picker is gone once released")
        subscriptions.forEach { $0.dispose() }
        XCTAssertEqual(try client.widgetPaths(), [ObjectPath("\(root)/picker/p")!], "releasing a remote widget does not destroy it")
    }

    func testModelsAreUnwrappedFromTheirVariants() throws {
        let client = try makeClient()
        let picker = try client.createPicker("p", items: [["a", "b"]])
        var models: [[DBusValue]] = []
        let subscription = picker.rx.modelSelected.subscribe(onNext: { models.append($0) })
        try picker.selectRow(1, inComponent: 0)
        XCTAssertEqual(models, [[.string("b")]])
        subscription.dispose()
    }

    func testABlockingCallFromASignalHandler() throws {
        let client = try makeClient()
        let picker = try client.createPicker("p", items: [["a", "b", "c"]])
        var titles: [String] = []
        let subscription = picker.rx.itemSelected.subscribe(onNext: { selection in
            titles.append((try? picker.title(row: selection.row, component: 0)) ?? "failed")
        })
        try picker.selectRow(2, inComponent: 0)
        XCTAssertEqual(titles, ["c"], "a handler may call the daemon and wait: deliveries run outside libdbus's dispatch")
        subscription.dispose()
    }

    func testTwoClientsSeeOneWidget() throws {
        let first = try makeClient()
        let second = try makeClient()
        let picker = try first.createPicker("shared", items: [["x", "y", "z"]])
        let same = try second.picker("shared")
        var seen: [String] = []
        let bag = DisposeBag()
        same.rx.itemSelected.subscribe(onNext: { seen.append("itemSelected \($0.row)") }).disposed(by: bag)
        same.rx.selectedRows.subscribe(onNext: { seen.append("selectedRows \($0)") }).disposed(by: bag)
        try picker.selectRow(2, inComponent: 0)
        _ = try same.title(row: 0, component: 0)
        XCTAssertEqual(seen, ["selectedRows [0]", "selectedRows [2]", "itemSelected 2"], "a selection through one client reaches the other")
        XCTAssertEqual(same.selectedRows, [2])
    }

    func testErrorsCarryTheirDBusNames() throws {
        let client = try makeClient()
        let picker = try client.createPicker("p", items: [["a"]])
        XCTAssertThrowsError(try picker.selectRow(5, inComponent: 0)) { error in
            XCTAssertEqual((error as? WidgetsClientError)?.name, errorPrefix + "OutOfRange")
            XCTAssertEqual((error as? WidgetsClientError)?.message, "row 5 is out of range; expected 0…0")
        }
        XCTAssertThrowsError(try client.picker("no spaces")) { XCTAssertEqual(($0 as? WidgetsClientError)?.name, errorPrefix + "InvalidName") }
        XCTAssertThrowsError(try client.picker("missing")) { XCTAssertEqual(($0 as? WidgetsClientError)?.name, DBusError.Name.unknownObject) }
        XCTAssertThrowsError(try picker.done()) { XCTAssertEqual(($0 as? WidgetsClientError)?.name, DBusError.Name.notSupported) }
        var failed: WidgetsClientError?
        let subscription = picker.rx.selectRow(9, inComponent: 0).subscribe(onError: { failed = $0 as? WidgetsClientError })
        MainLoop.shared.run(while: { failed == nil }, timeout: .seconds(5))
        XCTAssertEqual(failed?.name, errorPrefix + "OutOfRange", "the non-blocking form fails the same way")
        subscription.dispose()
    }

    func testNoBusAddressIsAClearError() throws {
        let names: [String] = ["DBUS_STARTER_ADDRESS", "DBUS_SESSION_BUS_ADDRESS"]
        let saved = names.map { (name: String) -> (String, String?) in (name, getenv(name).map { String(cString: $0) }) }
        defer {
            for (name, value) in saved {
                if let value { setenv(name, value, 1) } else { unsetenv(name) }
            }
        }
        unsetenv("DBUS_STARTER_ADDRESS")
        unsetenv("DBUS_SESSION_BUS_ADDRESS")
        XCTAssertThrowsError(try WidgetsClient()) { error in
            XCTAssertEqual((error as? WidgetsClientError)?.name, WidgetsClientError.noBusName)
            XCTAssertTrue((error as? WidgetsClientError)?.message.contains("DBUS_SESSION_BUS_ADDRESS") == true)
        }
        setenv("DBUS_SESSION_BUS_ADDRESS", bus.address, 1)
        XCTAssertNoThrow(try WidgetsClient().widgetPaths())
    }

    func testPopupPickerTableAndForm() throws {
        let client = try makeClient()
        let popup = try client.createPicker("sheet", items: [["red", "green", "blue"]], popup: true, transient: true)
        var events: [String] = []
        let bag = DisposeBag()
        popup.rx.selectedItem.subscribe(onNext: { events.append("selectedItem \($0.index) \($0.title)") }).disposed(by: bag)
        popup.rx.closed.subscribe(onNext: { events.append("closed") }).disposed(by: bag)
        try popup.show()
        XCTAssertTrue(popup.isVisible)
        try popup.selectRow(1, inComponent: 0)
        try popup.done()
        try popup.show()
        try popup.cancel()
        XCTAssertEqual(events, ["selectedItem 1 green", "closed"])
        try popup.show()
        try popup.hide()
        XCTAssertFalse(popup.isVisible)

        let table = try client.createTable("t", items: ["a", "b"], transient: true)
        var selected: [IndexPath] = []
        table.rx.itemSelected.subscribe(onNext: { selected.append($0) }).disposed(by: bag)
        try table.setAllowsMultipleSelection(true)
        try table.selectRow(at: IndexPath(row: 1, section: 0))
        try table.selectRow(at: IndexPath(row: 0, section: 0))
        XCTAssertEqual(selected, [IndexPath(row: 1, section: 0), IndexPath(row: 0, section: 0)])
        XCTAssertEqual(table.indexPathsForSelectedRows, [IndexPath(row: 1, section: 0), IndexPath(row: 0, section: 0)], "a property set through the client")
        XCTAssertEqual(try table.cells(section: 0, first: 0, count: 50).map(\.text), ["a", "b"])
        var highlights: [String] = []
        table.rx.itemHighlighted.subscribe(onNext: { highlights.append("on \($0.row)") }).disposed(by: bag)
        table.rx.itemUnhighlighted.subscribe(onNext: { highlights.append("off \($0.row)") }).disposed(by: bag)
        try table.highlightRow(at: IndexPath(row: 0, section: 0))
        try table.highlightRow(at: IndexPath(row: 1, section: 0))
        try table.unhighlightRow(at: IndexPath(row: 1, section: 0))
        XCTAssertEqual(highlights, ["on 0", "off 0", "on 1", "off 1"], "each call's signals before it returns")

        let form = try client.createForm("me", spec: "sign-up", transient: true)
        XCTAssertEqual(form.layout.map(\.name), ["username", "password", "repeatPassword"])
        XCTAssertEqual(form.layout[1].secret, true)
        var validations: [String] = []
        var enabled: [Bool] = []
        form.rx.validationChanged.subscribe(onNext: { validations.append("\($0.field) \($0.reason)") }).disposed(by: bag)
        form.rx.submitEnabled.subscribe(onNext: { enabled.append($0) }).disposed(by: bag)
        try form.setValue(.string("abc"), for: "username")
        XCTAssertEqual(validations, ["username tooShort"])
        try form.setValue(.string("alice"), for: "username")
        try form.setValue(.string("hunter2"), for: "password")
        try form.setValue(.string("hunter2"), for: "repeatPassword")
        XCTAssertEqual(enabled, [false, true])
        XCTAssertEqual(try form.submit(), ["username": .string("alice"), "password": .string("hunter2"), "repeatPassword": .string("hunter2")])
    }

    func testWithAReturnWaitObservablesOutliveARestart() throws {
        let client = try makeClient()
        client.daemonReturnWait = 10_000_000_000
        let picker = try client.createPicker("kept", items: [["a", "b", "c"]])
        let bag = DisposeBag()
        var served: [Bool] = []
        var selected: [Int] = []
        var failure: Error?
        picker.rx.served.subscribe(onNext: { served.append($0) }).disposed(by: bag)
        picker.rx.itemSelected.subscribe(onNext: { selected.append($0.row) }, onError: { failure = $0 }).disposed(by: bag)
        XCTAssertEqual(daemon.stop(), 0)
        XCTAssertTrue(MainLoop.shared.run(while: { served.count < 2 }, timeout: .seconds(5)), "\(served)")
        XCTAssertFalse(picker.isServed)
        daemon = try Daemon(bus: bus, arguments: daemonArguments)
        XCTAssertTrue(waitForName(busName, on: client.connection), daemon.log)
        _ = MainLoop.shared.run(while: { true }, timeout: .milliseconds(200))
        XCTAssertFalse(picker.isServed, "a daemon without the picker does not serve it, asked for 200 ms")
        // Without a state directory the returned daemon has no widgets: the program makes it again.
        _ = try client.createPicker("kept", items: [["a", "b", "c"]])
        XCTAssertTrue(MainLoop.shared.run(while: { served.count < 3 }, timeout: .seconds(10)), daemon.log)
        XCTAssertEqual(served, [true, false, true], "served, away, served by the daemon that came back")
        try picker.selectRow(2, inComponent: 0)
        XCTAssertEqual(selected, [2], "the subscription made before the restart goes on")
        XCTAssertNil(failure)
    }

    func testWithAReturnWaitObservablesFailWhenNoDaemonCameBack() throws {
        let client = try makeClient()
        client.daemonReturnWait = 300_000_000
        let picker = try client.createPicker("kept", items: [["a"]])
        let bag = DisposeBag()
        var failure: WidgetsClientError?
        picker.rx.itemSelected.subscribe(onError: { failure = $0 as? WidgetsClientError }).disposed(by: bag)
        XCTAssertEqual(daemon.stop(), 0)
        daemon = nil
        _ = MainLoop.shared.run(while: { true }, timeout: .milliseconds(100))
        XCTAssertNil(failure, "it waits for a daemon to come back")
        XCTAssertFalse(picker.isServed)
        MainLoop.shared.run(while: { failure == nil }, timeout: .seconds(5))
        XCTAssertEqual(failure?.name, WidgetsClientError.daemonGoneName, "none came back in time")
    }

    func testTheDaemonLeavingFailsObservablesAndAReturnReattaches() throws {
        let client = try makeClient()
        let picker = try client.createPicker("kept", items: [["a", "b"]])
        var failure: WidgetsClientError?
        let subscription = picker.rx.itemSelected.subscribe(onError: { failure = $0 as? WidgetsClientError })
        XCTAssertEqual(daemon.stop(), 0)
        MainLoop.shared.run(while: { failure == nil }, timeout: .seconds(5))
        XCTAssertEqual(failure?.name, WidgetsClientError.daemonGoneName)
        subscription.dispose()
        daemon = try Daemon(bus: bus, arguments: daemonArguments)
        XCTAssertTrue(waitForName(busName, on: client.connection), daemon.log)
        _ = try client.createPicker("kept", items: [["a", "b", "c"]])
        var rows: [[Int]] = []
        try picker.selectRow(2, inComponent: 0)
        let live = picker.rx.rowCounts.subscribe(onNext: { rows.append($0) })
        XCTAssertEqual(rows, [[3]], "the widget the returned daemon serves at that path")
        XCTAssertEqual(picker.selectedRows, [2])
        live.dispose()
    }
}
