import BusTestSupport
import DBus
import Foundation
import RxWidgetsClient
import XCTest

/// Conditions, derived options, cross-field bounds and Commit on the bus:
/// the exact signals, their order, the errors, and state across a restart.
final class ConditionalFormTests: DaemonTestCase {
    private let path = "\(root)/form/order"

    static let spec = """
    {"fields": [
      {"name": "country", "kind": "choice", "options": ["DE", "FR"], "initial": "DE"},
      {"name": "city", "kind": "choice", "initial": "Berlin", "rules": {"required": true},
       "optionsFrom": {"field": "country", "map": {"DE": ["Berlin", "Hamburg"], "FR": ["Paris"]}}},
      {"name": "company", "kind": "switch"},
      {"name": "vatId", "kind": "text", "requiredWhen": {"field": "company", "equals": true},
       "enabledWhen": {"field": "company", "equals": true}, "visibleWhen": {"field": "country", "in": ["DE", "FR"]}},
      {"name": "email", "kind": "text", "updateOn": "blur", "rules": {"pattern": "[^@]+@[^@]+"}}
    ]}
    """

    private func states() throws -> [String: DBusValue] {
        Dictionary(try XCTUnwrap(property(path, formInterface, "FieldStates")?.dictionaryEntries).map { ($0.key.stringValue ?? "", $0.value) }, uniquingKeysWith: { $1 })
    }

    private func layoutOptions(_ field: String) throws -> DBusValue? {
        guard case .array(_, let entries)? = try property(path, formInterface, "Layout") else { return nil }
        for case .structure(let parts) in entries where parts.first == .string(field) {
            return parts.last?.dictionaryEntries?.first { $0.key == .string("options") }?.value.variantValue
        }
        return nil
    }

    func testStateFirstThenOptionsValuesValidityAndFieldStates() throws {
        try call(root, managerInterface, "CreateForm", [.string("order"), .string(Self.spec), options([])])
        XCTAssertEqual(try states()["vatId"], .structure([.boolean(true), .boolean(false), .boolean(false)]))
        _ = takeEvents()

        try call(path, formInterface, "SetValue", [.string("country"), .variant(.string("FR"))])
        XCTAssertEqual(takeEvents(), [
            "PropertiesChanged Form Layout,Values,Validity,Valid,SubmitEnabled,Revision",
            "OptionsChanged('city', ['Paris'])",
            "ValueChanged('country', <'FR'>)",
            "ValueChanged('city', <'notSelected'>)",
            "ValidationChanged('city', false, 'valueMissing', 'Please select one of the options.')",
            "reply",
        ])
        XCTAssertEqual(try layoutOptions("city"), .array(element: .string, [.string("Paris")]))

        try call(path, formInterface, "SetValue", [.string("company"), .variant(.boolean(true))])
        XCTAssertEqual(takeEvents(), [
            "PropertiesChanged Form Layout,Values,Validity,FieldStates,Revision",
            "ValueChanged('company', <true>)",
            "ValidationChanged('vatId', false, 'valueMissing', 'Please fill in this field.')",
            "FieldStateChanged('vatId', true, true, true)",
            "reply",
        ])
        try call(path, formInterface, "SetValue", [.string("company"), .variant(.boolean(false))])
        _ = takeEvents()
        XCTAssertEqual(error(path, formInterface, "SetValue", [.string("vatId"), .variant(.string("FR1"))]),
                       DBusError(name: errorPrefix + "NotEditable", message: "field \"vatId\" is disabled: its enabledWhen condition does not hold"))
        XCTAssertEqual(error(path, formInterface, "SetValue", [.string("city"), .variant(.string("Berlin"))])?.name, DBusError.Name.invalidArgs)
        XCTAssertEqual(takeEvents(), ["error NotEditable", "error org.freedesktop.DBus.Error.InvalidArgs"], "refused calls emit nothing")

        try call(path, formInterface, "SetValue", [.string("email"), .variant(.string("nope"))])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Form Values,Revision", "ValueChanged('email', <'nope'>)", "reply"], "blur: not judged yet")
        try call(path, formInterface, "Commit", [.string("email")])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Form Validity,Revision",
                                      "ValidationChanged('email', false, 'patternMismatch', 'Please match the requested format.')", "reply"])
        try call(path, formInterface, "Commit", [.string("email")])
        XCTAssertEqual(takeEvents(), ["reply"], "committing again changes nothing")
        XCTAssertEqual(error(path, formInterface, "Commit", [.string("nobody")])?.name, errorPrefix + "UnknownField")
    }

    func testAHostileSpecIsRefusedWithItsPath() throws {
        let cycle = #"{"fields": [{"name": "a", "kind": "switch", "visibleWhen": {"field": "b", "equals": true}}, {"name": "b", "kind": "switch", "enabledWhen": {"field": "a", "valid": true}}]}"#
        XCTAssertEqual(error(root, managerInterface, "CreateForm", [.string("x"), .string(cycle), options([])]),
                       DBusError(name: errorPrefix + "InvalidSpec", message: "$.fields[1]: the fields depend on themselves: a → b → a (through conditions, optionsFrom or field bounds)"))
        let wide = "{\"any\": [" + Array(repeating: "{\"field\": \"a\", \"equals\": true}", count: 5_000).joined(separator: ",") + "]}"
        XCTAssertEqual(error(root, managerInterface, "CreateForm", [.string("x"), .string("{\"fields\": [{\"name\": \"a\", \"kind\": \"switch\"}, {\"name\": \"b\", \"kind\": \"switch\", \"visibleWhen\": \(wide)}]}"), options([])])?.name,
                       errorPrefix + "LimitExceeded")
        XCTAssertEqual(try property(root, managerInterface, "Widgets"), .array(element: .objectPath, []))
    }
}

/// A private bus and a daemon keeping state there, to be restarted.
final class RestartingDaemon {
    let bus: PrivateBus
    let watcher: Connection
    private let state: String
    private(set) var daemon: Daemon

    init() throws {
        bus = try PrivateBus()
        state = bus.directory.appendingPathComponent("state").path
        watcher = try Connection(bus: .address(bus.address))
        daemon = try Daemon(bus: bus, arguments: ["--state-dir", state])
        XCTAssertTrue(waitForName(busName, on: watcher), "the daemon took its name")
    }

    /// SIGTERM (exit 0), then a new daemon on the same state.
    func restart() throws {
        XCTAssertEqual(daemon.stop(), 0, daemon.log)
        daemon = try Daemon(bus: bus, arguments: ["--state-dir", state])
        XCTAssertTrue(waitForName(busName, on: watcher), "the new daemon took its name")
    }

    func stop() {
        XCTAssertEqual(daemon.stop(), 0, daemon.log)
        watcher.close()
        bus.stop()
    }
}

/// Derived options, disabled fields and the application's errors survive a restart.
final class ConditionalFormStateTests: XCTestCase {
    func testAProvidersChoiceKeepsItsValueAcrossARestart() throws {
        let run = try RestartingDaemon()
        defer { run.stop() }
        let bus = run.bus
        let spec = #"{"fields": [{"name": "country", "kind": "text", "initial": "FR"}, {"name": "city", "kind": "choice", "optionsFrom": {"provider": "cities", "fields": ["country"]}}]}"#
        do {
            let client = try WidgetsClient(address: bus.address)
            let form = try client.createForm("shop", spec: spec)
            let serving = try client.serveOptionsProvider("cities", on: form) { _, _ in .just(["Paris", "Lyon"]) }
            XCTAssertTrue(waitUntil(timeout: 5) { form.options(for: "city") == ["Paris", "Lyon"] })
            try form.setValue(.string("Lyon"), for: "city")
            serving.dispose()
        }
        try run.restart()
        let restored = try WidgetsClient(address: bus.address).form("shop")
        XCTAssertEqual(restored.values["city"], .string("Lyon"), "kept until the provider answers again; log:\n\(run.daemon.log)")
        XCTAssertFalse(run.daemon.log.contains("cannot be restored"), run.daemon.log)
    }

    func testARemoteCheckIsAskedAgainAfterARestart() throws {
        let run = try RestartingDaemon()
        defer { run.stop() }
        let bus = run.bus
        var client: WidgetsClient? = try WidgetsClient(address: bus.address)
        let spec = #"{"fields": [{"name": "username", "kind": "text", "rules": {"remote": "usernameAvailable", "debounce": 0, "timeout": 60000}}]}"#
        let form = try XCTUnwrap(client).createForm("signup", spec: spec)
        try form.setValue(.string("alice"), for: "username")
        XCTAssertEqual(form.validity["username"]?.reason, .pending, "no validator yet")
        client = nil
        try run.restart()
        let again = try WidgetsClient(address: bus.address)
        let restored = try again.form("signup")
        XCTAssertEqual(restored.values["username"], .string("alice"))
        XCTAssertEqual(restored.validity["username"]?.reason, .pending, "the check starts again with the restored value")
        var asked: [String] = []
        let serving = try again.serveValidator("usernameAvailable", on: restored) { _, value in
            asked.append(value.stringValue ?? "")
            return .just(.valid)
        }
        defer { serving.dispose() }
        XCTAssertTrue(waitUntil(timeout: 5) { restored.validity["username"]?.valid == true }, "log:\n\(run.daemon.log)")
        XCTAssertEqual(asked, ["alice"])
    }

    func testAFormsDynamicStateSurvivesARestart() throws {
        let run = try RestartingDaemon()
        defer { run.stop() }
        let client = run.watcher
        let path = "\(root)/form/order"
        func call(_ member: String, _ arguments: [DBusValue], on object: String = "\(root)/form/order", _ interface: String = formInterface) throws {
            _ = try client.callAndWait(destination: busName, path: object, interface: interface, member: member, arguments)
        }
        func everything() throws -> String {
            try client.callAndWait(destination: busName, path: path, interface: "org.freedesktop.DBus.Properties", member: "GetAll", [.string(formInterface)]).description
        }
        try call("CreateForm", [.string("order"), .string(ConditionalFormTests.spec), .dictionary(key: .string, value: .variant, [])], on: root, managerInterface)
        try call("SetValues", [.dictionary(key: .string, value: .variant, [(.string("country"), .variant(.string("FR"))), (.string("city"), .variant(.string("Paris")))]), .uint64(0)])
        try call("SetErrors", [.dictionary(key: .string, value: .string, [(.string("city"), .string("we do not deliver there"))])])
        let before = try everything()
        XCTAssertTrue(before.contains("we do not deliver there"), before)
        try run.restart()
        XCTAssertEqual(try everything(), before, "options, field states, server errors and Revision as they were; log:\n\(run.daemon.log)")
    }
}
