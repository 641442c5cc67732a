import BusTestSupport
import DBus
import Foundation
import Glibc
import RxCoreEssentials
import RxWidgetsClient
import WidgetsAPI
import XCTest

/// Remote validators and options providers on the bus: a client serves
/// one, the daemon asks it without waiting; hostile and absent validators
/// leave every other client served.
final class RemoteValidatorTests: DaemonTestCase {
    private let nobody = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]

    /// A validator on a connection of its own whose answers the test decides.
    private final class Validator {
        let connection: Connection
        let server: ObjectServer
        let path = ObjectPath("/test/validator")!
        var asked: [String] = []
        /// Given the value, the reply's arguments or an error; nil keeps the daemon waiting.
        var answer: (String) -> Result<[DBusValue], DBusError>? = { _ in .success([.boolean(true), .string("")]) }
        var waiting: [(Result<[DBusValue], DBusError>) -> Void] = []

        /// With `answersWithAString`, Validate is declared `→ s`: a reply of the wrong type.
        init(address: String, answersWithAString: Bool = false) throws {
            connection = try Connection(bus: .address(address))
            server = ObjectServer(connection: connection)
            let method: MethodDeclaration<Validator>
            if answersWithAString {
                method = MethodContract("Validate", in: ValidatorContract.validate.inputs, out: Parameters(("valid", String.self)), "").serveLater { validator, arguments, _, reply in
                    validator.handle(arguments.2.value.stringValue ?? "") { result in reply(result.map { $0.first?.stringValue ?? "" }.mapError { $0 }) }
                }
            } else {
                method = ValidatorContract.validate.serveLater { validator, arguments, _, reply in
                    validator.handle(arguments.2.value.stringValue ?? "") { result in
                        reply(result.map { values in (values.first == .boolean(true), values.last?.stringValue ?? "") }.mapError { $0 })
                    }
                }
            }
            let declaration = InterfaceDeclaration<Validator>(ValidatorContract.name, methods: [method])
            try server.export(path, interfaces: [declaration.bind(to: self)])
        }

        func handle(_ value: String, _ respond: @escaping (Result<[DBusValue], DBusError>) -> Void) {
            asked.append(value)
            if let result = answer(value) {
                respond(result)
            } else {
                waiting.append(respond)
            }
        }
    }

    private func attach(_ validator: Validator, to form: String, name: String = "usernameAvailable") throws {
        _ = try validator.connection.callAndWait(destination: busName, path: form, interface: formInterface, member: "AttachValidator", [.string(name), .objectPath(validator.path)])
    }

    private func validity(_ form: String, _ field: String) throws -> DBusValue? {
        try property(form, formInterface, "Validity")?.dictionaryEntries?.first { $0.key == .string(field) }?.value
    }

    private func reason(_ form: String, _ field: String) -> String? {
        guard case .structure(let parts)? = try? validity(form, field) else { return nil }
        return parts[1].stringValue
    }

    func testGitHubSignupFromEmptyThroughPendingToValidAndToTaken() throws {
        let client = try WidgetsClient(address: bus.address)
        let form = try client.createForm("signup", spec: "github-signup")
        let taken: Set<String> = ["octocat"]
        let serving = try client.serveValidator("usernameAvailable", on: form) { field, value in
            .just(taken.contains(value.stringValue ?? "") ? .invalid("") : .valid)
        }
        defer { serving.dispose() }
        let path = form.path.rawValue
        _ = takeEvents()
        try call(path, formInterface, "SetValue", [.string("username"), .variant(.string("alice"))])
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Form Values,Validity,Revision", "ValueChanged('username', <'alice'>)",
                                      "ValidationChanged('username', false, 'pending', 'Checking availability…')", "reply"])
        XCTAssertTrue(waitUntil(timeout: 5) { self.events.count >= 2 }, "the answer comes on its own")
        XCTAssertEqual(takeEvents(), ["PropertiesChanged Form Validity,Revision", "ValidationChanged('username', true, '', '')"], "state first, then the event")
        XCTAssertEqual(try property(path, formInterface, "Revision"), .uint64(3))
        try call(path, formInterface, "SetValue", [.string("username"), .variant(.string("octocat"))])
        XCTAssertTrue(waitUntil(timeout: 5) { self.reason(path, "username") == "remote" })
        XCTAssertEqual(try validity(path, "username"), .structure([.boolean(false), .string("remote"), .string("This username is taken.")]))
        try form.setValue(.string("alice"), for: "username")
        XCTAssertEqual(error(path, formInterface, "Submit")?.message.contains("username (pending: Checking availability…)"), true, "Submit while pending names the field")
    }

    func testOnlyTheDaemonMayAskAServedValidator() throws {
        let client = try WidgetsClient(address: bus.address)
        let form = try client.createForm("signup", spec: "github-signup")
        var asked = 0
        let serving = try client.serveValidator("usernameAvailable", on: form) { _, _ in
            asked += 1
            return .just(.valid)
        }
        defer { serving.dispose() }
        let other = try Connection(bus: .address(bus.address))
        defer { other.close() }
        var refusal: DBusError?
        do {
            _ = try other.callAndWait(destination: client.connection.uniqueName, path: "/org/rxwidgets/Client/validator/usernameAvailable_1", interface: ValidatorContract.name,
                                      member: "Validate", [.string(form.path.rawValue), .string("username"), .variant(.string("x")), .uint64(1)])
        } catch let error as DBusError {
            refusal = error
        }
        XCTAssertEqual(refusal?.name, DBusError.Name.accessDenied, "answered once, with the refusal: \(String(describing: refusal))")
        XCTAssertEqual(asked, 0)
    }

    func testWithoutAValidatorTheFieldEndsUnavailableAfterItsTimeout() throws {
        let spec = #"{"fields": [{"name": "username", "kind": "text", "rules": {"remote": "usernameAvailable", "debounce": 0, "timeout": 300}}]}"#
        try call(root, managerInterface, "CreateForm", [.string("f"), .string(spec), options([])])
        let path = "\(root)/form/f"
        try call(path, formInterface, "SetValue", [.string("username"), .variant(.string("alice"))])
        XCTAssertEqual(reason(path, "username"), "pending")
        XCTAssertTrue(waitUntil(timeout: 5) { self.reason(path, "username") == "unavailable" }, "no validator: unavailable once the timeout passed")
        let validator = try Validator(address: bus.address)
        try attach(validator, to: path)
        XCTAssertTrue(waitUntil(timeout: 5) { self.reason(path, "username") == "" }, "attaching asks again")
        XCTAssertEqual(validator.asked, ["alice"])
    }

    func testHostileAndVanishingValidatorsMakeTheFieldUnavailableAndNothingElse() throws {
        let spec = #"{"fields": [{"name": "username", "kind": "text", "rules": {"remote": "usernameAvailable", "debounce": 0, "timeout": 2000}}]}"#
        try call(root, managerInterface, "CreateForm", [.string("f"), .string(spec), options([])])
        let path = "\(root)/form/f"
        let cases: [(String, (String) -> Result<[DBusValue], DBusError>?)] = [
            ("a 100,000-character message", { _ in .success([.boolean(false), .string(String(repeating: "x", count: 100_000))]) }),
            ("an error", { _ in .failure(DBusError.failed("boom")) }),
        ]
        for (index, (what, answer)) in cases.enumerated() {
            let validator = try Validator(address: bus.address)
            validator.answer = answer
            try attach(validator, to: path)
            try call(path, formInterface, "SetValue", [.string("username"), .variant(.string("value\(index)"))])
            XCTAssertTrue(waitUntil(timeout: 5) { self.reason(path, "username") == "unavailable" }, "\(what): unavailable, got \(self.reason(path, "username") ?? "?")")
            validator.connection.close()
        }
        let garbage = try Validator(address: bus.address, answersWithAString: true)
        garbage.answer = { _ in .success([.string("yes")]) }
        try attach(garbage, to: path)
        try call(path, formInterface, "SetValue", [.string("username"), .variant(.string("garbage"))])
        XCTAssertTrue(waitUntil(timeout: 5) { self.reason(path, "username") == "unavailable" }, "a reply of the wrong type")

        // A form whose checks may take a minute: unavailable within seconds
        // can only be the validator's leaving, not the timeout.
        let patient = #"{"fields": [{"name": "username", "kind": "text", "rules": {"remote": "usernameAvailable", "debounce": 0, "timeout": 60000}}]}"#
        try call(root, managerInterface, "CreateForm", [.string("patient"), .string(patient), options([])])
        let leaving = try Validator(address: bus.address)
        leaving.answer = { _ in nil }
        try attach(leaving, to: "\(root)/form/patient")
        try call("\(root)/form/patient", formInterface, "SetValue", [.string("username"), .variant(.string("leaving"))])
        XCTAssertTrue(waitUntil(timeout: 5) { leaving.asked.last == "leaving" })
        leaving.connection.close()
        XCTAssertTrue(waitUntil(timeout: 5) { self.reason("\(root)/form/patient", "username") == "unavailable" },
                      "a validator leaving the bus mid-check is unavailable at once, not after the minute's timeout")

        let late = try Validator(address: bus.address)
        late.answer = { _ in nil }
        try attach(late, to: path)
        try call(path, formInterface, "SetValue", [.string("username"), .variant(.string("first"))])
        XCTAssertTrue(waitUntil(timeout: 5) { late.asked.last == "first" })
        late.answer = { _ in .success([.boolean(false), .string("second is taken")]) }
        try call(path, formInterface, "SetValue", [.string("username"), .variant(.string("second"))])
        XCTAssertTrue(waitUntil(timeout: 5) { self.reason(path, "username") == "remote" })
        late.waiting.first?(.success([.boolean(true), .string("")]))
        XCTAssertFalse(waitUntil(timeout: 0.5) { self.reason(path, "username") != "remote" }, "the answer for the older value is ignored")
        XCTAssertNoThrow(try client.callAndWait(destination: busName, path: root, interface: "org.freedesktop.DBus.Peer", member: "Ping", timeoutMilliseconds: 2_000))
    }

    func testFiftySlowValidatorsLeaveOtherClientsServed() throws {
        var validators: [Validator] = []
        for index in 0..<50 {
            let spec = #"{"fields": [{"name": "username", "kind": "text", "rules": {"remote": "usernameAvailable", "debounce": 0, "timeout": 10000}}]}"#
            try call(root, managerInterface, "CreateForm", [.string("f\(index)"), .string(spec), options([])])
            let validator = try Validator(address: bus.address)
            validator.answer = { _ in nil }
            try attach(validator, to: "\(root)/form/f\(index)")
            validators.append(validator)
        }
        for index in 0..<50 {
            try call("\(root)/form/f\(index)", formInterface, "SetValue", [.string("username"), .variant(.string("slow"))])
        }
        XCTAssertTrue(waitUntil(timeout: 10) { validators.allSatisfy { $0.asked.last == "slow" } }, "every validator was asked: \(validators.filter { $0.asked.last == "slow" }.count); log:\n\(daemon.log.suffix(3_000))")
        let other = try Connection(bus: .address(bus.address))
        defer { other.close() }
        // No validator answers within the checks' 10 s: a call answered in
        // its 2 s waited for none of the 50 questions in flight.
        for _ in 0..<5 {
            _ = try other.callAndWait(destination: busName, path: "\(root)/form/f0", interface: "org.freedesktop.DBus.Properties", member: "GetAll", [.string(formInterface)], timeoutMilliseconds: 2_000)
        }
        XCTAssertEqual(reason("\(root)/form/f49", "username"), "pending", "and every question is still in flight")
        validators.forEach { $0.connection.close() }
    }

    func testAttachingIsTheOwnersAndNamesAValidatorTheSpecUses() throws {
        try call(root, managerInterface, "CreateForm", [.string("f"), .string("github-signup"), options([])])
        let path = "\(root)/form/f"
        XCTAssertEqual(error(path, formInterface, "AttachValidator", [.string("cities"), .objectPath(ObjectPath("/x")!)]),
                       DBusError.invalidArgs("name: no field of form 'f' uses a validator named 'cities'; it uses usernameAvailable"))
        XCTAssertEqual(error(path, formInterface, "AttachOptionsProvider", [.string("usernameAvailable"), .objectPath(ObjectPath("/x")!)])?.name, DBusError.Name.invalidArgs)
        if getuid() == 0 {
            let script = """
            import dbus
            bus = dbus.bus.BusConnection("\(bus.address)")
            form = bus.get_object("\(busName)", "\(path)")
            try:
                form.get_dbus_method("AttachValidator", "\(formInterface)")("usernameAvailable", dbus.ObjectPath("/x"))
            except dbus.exceptions.DBusException as error:
                print(error.get_dbus_name())
            """
            let other = try runCommand(nobody[0], Array(nobody.dropFirst()) + ["/usr/bin/python3", "-c", script])
            XCTAssertEqual(other.output, "org.freedesktop.DBus.Error.AccessDenied\n", other.error)
        }
    }

    func testAProvidedChoiceTakesItsOptionsFromAClient() throws {
        let spec = #"{"fields": [{"name": "country", "kind": "text", "initial": "DE"}, {"name": "city", "kind": "choice", "optionsFrom": {"provider": "cities", "fields": ["country"]}}]}"#
        let client = try WidgetsClient(address: bus.address)
        let form = try client.createForm("shop", spec: spec)
        XCTAssertEqual(form.options(for: "city"), [])
        let serving = try client.serveOptionsProvider("cities", on: form) { _, values in
            .just(values["country"]?.stringValue == "DE" ? ["Berlin", "Hamburg"] : ["Paris"])
        }
        defer { serving.dispose() }
        XCTAssertTrue(waitUntil(timeout: 5) { form.options(for: "city") == ["Berlin", "Hamburg"] }, "asked at once when attached")
        _ = takeEvents()
        try form.setValue(.string("Hamburg"), for: "city")
        try form.setValue(.string("FR"), for: "country")
        XCTAssertTrue(waitUntil(timeout: 5) { form.options(for: "city") == ["Paris"] })
        XCTAssertTrue(takeEvents().contains("OptionsChanged('city', ['Paris'])"))
        XCTAssertEqual(form.values["city"], .string("notSelected"), "a value the new options do not hold")
    }
}
