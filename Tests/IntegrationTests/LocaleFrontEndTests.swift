import BusTestSupport
import DBus
import Foundation
import RxWidgetsClient
import XCTest

/// The person's language in the terminal: `LANG` picks the words the front
/// end draws and the form's locale, so the daemon's messages match; what
/// is printed stays as scripts read it.
final class TerminalLocaleTests: DaemonTestCase {
    /// A locale through `LANG` alone: whatever the machine running the tests sets is cleared.
    private func speaking(_ locale: String) -> [String: String] {
        ["LANG": locale, "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": ""]
    }

    override func setUpWithError() throws {
        try Catalogs.compile()
        try super.setUpWithError()
    }

    func testASignUpFormInGermanPrintsWhatScriptsRead() throws {
        let form = try TerminalSession(["form", "sign-up"], address: bus.address, columns: 90, rows: 24, environment: speaking("de_DE.UTF-8"))
        form.waitForScreen("Benutzername")
        XCTAssertTrue(form.screen.contains("Passwort wiederholen"), form.screen)
        form.type("ab")
        form.send("Tab")
        form.waitForScreen("Bitte verwenden Sie mindestens 5 Zeichen (derzeit 2).")
        XCTAssertEqual(try WidgetsClient(address: bus.address).widgets().first { $0.kind == "form" }.map { try WidgetsClient(address: bus.address).form($0.path.lastComponent).locale },
                       "de_DE.UTF-8", "the front end made the form in the person's locale")
        form.send("BTab")
        form.type("cde")
        form.send("Tab")
        form.type("geheim")
        form.send("Tab")
        form.type("geheim")
        form.send("Tab", "Enter")
        XCTAssertEqual(form.exitStatus(), 0, form.error + form.screen)
        XCTAssertEqual(form.output, "username=abcde\npassword=geheim\nrepeatPassword=geheim\n", "the answer is not translated")
    }

    func testAFormTheDaemonWordsInGermanIsShownInFrenchToAFrenchFrontEnd() throws {
        try call(root, managerInterface, "CreateForm", [.string("inscription"), .string("sign-up"), options([("locale", .string("de_DE.UTF-8"))])])
        let path = "\(root)/form/inscription"
        let attached = try TerminalSession(["attach", path], address: bus.address, columns: 90, rows: 24, environment: speaking("fr_FR.UTF-8"))
        // The labels are the form's own words; the messages the daemon words from reasons are the person's.
        attached.waitForScreen("Benutzername")
        attached.type("ab")
        attached.waitForScreen("Veuillez utiliser au moins 5 caractères (vous en utilisez 2).")
        attached.send("Tab")
        attached.send("Tab")
        attached.waitForScreen("Veuillez renseigner ce champ.")
        XCTAssertFalse(attached.screen.contains("Bitte"), "no German message reaches the French screen:\n\(attached.screen)")
        let validity = try property(path, formInterface, "Validity")
        XCTAssertTrue("\(String(describing: validity))".contains("Bitte verwenden Sie mindestens 5 Zeichen (derzeit 2)."), "the daemon keeps the form's own language: \(String(describing: validity))")
    }

    func testLANGUAGEChoosesTheFormsLanguageAsItChoosesTheScreens() throws {
        var environment = speaking("de_DE.UTF-8")
        environment["LANGUAGE"] = "es:fr"
        let form = try TerminalSession(["form", "sign-up"], address: bus.address, columns: 90, rows: 24, environment: environment)
        form.waitForScreen("Nom d’utilisateur")
        XCTAssertTrue(form.screen.contains("[ Envoyer ]"), "no Spanish catalog: French, the next, as gettext chooses\n\(form.screen)")
        form.type("ab")
        form.send("Tab")
        form.waitForScreen("Veuillez utiliser au moins 5 caractères (vous en utilisez 2).")
        XCTAssertFalse(form.screen.contains("Bitte"), form.screen)
    }

    func testAConfirmationInGermanAnswersToJaAndToAScriptsYes() throws {
        let asked = try TerminalSession(["confirm", "Löschen?"], address: bus.address, environment: speaking("de_DE.UTF-8"))
        asked.waitForScreen("Nein")
        XCTAssertTrue(asked.screen.contains("Ja") && asked.screen.contains("j Ja · n Nein"), asked.screen)
        asked.send("j")
        XCTAssertEqual(asked.exitStatus(), 0, "j is yes in German, not the move down\n\(asked.screen)")

        let waiting = try TerminalSession(["confirm", "--timeout", "60", "--name", "loeschen", "Löschen?"], address: bus.address, environment: speaking("de_DE.UTF-8"))
        waiting.waitForScreen("Nein")
        let answered = try runCommand(frontEndExecutable, ["answer", "loeschen", "yes"],
                                      environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address, "LANG": "C.UTF-8", "RXWIDGETS_FRONTEND": "tty"])
        XCTAssertEqual(answered.status, 0, answered.error)
        XCTAssertEqual(waiting.exitStatus(), 0, "a script's yes is the German Ja\n\(waiting.screen)")
    }

    func testADayIsTypedAsTheLocaleWritesItAndPrintedAsScriptsReadIt() throws {
        let spec = try specFile(#"{"fields": [{"name": "start", "kind": "date", "label": "Beginn"}, {"name": "share", "kind": "slider", "label": "Anteil", "initial": 0.5, "rules": {"min": 0, "max": 1, "step": 0.25}}]}"#, named: "termin")
        let form = try TerminalSession(["form", "--accessible", spec.path], address: bus.address, columns: 90, rows: 20, environment: speaking("de_DE.UTF-8"))
        form.waitForScreen("Beginn (ein Datum, JJJJ-MM-TT)")
        form.type("15.03.1990")
        form.send("Enter")
        form.waitForScreen("Anteil (eine Zahl von 0 bis 1 in Schritten von 0,25) [0,5]:")
        form.type("0,75")
        form.send("Enter")
        XCTAssertEqual(form.exitStatus(), 0, form.error + form.screen)
        XCTAssertEqual(form.output, "start=1990-03-15\nshare=0.75\n")
    }

    func testASpecsOwnMessagesAreShownAsWrittenInAnotherLanguage() throws {
        let spec = #"{"locale": "de_DE.UTF-8", "fields": [{"name": "name", "kind": "text", "label": "Name", "rules": {"required": true, "minLength": 2, "messages": {"tooShort": "Mindestens zwei Buchstaben, bitte."}}}]}"#
        try call(root, managerInterface, "CreateForm", [.string("eigen"), .string(spec), options([])])
        let attached = try TerminalSession(["attach", "\(root)/form/eigen"], address: bus.address, columns: 90, rows: 24, environment: speaking("fr_FR.UTF-8"))
        attached.waitForScreen("Name")
        attached.type("a")
        attached.waitForScreen("Mindestens zwei Buchstaben, bitte.")
        attached.send("BSpace", "Tab")
        attached.waitForScreen("Veuillez renseigner ce champ.", file: #filePath, line: #line)
    }
}

/// The person's language in a window: GTK's own words and rxwidgets-gtk's,
/// and the daemon's messages for the form it made in that locale.
final class GtkLocaleTests: DesktopTestCase {
    override func setUpWithError() throws {
        try Catalogs.compile()
        try super.setUpWithError()
    }

    func testADayTypedTheFrenchWayIsSentAsTheBusWritesIt() throws {
        let spec = try specFile(#"{"fields": [{"name": "start", "kind": "date", "label": "Début", "initial": "2024-01-01"}]}"#, named: "debut")
        let form = try start(["form", spec.path], environment: ["LANG": "fr_FR.UTF-8"])
        form.waitFor("text", "Début") { $0.states.contains("focused") }
        desktop.press("ctrl+a")
        desktop.type("15/03/1990")
        XCTAssertTrue(waitFor { self.events.contains("ValueChanged('start', <'1990-03-15'>)") }, "\(events)")
        form.waitFor("text", "Début") { $0.text == "1990-03-15" }
        XCTAssertNotNil(form.find("label", "15/03/1990"), "the locale's form beside it")
        form.act("push button", "Envoyer", "click")
        XCTAssertEqual(form.exitStatus(), 0, form.error)
        XCTAssertEqual(form.output, "start=1990-03-15\n")
    }

    func testAConfirmationWindowAsksInFrench() throws {
        let confirm = try start(["confirm"], environment: ["LANG": "fr_FR.UTF-8"])
        XCTAssertNotNil(confirm.find("label", "Confirmez-vous\u{00A0}?"))
        confirm.act("push button", "Oui", "click")
        XCTAssertEqual(confirm.exitStatus(), 0, confirm.error)
    }

    func testASignUpFormInFrench() throws {
        let form = try start(["form", "sign-up"], environment: ["LANG": "fr_FR.UTF-8"])
        form.waitFor("text", "Nom d’utilisateur") { $0.states.contains("focused") }
        XCTAssertEqual(form.find("push button", "Envoyer")?.states.contains("sensitive"), false, "Submit, insensitive while the form is invalid")
        XCTAssertNotNil(form.find("push button", "Annuler"))
        desktop.type("abc")
        let username = form.waitFor("text", "Nom d’utilisateur") { $0.states.contains("invalid") }
        XCTAssertEqual(username?.description, "Veuillez utiliser au moins 5 caractères (vous en utilisez 3).", "a screen reader hears the message in French")
        XCTAssertNotNil(form.find("label", "Veuillez utiliser au moins 5 caractères (vous en utilisez 3)."))
        try screenshot("form-french", of: form)
        desktop.type("de")
        desktop.press("Tab")
        desktop.type("secret")
        desktop.press("Tab")
        desktop.type("secret")
        form.waitFor("push button", "Envoyer") { $0.states.contains("sensitive") }
        form.act("push button", "Envoyer", "click")
        XCTAssertEqual(form.exitStatus(), 0, form.error)
        XCTAssertEqual(form.output, "username=abcde\npassword=secret\nrepeatPassword=secret\n")
    }
}
