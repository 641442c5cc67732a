import BusTestSupport
import DBus
import Foundation
import XCTest

/// A form's `locale` (creation option and spec key): its messages are
/// broadcast in it, whatever language the daemon or another form speaks.
final class FormLocaleTests: DaemonTestCase {
    override func setUpWithError() throws {
        try Catalogs.compile()
        try super.setUpWithError()
    }

    private func create(_ name: String, spec: String = "sign-up", locale: String?) throws {
        try call(root, managerInterface, "CreateForm", [.string(name), .string(spec), options(locale.map { [("locale", .string($0))] } ?? [])])
    }

    private func message(_ form: String, _ field: String) throws -> String? {
        let validity = try property("\(root)/form/\(form)", formInterface, "Validity")
        guard case .structure(let parts)? = validity?.dictionaryEntries?.first(where: { $0.key == .string(field) })?.value else { return nil }
        return parts.last?.stringValue
    }

    private func label(_ form: String, _ field: String) throws -> String? {
        let layout = try property("\(root)/form/\(form)", formInterface, "Layout")
        for entry in layout?.arrayElements ?? [] {
            guard case .structure(let parts) = entry, parts.first == .string(field) else { continue }
            return parts.last?.dictionaryEntries?.first { $0.key == .string("label") }?.value.variantValue?.stringValue
        }
        return nil
    }

    func testEachFormSpeaksItsOwnLocaleOnOneDaemon() throws {
        try create("german", locale: "de_DE.UTF-8")
        try create("french", locale: "fr_FR.UTF-8")
        try create("plain", locale: nil)
        XCTAssertEqual(try message("german", "username"), "Bitte füllen Sie dieses Feld aus.")
        XCTAssertEqual(try message("french", "username"), "Veuillez renseigner ce champ.")
        XCTAssertEqual(try message("plain", "username"), "Please fill in this field.", "no locale: the daemon's own (C here)")
        XCTAssertEqual(try label("german", "repeatPassword"), "Passwort wiederholen", "a template's labels too")
        XCTAssertEqual(try label("french", "repeatPassword"), "Répétez le mot de passe")

        _ = takeEvents()
        try call("\(root)/form/german", formInterface, "SetValue", [.string("username"), .variant(.string("ab"))])
        XCTAssertTrue(waitFor { events.contains { $0.contains("ValidationChanged") } }, "\(events)")
        XCTAssertEqual(try message("german", "username"), "Bitte verwenden Sie mindestens 5 Zeichen (derzeit 2).")
        try call("\(root)/form/french", formInterface, "SetValue", [.string("username"), .variant(.string("a"))])
        XCTAssertEqual(try message("french", "username"), "Veuillez utiliser au moins 5 caractères (vous en utilisez 1).")
    }

    func testDatesAndNumbersInMessagesAreWrittenTheLocaleWay() throws {
        let spec = #"""
        {"fields": [
          {"name": "start", "kind": "date", "label": "Start", "initial": "2024-01-01", "rules": {"min": "today"}},
          {"name": "share", "kind": "slider", "label": "Share", "initial": 0.25, "rules": {"min": 0.5, "max": 1}}
        ]}
        """#
        try create("german", spec: spec, locale: "de_DE.UTF-8")
        try create("plain", spec: spec, locale: nil)
        XCTAssertEqual(try message("german", "start"), "Das Datum darf nicht vor dem 15.06.2024 liegen.")
        XCTAssertEqual(try message("german", "share"), "Der Wert muss mindestens 0,5 betragen.")
        XCTAssertEqual(try message("plain", "start"), "Date must be 2024-06-15 or later.", "the C locale keeps the bus's form")
        XCTAssertEqual(try message("plain", "share"), "Value must be 0.5 or more.")
    }

    func testTheSpecsLocaleIsTheLanguageItsAuthorWroteIn() throws {
        let spec = #"{"locale": "fr_FR.UTF-8", "fields": [{"name": "nom", "kind": "text", "label": "Nom", "rules": {"required": true}}]}"#
        try create("authored", spec: spec, locale: "de_DE.UTF-8")
        XCTAssertEqual(try message("authored", "nom"), "Veuillez renseigner ce champ.", "the spec's locale wins over the creator's")
    }

    func testALocaleThatIsNoInstalledLocaleIsRefusedAndNothingIsMade() throws {
        let long = String(repeating: "d", count: 65_536)
        let refusals: [(String, String)] = [
            ("xx_YY.UTF-8", #"options 'locale' "xx_YY.UTF-8" is not a locale installed on this machine (locale -a lists those that are)"#),
            ("../../../etc/passwd", #"options 'locale' "../../../etc/passwd" is not a locale name: expected up to 64 of the characters A-Z a-z 0-9 _ . @ -, as de_DE.UTF-8"#),
            ("de_DE.UTF-8\u{1}", #"options 'locale' "de_DE.UTF-8\u{1}" is not a locale name: expected up to 64 of the characters A-Z a-z 0-9 _ . @ -, as de_DE.UTF-8"#),
            (long, "options 'locale' \"\(String(repeating: "d", count: 200))…\" is not a locale name: expected up to 64 of the characters A-Z a-z 0-9 _ . @ -, as de_DE.UTF-8"),
        ]
        for (locale, expected) in refusals {
            let refusal = error(root, managerInterface, "CreateForm", [.string("bad"), .string("sign-up"), options([("locale", .string(locale))])])
            XCTAssertEqual(refusal?.name, "org.freedesktop.DBus.Error.InvalidArgs")
            XCTAssertEqual(refusal?.message, expected)
        }
        let refusal = error(root, managerInterface, "CreateForm", [.string("bad"), .string(#"{"locale": 5, "fields": [{"name": "a", "kind": "text"}]}"#), options([])])
        XCTAssertEqual(refusal?.name, errorPrefix + "InvalidSpec")
        XCTAssertEqual(refusal?.message, "$.locale: expected a string, got the number 5")
        let unknown = error(root, managerInterface, "CreateForm", [.string("bad"), .string(#"{"locale": "tlh_QO", "fields": [{"name": "a", "kind": "text"}]}"#), options([])])
        XCTAssertEqual(unknown?.message, #"$.locale: "tlh_QO" is not a locale installed on this machine (locale -a lists those that are)"#)
        XCTAssertEqual(try property(root, managerInterface, "Widgets"), .array(element: .objectPath, []), "nothing was made")
    }
}

/// A form's locale is kept across a restart.
final class FormLocaleStateTests: XCTestCase {
    func testTheLocaleSurvivesARestart() throws {
        try Catalogs.compile()
        let run = try RestartingDaemon()
        defer { run.stop() }
        let client = try Connection(bus: .address(run.bus.address))
        defer { client.close() }
        _ = try client.callAndWait(destination: busName, path: root, interface: managerInterface, member: "CreateForm",
                                   [.string("german"), .string("sign-up"), .dictionary(key: .string, value: .variant, [(.string("locale"), .variant(.string("de_DE.UTF-8")))])])
        try run.restart()
        let restarted = try Connection(bus: .address(run.bus.address))
        defer { restarted.close() }
        let validity = try restarted.callAndWait(destination: busName, path: "\(root)/form/german", interface: "org.freedesktop.DBus.Properties", member: "Get",
                                                 [.string(formInterface), .string("Validity")]).first?.variantValue
        XCTAssertTrue("\(String(describing: validity))".contains("Bitte füllen Sie dieses Feld aus."), "\(String(describing: validity))\n\(run.daemon.log)")
    }
}

/// A form without a locale speaks the daemon's own, and says which.
final class DaemonLocaleTests: XCTestCase {
    func testAFormWithoutALocaleSpeaksTheDaemonsAndItsLocalePropertySaysWhich() throws {
        try Catalogs.compile()
        let bus = try PrivateBus()
        defer { bus.stop() }
        let daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: daemonExecutable)
        daemon.arguments = ["--address", bus.address, "--no-state"]
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "fr_FR.UTF-8"
        environment.removeValue(forKey: "LANGUAGE")
        daemon.environment = environment
        try daemon.run()
        defer {
            daemon.terminate()
            daemon.waitUntilExit()
        }
        let client = try Connection(bus: .address(bus.address))
        defer { client.close() }
        XCTAssertTrue(waitForName(busName, on: client))
        func create(_ name: String, _ options: [(String, String)]) throws -> (locale: String?, validity: String) {
            _ = try client.callAndWait(destination: busName, path: root, interface: managerInterface, member: "CreateForm",
                                       [.string(name), .string("sign-up"), .dictionary(key: .string, value: .variant, options.map { (.string($0.0), .variant(.string($0.1))) })])
            func get(_ property: String) throws -> DBusValue? {
                try client.callAndWait(destination: busName, path: "\(root)/form/\(name)", interface: "org.freedesktop.DBus.Properties", member: "Get",
                                       [.string(formInterface), .string(property)]).first?.variantValue
            }
            return (try get("Locale")?.stringValue, "\(String(describing: try get("Validity")))")
        }
        let own = try create("own", [])
        XCTAssertEqual(own.locale, "fr_FR.UTF-8")
        XCTAssertTrue(own.validity.contains("Veuillez renseigner ce champ."), own.validity)
        let german = try create("german", [("locale", "de_DE.UTF-8")])
        XCTAssertEqual(german.locale, "de_DE.UTF-8")
        XCTAssertTrue(german.validity.contains("Bitte füllen Sie dieses Feld aus."), german.validity)
    }
}
