import BusTestSupport
import DBus
import Foundation
import Glibc
import XCTest

/// API rule 13: a secret text field's value stays with its owner. It was
/// broadcast with every keystroke (`ValueChanged`), returned to any uid by
/// `Values` and `GetValue`, and written into the state file.
final class SecretTests: DaemonTestCase {
    private var stateDirectory: URL { bus.directory.appendingPathComponent("state") }
    override var daemonArguments: [String] { ["--state-dir", stateDirectory.path] }

    private let form = "\(root)/form/f"

    /// A gdbus call as uid 65534; its output, or its error text.
    private func asNobody(_ arguments: [String]) throws -> String {
        let result = try runCommand("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/gdbus", "call", "--address", bus.address, "--dest", busName] + arguments,
                                    environment: ["HOME": "/tmp"])
        return result.output + result.error
    }

    func testASecretIsNeverBroadcastNorShownToAnotherUidNorWritten() throws {
        try call(root, managerInterface, "CreateForm", [.string("f"), .string("sign-up"), options([])])
        _ = takeEvents()
        try call(form, formInterface, "SetValue", [.string("username"), .variant(.string("alice"))])
        try call(form, formInterface, "SetValue", [.string("password"), .variant(.string("hunter2"))])
        try call(form, formInterface, "SetValue", [.string("repeatPassword"), .variant(.string("hunter2"))])
        let events = takeEvents()
        XCTAssertTrue(events.contains("ValueChanged('username', <'alice'>)"), "\(events)")
        XCTAssertTrue(events.contains("ValueChanged('password', <''>)"), "a secret's ValueChanged carries the empty string: \(events)")
        XCTAssertFalse(events.joined().contains("hunter2"), "no signal carries the secret: \(events)")
        // The owner (this test runs as root, 0) reads it.
        XCTAssertEqual(try call(form, formInterface, "GetValue", [.string("password")]).first, .variant(.string("hunter2")))
        XCTAssertEqual(try property(form, formInterface, "Values")?.dictionaryEntries?.first { $0.key == .string("password") }?.value, .variant(.string("hunter2")))
        let submitted = try call(form, formInterface, "Submit").first?.dictionaryEntries ?? []
        XCTAssertEqual(submitted.first { $0.key == .string("password") }?.value, .variant(.string("hunter2")), "Submit's reply carries it to its caller")
        XCTAssertFalse(takeEvents().joined().contains("hunter2"), "the Submitted broadcast does not")
        if getuid() == 0 {
            let read = try asNobody(["--object-path", form, "--method", "\(formInterface).GetValue", "password"])
            XCTAssertEqual(read.trimmingCharacters(in: .whitespacesAndNewlines), "(<''>,)", "another uid gets the empty string")
            let values = try asNobody(["--object-path", form, "--method", "org.freedesktop.DBus.Properties.Get", formInterface, "Values"])
            XCTAssertTrue(values.contains("'username': <'alice'>") && !values.contains("hunter2"), values)
            let managed = try asNobody(["--object-path", root, "--method", "org.freedesktop.DBus.ObjectManager.GetManagedObjects"])
            XCTAssertTrue(managed.contains("alice") && !managed.contains("hunter2"), managed)
            let all = try asNobody(["--object-path", form, "--method", "org.freedesktop.DBus.Properties.GetAll", formInterface])
            XCTAssertFalse(all.contains("hunter2"), all)
        }
        // Never written: the state file does not hold it, and a restored form has it empty.
        XCTAssertEqual(daemon.stop(), 0)
        for file in try FileManager.default.contentsOfDirectory(atPath: stateDirectory.path) {
            let bytes = try Data(contentsOf: stateDirectory.appendingPathComponent(file))
            XCTAssertNil(bytes.range(of: Data("hunter2".utf8)), "\(file) holds the secret")
        }
        daemon = try Daemon(bus: bus, arguments: daemonArguments)
        XCTAssertTrue(waitForName(busName, on: client))
        XCTAssertEqual(try call(form, formInterface, "GetValue", [.string("password")]).first, .variant(.string("")))
        XCTAssertEqual(try call(form, formInterface, "GetValue", [.string("username")]).first, .variant(.string("alice")))
    }

    /// What a rule or an error says of a secret must not quote it either: a
    /// `forbidden` rule's message quoted the refused value in
    /// `ValidationChanged` (a broadcast) and `Validity` (any uid reads it); an
    /// error (which `--verbose` logs) names a wrong value's type, not the value.
    func testNoValidityMessageOrErrorQuotesASecret() throws {
        let spec = #"{"fields":[{"name":"password","kind":"text","secret":true,"rules":{"forbidden":["hunter2"]}},{"name":"nickname","kind":"text","rules":{"forbidden":["root"]}}]}"#
        try call(root, managerInterface, "CreateForm", [.string("f"), .string(spec), options([])])
        _ = takeEvents()
        try call(form, formInterface, "SetValue", [.string("password"), .variant(.string("hunter2"))])
        try call(form, formInterface, "SetValue", [.string("nickname"), .variant(.string("root"))])
        let events = takeEvents()
        XCTAssertTrue(events.contains { $0.hasPrefix("ValidationChanged('password', false, 'custom'") }, "the secret is judged as any value: \(events)")
        XCTAssertTrue(events.contains { $0.hasPrefix("ValidationChanged('nickname', false, 'custom'") && $0.contains("root") }, "a value that is not secret is still quoted: \(events)")
        XCTAssertFalse(events.joined().contains("hunter2"), "no signal quotes the secret: \(events)")
        XCTAssertFalse("\(try property(form, formInterface, "Validity") as Any)".contains("hunter2"), "Validity does not quote it")
        let wrongType = error(form, formInterface, "SetValue", [.string("password"), .variant(.int32(424_242))])
        XCTAssertEqual(wrongType?.name, DBusError.Name.invalidArgs)
        XCTAssertFalse(wrongType?.message.contains("424242") ?? true, "the error does not quote what was given for a secret: \(wrongType?.message ?? "")")
    }
}
