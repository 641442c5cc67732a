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

    /// An options provider on a connection of its own whose answers the test decides.
    private final class Provider {
        let connection: Connection
        let server: ObjectServer
        let path = ObjectPath("/test/provider")!
        var asked = 0
        /// The options or an error; nil keeps the daemon waiting.
        var answer: () -> Result<[String], DBusError>? = { .success(["Munich"]) }
        var waiting: [(Result<[String], Error>) -> Void] = []

        /// With `answersWithANumber`, OptionsFor is declared `→ i`: a reply of the wrong type.
        init(address: String, answersWithANumber: Bool = false) throws {
            connection = try Connection(bus: .address(address))
            server = ObjectServer(connection: connection)
            let method: MethodDeclaration<Provider>
            if answersWithANumber {
                method = MethodContract("OptionsFor", in: OptionsProviderContract.optionsFor.inputs, out: Parameters(("options", Int32.self)), "").serveLater { provider, _, _, reply in
                    provider.asked += 1
                    reply(.success(7))
                }
            } else {
                method = OptionsProviderContract.optionsFor.serveLater { provider, _, _, reply in
                    provider.asked += 1
                    if let result = provider.answer() {
                        reply(result.mapError { $0 })
                    } else {
                        provider.waiting.append(reply)
                    }
                }
            }
            let declaration = InterfaceDeclaration<Provider>(OptionsProviderContract.name, methods: [method])
            try server.export(path, interfaces: [declaration.bind(to: self)])
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
            // Attaching asks again about the value the field has: its answer first.
            XCTAssertTrue(waitUntil(timeout: 5) { !validator.asked.isEmpty && self.reason(path, "username") == "unavailable" }, "\(what): the attachment's question answered")
            MainLoop.shared.run(while: { true }, timeout: .milliseconds(200))
            guard case .uint64(let revision)? = try property(path, formInterface, "Revision") else { return XCTFail("no Revision") }
            try call(path, formInterface, "SetValue", [.string("username"), .variant(.string("value\(index)"))])
            XCTAssertTrue(waitUntil(timeout: 5) { self.reason(path, "username") == "unavailable" }, "\(what): unavailable, got \(self.reason(path, "username") ?? "?")")
            XCTAssertEqual(try property(path, formInterface, "Revision"), .uint64(revision + 2), "\(what): the value's change and the answer's, nothing more")
            XCTAssertEqual(try property(path, formInterface, "Values")?.dictionaryEntries?.first { $0.key == .string("username") }?.value, .variant(.string("value\(index)")),
                           "\(what): the value as set")
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

    /// An options provider's wrong answers — duplicate options, a
    /// `notSelected` option, a 100,000-character option, a reply of the
    /// wrong type, an error, an answer after the 5 s it has — change
    /// nothing: the choice keeps its options, the form its values and its
    /// `Revision` (no answer within 5 s "leaves them as they are"), and the
    /// daemon answers. A good answer then does change them.
    func testWrongAnswersFromAnOptionsProviderChangeNothing() throws {
        let spec = #"{"fields": [{"name": "country", "kind": "text", "initial": "DE"}, {"name": "city", "kind": "choice", "options": ["Berlin", "Hamburg"], "initial": "Hamburg", "optionsFrom": {"provider": "cities", "fields": ["country"]}}]}"#
        try call(root, managerInterface, "CreateForm", [.string("shop"), .string(spec), options([])])
        let path = "\(root)/form/shop"
        func cityOptions() throws -> [String] {
            for case .structure(let parts) in try property(path, formInterface, "Layout")?.arrayElements ?? [] where parts.first == .string("city") {
                let options = parts[2].dictionaryEntries?.first { $0.key == .string("options") }?.value.variantValue
                return (options?.arrayElements ?? []).compactMap(\.stringValue)
            }
            return []
        }
        func refusals() -> Int {
            daemon.log.components(separatedBy: "options provider 'cities' gave no usable answer for field 'city'").count - 1
        }
        let options = try cityOptions()
        let values = try property(path, formInterface, "Values")
        let revision = try property(path, formInterface, "Revision")
        XCTAssertEqual(options, ["Berlin", "Hamburg"])
        let cases: [(String, () -> Result<[String], DBusError>?)] = [
            ("duplicate options", { .success(["Munich", "Munich"]) }),
            ("a notSelected option", { .success(["Munich", "notSelected"]) }),
            ("a 100,000-character option", { .success(["Munich", String(repeating: "x", count: 100_000)]) }),
            ("an error", { .failure(DBusError.failed("boom")) }),
        ]
        for (index, (what, answer)) in cases.enumerated() {
            let provider = try Provider(address: bus.address)
            provider.answer = answer
            _ = takeEvents()
            _ = try provider.connection.callAndWait(destination: busName, path: path, interface: formInterface, member: "AttachOptionsProvider", [.string("cities"), .objectPath(provider.path)])
            XCTAssertTrue(waitUntil(timeout: 10) { refusals() == index + 1 }, "\(what): refused; log:\n\(daemon.log.suffix(1_000))")
            XCTAssertEqual(provider.asked, 1, what)
            XCTAssertEqual(try cityOptions(), options, "\(what): the options as they were")
            XCTAssertEqual(try property(path, formInterface, "Values"), values, what)
            XCTAssertEqual(try property(path, formInterface, "Revision"), revision, what)
            XCTAssertEqual(takeEvents().filter { !$0.hasPrefix("reply") }, [], "\(what): no signal")
            provider.connection.close()
        }
        let number = try Provider(address: bus.address, answersWithANumber: true)
        _ = try number.connection.callAndWait(destination: busName, path: path, interface: formInterface, member: "AttachOptionsProvider", [.string("cities"), .objectPath(number.path)])
        XCTAssertTrue(waitUntil(timeout: 10) { refusals() == cases.count + 1 }, "a reply of the wrong type is refused")
        XCTAssertEqual(try cityOptions(), options, "a reply of the wrong type: the options as they were")
        XCTAssertEqual(try property(path, formInterface, "Revision"), revision)
        number.connection.close()

        let late = try Provider(address: bus.address)
        late.answer = { nil }
        _ = takeEvents()
        _ = try late.connection.callAndWait(destination: busName, path: path, interface: formInterface, member: "AttachOptionsProvider", [.string("cities"), .objectPath(late.path)])
        XCTAssertTrue(waitUntil(timeout: 5) { late.waiting.count == 1 })
        MainLoop.shared.run(while: { true }, timeout: .milliseconds(5_300))
        late.waiting.removeFirst()(.success(["Munich"]))
        MainLoop.shared.run(while: { true }, timeout: .milliseconds(500))
        XCTAssertEqual(try cityOptions(), options, "an answer after the timeout is not taken")
        XCTAssertEqual(try property(path, formInterface, "Values"), values)
        XCTAssertEqual(try property(path, formInterface, "Revision"), revision)
        XCTAssertEqual(takeEvents().filter { !$0.hasPrefix("reply") }, [], "no signal")
        XCTAssertNoThrow(try client.callAndWait(destination: busName, path: root, interface: "org.freedesktop.DBus.Peer", member: "Ping", timeoutMilliseconds: 2_000))

        // What the checks above would have seen had a wrong answer been taken.
        late.answer = { .success(["Munich", "Bremen"]) }
        try call(path, formInterface, "SetValue", [.string("country"), .variant(.string("FR"))])
        XCTAssertTrue(waitUntil(timeout: 5) { (try? cityOptions()) == ["Munich", "Bremen"] }, "a good answer is taken")
        XCTAssertEqual(try property(path, formInterface, "Values")?.dictionaryEntries?.first { $0.key == .string("city") }?.value, .variant(.string("notSelected")))
        late.connection.close()
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
