import BusTestSupport
import DBus
import Foundation
import Glibc
import RxCoreEssentials
import RxWidgetsClient
import XCTest

/// `rxwidgets` as a person and a shell script use it: in a tmux terminal on
/// a private bus with the built daemon — keys in, screen out, and its
/// standard output and exit status.
final class FrontEndTests: DaemonTestCase {
    private func start(_ arguments: [String], columns: Int = 80, rows: Int = 24, input: String? = nil, environment: [String: String] = [:]) throws -> TerminalSession {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: frontEndExecutable), "build the front end first (make test does): \(frontEndExecutable) is missing")
        return try TerminalSession(arguments, address: bus.address, columns: columns, rows: rows, input: input, environment: environment)
    }

    func testHeightLimitsTheRowsAndScrolls() throws {
        let items = (1...10).map { "item \($0)" }
        let terminal = try start(["choose", "--height", "3"] + items)
        terminal.waitForScreen("› item 1")
        XCTAssertTrue(terminal.screen.contains("item 3") && !terminal.screen.contains("item 4"), "three rows shown:\n\(terminal.screen)")
        terminal.send("End")
        terminal.waitForScreen("› item 10")
        XCTAssertTrue(terminal.screen.contains("item 8") && !terminal.screen.contains("item 7"), "scrolled to the end:\n\(terminal.screen)")
        terminal.send("PageUp")
        terminal.waitForScreen("› item 7")
        terminal.send("Escape")
        XCTAssertEqual(terminal.exitStatus(), 1)
    }

    func testHeightDrawsInlineBelowWhatWasOnTheTerminalAndLeavesItAsItWas() throws {
        let items = (1...10).map { "item \($0)" }
        let terminal = try TerminalSession(["choose", "--header", "Pick one", "--height", "3"] + items, address: bus.address, rows: 12,
                                           before: (1...10).map { "earlier \($0)" }, staysOpen: true)
        terminal.waitForScreen("› item 1")
        var lines = terminal.screen.components(separatedBy: "\n")
        XCTAssertEqual(lines.first, "earlier 4", "the list took the five lines it needs, scrolling up what was there:\n\(terminal.screen)")
        XCTAssertEqual(lines.firstIndex(of: "earlier 10"), 6)
        XCTAssertEqual(lines[7], "Pick one")
        XCTAssertTrue(lines[8].hasPrefix("› item 1") && lines[10].hasSuffix("item 3") && lines[11].contains("enter done"), terminal.screen)
        terminal.send("Down", "Enter")
        XCTAssertEqual(terminal.exitStatus(), 0, terminal.error)
        XCTAssertEqual(terminal.output, "item 2\n")
        lines = terminal.screen.components(separatedBy: "\n")
        XCTAssertEqual(lines.firstIndex(of: "earlier 10"), 6)
        XCTAssertTrue(lines[7...].allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty }, "the lines it drew are cleared:\n\(terminal.screen)")
    }

    func testColoursAreDrawnUnlessNO_COLORIsSet() throws {
        let coloured = try start(["choose", "a", "b"])
        coloured.waitForScreen("› a")
        XCTAssertTrue(coloured.styledScreen.contains("38;5;212"), "the cursor in the accent colour:\n\(coloured.styledScreen.debugDescription)")
        coloured.send("Escape")
        let plain = try start(["choose", "a", "b"], environment: ["NO_COLOR": "1"])
        plain.waitForScreen("› a")
        let styled = plain.styledScreen
        XCTAssertFalse(styled.contains("38;5;"), "no colour with NO_COLOR:\n\(styled.debugDescription)")
        XCTAssertTrue(styled.contains("\u{1B}[1;7m") || styled.contains("7m"), "the cursor is still shown, in reverse:\n\(styled.debugDescription)")
        plain.send("Escape")
        XCTAssertEqual(plain.exitStatus(), 1)
    }


    func testChooseMovesWithTheArrowsAndPrintsTheChosenItem() throws {
        let terminal = try start(["choose", "--header", "Pick a fruit", "Apple", "Banana", "Cherry", "Dragon fruit"])
        terminal.waitForScreen("› Apple")
        XCTAssertEqual(Array(terminal.screen.split(separator: "\n").prefix(5)), ["Pick a fruit", "› Apple", "  Banana", "  Cherry", "  Dragon fruit"])
        terminal.send("Down", "Down", "Enter")
        XCTAssertEqual(terminal.exitStatus(), 0, terminal.error)
        XCTAssertEqual(terminal.output, "Cherry\n", "the title of the SelectedItem signal, alone on standard output")
    }

    func testChooseSendsEachMoveAsSelectRowAndEnterAsDone() throws {
        let terminal = try start(["choose", "a", "b", "c"])
        terminal.waitForScreen("› a")
        terminal.send("Down")
        terminal.waitForScreen("› b")
        terminal.send("Enter")
        XCTAssertEqual(terminal.exitStatus(), 0)
        // The signals reach this test's connection beside the front end's reply: it may exit first.
        XCTAssertTrue(waitFor { self.events.contains { $0.hasPrefix("SelectedItem") } }, "\(events)")
        let signals = takeEvents().filter { !$0.hasPrefix("PropertiesChanged") && !$0.hasPrefix("Interfaces") }
        XCTAssertEqual(signals, ["ItemSelected(1, 0)", "ModelSelected([<'b'>])", "SelectedItem(1, 'b')"], "a wheel settling on row 1, then Done")
    }

    func testEscapeCancelsAndPrintsNothing() throws {
        let terminal = try start(["choose", "a", "b", "c"])
        terminal.waitForScreen("› a")
        terminal.send("Down", "Escape")
        XCTAssertEqual(terminal.exitStatus(), 1)
        XCTAssertEqual(terminal.output, "")
        XCTAssertTrue(waitFor { self.events.contains("Closed()") }, "Esc is Cancel: \(events)")
    }

    /// 1,100,000 lines of 64 characters on standard input: more than one
    /// D-Bus array may carry (64 MiB), so the items went in one call and the
    /// command failed (`LimitsExceeded … array of … bytes`, exit 3). They are
    /// bound through a file (`LoadItems`) and chosen as any others.
    func testItemsPastWhatOneCallCarriesAreBoundThroughAFile() throws {
        let lines = (0..<1_100_000).map { String(format: "line %07d ", $0) + String(repeating: "x", count: 51) }
        XCTAssertGreaterThan(lines.reduce(0) { $0 + $1.utf8.count + 8 }, 64 << 20)
        // A picker, then a table (--limit): Down then Enter, Space then Enter.
        for (arguments, key, shown, chosen) in [(["choose"], "Down", "› line 0000001", lines[1]), (["choose", "--limit", "2"], "Space", "● line 0000000", lines[0])] {
            let session = try start(arguments, input: lines.joined(separator: "\n") + "\n")
            XCTAssertTrue(session.waitForScreen("line 0000001", timeout: 60), session.screen)
            session.send(key)
            XCTAssertTrue(session.waitForScreen(shown), session.screen)
            session.send("Enter")
            XCTAssertEqual(session.exitStatus(timeout: 60), 0, session.screen)
            XCTAssertEqual(session.output, chosen + "\n", "\(arguments)")
        }
    }

    func testQuitCtrlCAndItemsFromStandardInput() throws {
        let fromInput = try start(["choose"], input: "one\ntwo\nthree\n")
        fromInput.waitForScreen("  three")
        fromInput.send("End", "Enter")
        XCTAssertEqual(fromInput.exitStatus(), 0)
        XCTAssertEqual(fromInput.output, "three\n")

        let quit = try start(["choose", "x", "y"])
        quit.waitForScreen("› x")
        quit.send("q")
        XCTAssertEqual(quit.exitStatus(), 1)

        let interrupted = try start(["choose", "x", "y"])
        interrupted.waitForScreen("› x")
        interrupted.send("C-c")
        XCTAssertEqual(interrupted.exitStatus(), 130)
        XCTAssertEqual(interrupted.output, "")
    }

    func testTheFilterNarrowsTheRowsAndTheSelectionFollows() throws {
        let terminal = try start(["choose", "apple", "banana", "blueberry", "cherry"])
        terminal.waitForScreen("› apple")
        terminal.send("/")
        terminal.type("be")
        terminal.waitForScreen("/ be")
        terminal.waitForScreen("› blueberry")
        XCTAssertFalse(terminal.screen.contains("apple"), "rows without 'be' are not drawn:\n\(terminal.screen)")
        terminal.send("Enter")
        XCTAssertEqual(terminal.exitStatus(), 0)
        XCTAssertEqual(terminal.output, "blueberry\n")
    }

    func testAFilterTypedAheadOfTheTitlesNeverChoosesARowItHides() throws {
        // `/`, the query and Enter in one write, before any title of the
        // filter's search has arrived: the answer must match the query.
        for count in [100, 2_000, 200_000] {
            let terminal = try start(["choose"], input: (1...count).map(String.init).joined(separator: "\n") + "\n")
            terminal.waitForScreen("› 1")
            terminal.type("/99\r")
            XCTAssertEqual(terminal.exitStatus(timeout: 60), 0, "\(count) rows:\n\(terminal.screen)")
            XCTAssertEqual(terminal.output, "99\n", "\(count) rows: the first row containing 99, never a row the filter hid")
        }
        let table = try start(["table"], input: (1...2_000).map(String.init).joined(separator: "\n") + "\n")
        table.waitForScreen("1")
        table.type("/99\r")
        XCTAssertEqual(table.exitStatus(timeout: 60), 0, table.screen)
        XCTAssertEqual(table.output, "99\n", "the table's filter too acts on what it shows")
        let none = try start(["choose", "apple", "banana"])
        none.waitForScreen("› apple")
        none.type("/zz\r")
        none.waitForScreen("no row matches")
        none.send("Escape")
        none.send("Escape")
        XCTAssertEqual(none.exitStatus(), 1, "Enter with nothing shown chooses nothing")
    }

    func testPickPrintsEveryComponentsTitleAndWideCharactersLineUp() throws {
        let terminal = try start(["pick", "--component", "苹果,Banana,梨子 pear", "--component", "S,M,L"], columns: 60)
        terminal.waitForScreen("› 苹果")
        let rows = terminal.screen.split(separator: "\n").prefix(3).map(String.init)
        let secondColumn = rows.map { row in columnOf(row, "S") ?? columnOf(row, "M") ?? columnOf(row, "L") }
        XCTAssertEqual(Set(secondColumn.compactMap { $0 }).count, 1, "the second component starts at one column on every row, wide characters or not:\n\(rows.joined(separator: "\n"))")
        XCTAssertEqual(secondColumn.count, 3)
        terminal.send("Down", "Down", "Tab", "Down")
        terminal.waitForScreen("› M")
        terminal.send("Enter")
        XCTAssertEqual(terminal.exitStatus(), 0, terminal.error)
        XCTAssertEqual(terminal.output, "梨子 pear\tM\n")
    }

    /// The display column (wide characters count two) where `text` starts after the first column.
    private func columnOf(_ row: String, _ text: String) -> Int? {
        var column = 0
        for (index, character) in row.enumerated() {
            if index > 2, String(character) == text, row.dropFirst(index + 1).allSatisfy({ $0 == " " }) {
                return column
            }
            column += character.unicodeScalars.contains { $0.value >= 0x1100 && $0.properties.isIdeographic } ? 2 : 1
        }
        return nil
    }

    func testSignUpShowsTheDaemonsMessagesAndSubmitsOnceValid() throws {
        let terminal = try start(["form", "sign-up"])
        terminal.waitForScreen("› Username")
        terminal.type("abc")
        terminal.waitForScreen("Please use at least 5 characters (you are using 3).")
        XCTAssertTrue(terminal.screen.contains("not every field is valid yet"), "Submit is drawn disabled")
        terminal.type("de")
        terminal.send("Tab")
        terminal.type("secret")
        terminal.send("Tab")
        terminal.type("secret")
        terminal.send("Tab")
        terminal.waitForScreen("› [ Submit ]")
        XCTAssertFalse(terminal.screen.contains("not every field is valid yet"), "Submit enabled once all three fields are valid:\n\(terminal.screen)")
        XCTAssertFalse(terminal.screen.contains("usernameBorder"), "outputs are for programs: shown only with --outputs")
        XCTAssertTrue(terminal.screen.contains("[••••••"), "passwords are secret")
        terminal.send("Enter")
        XCTAssertEqual(terminal.exitStatus(), 0, terminal.error)
        XCTAssertEqual(terminal.output, "username=abcde\npassword=secret\nrepeatPassword=secret\n")
    }

    func testSlidersStepPlaceholdersShowWhileEmptyAndMissingValuesWaitToBeLeft() throws {
        let spec = bus.directory.appendingPathComponent("spec.json")
        try #"{"fields":[{"name":"nick","kind":"text","placeholder":"your nickname","rules":{"required":true}},{"name":"level","kind":"slider","initial":0.5,"rules":{"min":0,"max":1,"step":0.25}}]}"#
            .write(to: spec, atomically: true, encoding: .utf8)
        let terminal = try start(["form", spec.path])
        terminal.waitForScreen("your nickname")
        XCTAssertFalse(terminal.screen.contains("Please fill in this field."), "not before the field was left:\n\(terminal.screen)")
        terminal.send("Tab")
        terminal.waitForScreen("Please fill in this field.")
        terminal.send("Right")
        terminal.waitForScreen("0.75")
        terminal.send("Right")
        terminal.waitForScreen("1")
        XCTAssertFalse(terminal.screen.contains("0.85"), "a step of 0.25, not a tenth of the range:\n\(terminal.screen)")
        terminal.send("Escape")
        XCTAssertEqual(terminal.exitStatus(), 1)
    }

    func testADateIsSentWholeNeverAPartOfOne() throws {
        let terminal = try start(["form", "about-you"], columns: 90)
        terminal.waitForScreen("› Birthday")
        let form = "\(root)/form/" + (try XCTUnwrap((try property(root, managerInterface, "Widgets")?.arrayElements ?? []).compactMap(\.stringValue).first { $0.contains("/form/") })).split(separator: "/").last!
        _ = takeEvents()
        terminal.type("2023023")
        terminal.waitForScreen("[2023-02-35]")
        XCTAssertEqual(try call(form, formInterface, "GetValue", [.string("birthday")]).first, .variant(.string("2024-06-15")),
                       "no partial date reached the daemon")
        terminal.type("0")
        terminal.waitForScreen("[2023-02-30]")
        terminal.waitForScreen("2023-02-30")
        XCTAssertTrue(terminal.waitForScreen("a real calendar day"), "the daemon's refusal of the whole date:\n\(terminal.screen)")
        XCTAssertEqual(try call(form, formInterface, "GetValue", [.string("birthday")]).first, .variant(.string("2024-06-15")))
        XCTAssertFalse(takeEvents().contains { $0.hasPrefix("ValueChanged('birthday'") }, "no date nobody typed was set")
        terminal.send("BSpace")
        terminal.type("28")
        terminal.waitForScreen("[2023-02-28]")
        XCTAssertTrue(waitUntil(timeout: 10) { (try? self.call(form, formInterface, "GetValue", [.string("birthday")]).first) == .variant(.string("2023-02-28")) })
        XCTAssertFalse(terminal.screen.contains("a real calendar day"), "the refusal goes once a good date is in:\n\(terminal.screen)")
        terminal.send("Escape")
    }

    /// A date field draws its month and moves by day, week and month; a
    /// stepper takes a number typed in its place.
    func testADateMovesOnItsCalendarAndAStepperTakesTypedDigits() throws {
        let terminal = try start(["form", "about-you"], columns: 90, rows: 30)
        terminal.waitForScreen("› Birthday")
        let form = "\(root)/form/" + (try XCTUnwrap((try property(root, managerInterface, "Widgets")?.arrayElements ?? []).compactMap(\.stringValue).first { $0.contains("/form/") })).split(separator: "/").last!
        XCTAssertTrue(terminal.waitForScreen("June 2024"), "the month of the day shown:\n\(terminal.screen)")
        XCTAssertTrue(terminal.screen.contains("Mo Tu We Th Fr Sa Su"), terminal.screen)
        terminal.send("Right", "PageDown", "Down")
        terminal.waitForScreen("[2024-07-23]")
        XCTAssertTrue(terminal.waitForScreen("July 2024"), terminal.screen)
        XCTAssertTrue(waitUntil(timeout: 10) { (try? self.call(form, formInterface, "GetValue", [.string("birthday")]).first) == .variant(.string("2024-07-23")) },
                      "each day reached is sent: a day, a month, a week from 2024-06-15")
        terminal.send("Tab", "Tab", "Tab", "Tab")
        terminal.waitForScreen("› Passion to learn")
        terminal.type("7")
        terminal.waitForScreen("− 7")
        terminal.send("Tab")
        XCTAssertTrue(waitUntil(timeout: 10) { (try? self.call(form, formInterface, "GetValue", [.string("passionToLearn")]).first) == .variant(.double(7)) },
                      "the number typed, sent as the field was left")
        terminal.send("Escape")
    }

    func testACountryDecidesTheCitiesAndConditionsHideAndDimFields() throws {
        let spec = bus.directory.appendingPathComponent("order.json")
        try ConditionalFormTests.spec.write(to: spec, atomically: true, encoding: .utf8)
        let terminal = try start(["form", spec.path, "--json"], columns: 90)
        terminal.waitForScreen("(•) Berlin  ( ) Hamburg")
        let dimmedVat = terminal.screen
        XCTAssertTrue(dimmedVat.contains("vatId"), "shown, though disabled:\n\(dimmedVat)")
        terminal.send("Right", "Space")
        terminal.waitForScreen("( ) Paris")
        XCTAssertFalse(terminal.screen.contains("Hamburg"), "the cities follow the country:\n\(terminal.screen)")
        terminal.send("Tab")
        terminal.waitForScreen("› city")
        terminal.send("Space")
        terminal.waitForScreen("(•) Paris")
        terminal.send("Tab")
        terminal.waitForScreen("› company")
        terminal.send("Tab")
        XCTAssertTrue(terminal.waitForScreen("› email"), "the disabled vatId is skipped:\n\(terminal.screen)")
        terminal.type("nope")
        terminal.send("Tab")
        terminal.waitForScreen("Please match the requested format.")
        terminal.send("BTab")
        terminal.send("BSpace", "BSpace", "BSpace", "BSpace")
        terminal.type("a@b")
        terminal.send("Tab")
        terminal.waitForScreen("› [ Submit ]")
        XCTAssertFalse(terminal.screen.contains("Please match"), "committed again when left:\n\(terminal.screen)")
        terminal.send("Enter")
        XCTAssertEqual(terminal.exitStatus(), 0, terminal.error)
        XCTAssertEqual(terminal.output, #"{"country":"FR","city":"Paris","company":false,"vatId":"","email":"a@b"}"# + "\n")
    }

    /// `rxwidgets validate NAME …` running on this bus, its standard error in a log file.
    private func startValidate(_ arguments: [String]) throws -> (Process, URL) {
        let validator = Process()
        validator.executableURL = URL(fileURLWithPath: frontEndExecutable)
        validator.arguments = ["validate", arguments[0], "--address", bus.address] + arguments.dropFirst()
        let log = bus.directory.appendingPathComponent("validate-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        validator.standardError = try FileHandle(forWritingTo: log)
        try validator.run()
        return (validator, log)
    }

    func testGitHubSignupChecksTheUsernameWithAShellValidator() throws {
        let script = #"read name; sleep 0.5; if [ "$name" = octocat ]; then echo "$name is taken"; exit 1; fi"#
        let (validator, log) = try startValidate(["usernameAvailable", "--", "/bin/sh", "-c", script])
        defer {
            validator.terminate()
            validator.waitUntilExit()
        }
        let terminal = try start(["form", "github-signup"], columns: 90)
        terminal.waitForScreen("› Username")
        XCTAssertTrue(waitUntil(timeout: 10) { (try? String(contentsOf: log, encoding: .utf8))?.contains("serving usernameAvailable for") == true },
                      "the validator attached itself to the new form: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
        terminal.type("octocat")
        terminal.waitForScreen("Checking availability…")
        terminal.waitForScreen("octocat is taken")
        terminal.send("BSpace", "BSpace", "BSpace")
        terminal.type("opus")
        XCTAssertTrue(terminal.waitForScreen("Checking availability…"), "the new value is checked:\n\(terminal.screen)")
        XCTAssertTrue(waitUntil(timeout: 10) { !terminal.screen.contains("Checking availability…") && !terminal.screen.contains("is taken") }, terminal.screen)
        terminal.send("Tab")
        terminal.type("secret1")
        terminal.send("Tab")
        terminal.type("secret1")
        terminal.send("Tab")
        terminal.waitForScreen("› [ Submit ]")
        terminal.send("Enter")
        XCTAssertEqual(terminal.exitStatus(), 0, terminal.error)
        XCTAssertEqual(terminal.output, "username=octoopus\npassword=secret1\nrepeatedPassword=secret1\n")
    }

    /// `validate NAME` leaves a form whose own application serves NAME to
    /// it, and says so; `--replace` takes it over.
    func testValidateLeavesAnAttachedValidatorUnlessReplace() throws {
        let client = try WidgetsClient(address: bus.address)
        let form = try client.createForm("signup", spec: "github-signup")
        let own = try client.serveValidator("usernameAvailable", on: form) { _, _ in .just(.valid) }
        defer { own.dispose() }
        XCTAssertEqual(form.attachments.map(\.kind), ["validator"])
        XCTAssertEqual(form.attachments.map(\.name), ["usernameAvailable"])
        func runValidate(_ extra: [String], until text: String) throws -> String {
            let (validator, log) = try startValidate(["usernameAvailable"] + extra + ["--", "true"])
            defer {
                validator.terminate()
                validator.waitUntilExit()
            }
            XCTAssertTrue(waitUntil(timeout: 10) { (try? String(contentsOf: log, encoding: .utf8))?.contains(text) == true }, text)
            return (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        }
        let left = try runValidate([], until: "left to it")
        XCTAssertTrue(left.contains("usernameAvailable of /org/rxwidgets/Widgets1/form/signup is served by :"), left)
        XCTAssertFalse(left.contains("serving"), left)
        _ = try runValidate(["--replace"], until: "serving usernameAvailable for /org/rxwidgets/Widgets1/form/signup")
    }

    func testFilterRanksFuzzilyAndPrintsTheLineUnderTheCursor() throws {
        let terminal = try start(["filter", "--header", "Fruit"], input: "apple\nbanana\ncherry\nblueberry\nbrie\n")
        terminal.waitForScreen("blueberry")
        terminal.type("bry")
        terminal.waitForScreen("› ○ blueberry")
        XCTAssertFalse(terminal.screen.contains("banana"), "no b…r…y in banana:\n\(terminal.screen)")
        terminal.send("BSpace", "BSpace")
        terminal.type("ri")
        XCTAssertTrue(terminal.waitForScreen("› ○ brie"), "brie ranks first for 'bri' (consecutive letters at a word's start):\n\(terminal.screen)")
        terminal.send("Enter")
        XCTAssertEqual(terminal.exitStatus(), 0, terminal.error)
        XCTAssertEqual(terminal.output, "brie\n")
    }

    /// `filter`'s lines travel as a file the daemon reads (`LoadItems`), not
    /// as one call; a line that is not UTF-8 is refused and named, never
    /// shown (or printed back) changed.
    /// A screen drawn and waiting for the person costs nothing: each frame
    /// once laid out asked for the next (100 % of a core, found by the
    /// front-end bench never going idle). Any screen kind runs the same
    /// program; the list, the picker and the form are tried.
    func testAScreenWaitingForThePersonDoesNotSpin() throws {
        let screens: [(arguments: [String], shows: String, input: String?)] = [
            (["filter"], "○ 5", "seq 1 1000"),
            (["choose", "apple", "banana"], "banana", nil),
            (["form", "sign-up"], "Username", nil),
        ]
        for screen in screens {
            let session = try TerminalSession(screen.arguments, address: bus.address, pipedFrom: screen.input)
            XCTAssertTrue(session.waitForScreen(screen.shows), session.screen)
            let pid = try XCTUnwrap(session.pid)
            Thread.sleep(forTimeInterval: 0.3)
            let before = try cpuTicks(of: pid)
            Thread.sleep(forTimeInterval: 1)
            let used = try cpuTicks(of: pid) - before
            XCTAssertLessThan(used, 10, "\(screen.arguments): \(used) ticks of CPU in a second of waiting")
            session.send("Escape")
            XCTAssertEqual(session.exitStatus(), 1)
        }
    }

    /// User and system clock ticks the process has used (/proc/PID/stat).
    private func cpuTicks(of pid: pid_t) throws -> Int {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        let fields = stat[stat.index(after: stat.lastIndex(of: ")")!)...].split(separator: " ")
        return Int(fields[11])! + Int(fields[12])!
    }

    func testFilterLoadsStandardInputAndRefusesALineThatIsNotUTF8() throws {
        let many = try TerminalSession(["filter"], address: bus.address, pipedFrom: "seq 1 300000")
        XCTAssertTrue(many.waitForScreen("› ○ 1"), many.screen)
        many.type("299999")
        XCTAssertTrue(many.waitForScreen("› ○ 299999"), many.screen)
        many.send("Enter")
        XCTAssertEqual(many.exitStatus(), 0, many.error)
        XCTAssertEqual(many.output, "299999\n")
        let broken = try TerminalSession(["filter"], address: bus.address, pipedFrom: "printf 'apple\\nb\\377d\\n'")
        XCTAssertEqual(broken.exitStatus(), 2, broken.screen)
        XCTAssertTrue(broken.error.contains("line 2 of standard input is not valid UTF-8"), broken.error)
        let late = try TerminalSession(["filter"], address: bus.address, pipedFrom: "printf 'a\\nb\\n'; sleep 1; printf 'c\\n\\377\\n'")
        XCTAssertEqual(late.exitStatus(), 2, late.screen)
        XCTAssertTrue(late.error.contains("line 4 of standard input is not valid UTF-8"), "counted across the batches streamed: \(late.error)")
        let chosen = try TerminalSession(["choose"], address: bus.address, pipedFrom: "printf 'apple\\nb\\377d\\n'")
        XCTAssertEqual(chosen.exitStatus(), 2, chosen.screen)
        XCTAssertTrue(chosen.error.contains("line 2 of standard input is not valid UTF-8"), "choose refuses it too, never printing it back changed: \(chosen.error)")
        // A line past the daemon's string limit is named by its line and size.
        for command in [["filter"], ["choose"]] {
            let long = try TerminalSession(command, address: bus.address, pipedFrom: "printf 'apple\\n'; head -c 100000 /dev/zero | tr '\\0' x; printf '\\n'")
            XCTAssertEqual(long.exitStatus(), 2, "\(command): \(long.screen)")
            XCTAssertTrue(long.error.contains("line 2 of standard input is 100,000 characters; the limit is 65,536"), "\(command): \(long.error)")
        }
        let empty = try TerminalSession(["filter"], address: bus.address, pipedFrom: "true")
        XCTAssertEqual(empty.exitStatus(), 2)
        XCTAssertTrue(empty.error.contains("standard input had no lines"), empty.error)
    }

    /// As fzf, `filter` is up before its input ends: lines show as they
    /// come, and a query typed meanwhile searches them too.
    func testFilterShowsLinesAsTheyComeAndSearchesTheLateOnes() throws {
        let terminal = try TerminalSession(["filter"], address: bus.address, pipedFrom: "printf 'apple\\nbanana\\n'; sleep 2; printf 'cherry\\nblueberry\\n'; while printf 'x\\n'; do sleep 0.2; done")
        XCTAssertTrue(terminal.waitForScreen("○ banana", timeout: 1.5), "the first lines show before the rest came:\n\(terminal.screen)")
        XCTAssertFalse(terminal.screen.contains("cherry"))
        terminal.type("bry")
        XCTAssertTrue(terminal.waitForScreen("› ○ blueberry", timeout: 10), "a late line matching the query shows:\n\(terminal.screen)")
        terminal.send("Enter")
        XCTAssertEqual(terminal.exitStatus(), 0, terminal.error)
        XCTAssertEqual(terminal.output, "blueberry\n", "Enter chooses what is shown while input is still open")
    }

    func testFilterAndChooseWithoutALimitPrintEveryChosenLine() throws {
        let filter = try start(["filter", "--no-limit", "red", "green", "blue"])
        filter.waitForScreen("green")
        XCTAssertFalse(filter.screen.contains("matching") || filter.screen.contains(" of 3"), "nothing typed, nothing matched yet:\n\(filter.screen)")
        filter.send("Tab", "Down", "Down", "Tab")
        filter.waitForScreen("● blue")
        filter.send("Enter")
        XCTAssertEqual(filter.exitStatus(), 0, filter.error)
        XCTAssertEqual(filter.output, "red\nblue\n")
        let choose = try start(["choose", "--limit", "2", "a", "b", "c"])
        choose.waitForScreen("○ c")
        choose.send("C-a")
        choose.waitForScreen("● b")
        choose.send("Down", "Down", "Space")
        choose.waitForScreen("at most 2 may be chosen")
        choose.send("Enter")
        XCTAssertEqual(choose.exitStatus(), 0, choose.error)
        XCTAssertEqual(choose.output, "a\nb\n")
    }

    func testChooseIndexNameAndPickCommas() throws {
        let indexed = try start(["choose", "--index", "--name", "fruit", "apple", "banana", "cherry"])
        indexed.waitForScreen("› apple")
        XCTAssertTrue(waitUntil(timeout: 5) { (try? self.property(root, managerInterface, "Widgets"))?.arrayElements?.contains(.objectPath(ObjectPath("\(root)/picker/fruit")!)) == true },
                      "--name names the widget, so others can attach to it")
        indexed.send("Down", "Enter")
        XCTAssertEqual(indexed.exitStatus(), 0, indexed.error)
        XCTAssertEqual(indexed.output, "1\n")
        let commas = try start(["pick", "--component", #"1\,5 kg,2 kg"#, "--component", "red,blue"])
        commas.waitForScreen("› 1,5 kg")
        commas.send("Enter")
        XCTAssertEqual(commas.exitStatus(), 0, commas.error)
        XCTAssertEqual(commas.output, "1,5 kg\tred\n")
    }

    func testAccessibleModeAsksInPlainLines() throws {
        let choose = try start(["choose", "--accessible", "--header", "Fruit?", "apple", "banana", "cherry"])
        choose.waitForScreen("3. cherry")
        XCTAssertTrue(choose.screen.contains("Choose a number from 1 to 3 [1]:"), choose.screen)
        choose.type("7")
        choose.send("Enter")
        choose.waitForScreen("\"7\" is not a number from 1 to 3.")
        choose.type("2")
        choose.send("Enter")
        XCTAssertEqual(choose.exitStatus(), 0, choose.error)
        XCTAssertEqual(choose.output, "banana\n")

        let input = try start(["input", "--prompt", "Code:", "--pattern", "[A-Z]{3}", "--password"], environment: ["RXWIDGETS_ACCESSIBLE": "1"])
        input.waitForScreen("Code:")
        input.type("abc")
        input.send("Enter")
        input.waitForScreen("Please match the requested format.")
        XCTAssertFalse(input.screen.contains("abc"), "a password is not echoed: \(input.screen)")
        input.type("ABC")
        input.send("Enter")
        XCTAssertEqual(input.exitStatus(), 0, input.error)
        XCTAssertEqual(input.output, "ABC\n")

        let write = try start(["write", "--accessible", "--prompt", "Note"])
        write.waitForScreen("Note (end with a line holding only a period, or Ctrl-D):")
        write.type("one")
        write.send("Enter")
        write.type("two")
        write.send("Enter")
        write.type(".")
        write.send("Enter")
        XCTAssertEqual(write.exitStatus(), 0, write.error)
        XCTAssertEqual(write.output, "one\ntwo\n")

        let confirm = try start(["confirm", "--accessible", "Go?", "--default", "no"])
        confirm.waitForScreen("Go? [yes/No]:")
        confirm.send("Enter")
        XCTAssertEqual(confirm.exitStatus(), 1, "the default, no")
    }

    func testAccessibleModeChoosesSeveralPicksAndFilters() throws {
        let several = try start(["choose", "--accessible", "--limit", "2", "--selected", "b", "a", "b", "c"])
        several.waitForScreen("Choose numbers from 1 to 3 (at most 2), separated by spaces; - for none [2]:")
        several.type("1 2 3")
        several.send("Enter")
        several.waitForScreen("That is 3 items; choose at most 2.")
        several.type("3,1")
        several.send("Enter")
        XCTAssertEqual(several.exitStatus(), 0, several.error)
        XCTAssertEqual(several.output, "a\nc\n", "in the list's order, the --selected one dropped")

        let none = try start(["table", "--accessible", "--multiple", "--selected", "x", "x", "y"])
        none.waitForScreen("[1]:")
        none.type("-")
        none.send("Enter")
        XCTAssertEqual(none.exitStatus(), 0, none.error)
        XCTAssertEqual(none.output, "", "nothing chosen is an answer")

        let pick = try start(["pick", "--accessible", "--component", "S,M,L", "--component", "red,blue", "--selected", "M,red"])
        pick.waitForScreen("Part 1 of 2:")
        XCTAssertTrue(pick.screen.contains("[2]:"), "starts on --selected: \(pick.screen)")
        pick.send("Enter")
        pick.waitForScreen("Part 2 of 2:")
        pick.type("2")
        pick.send("Enter")
        XCTAssertEqual(pick.exitStatus(), 0, pick.error)
        XCTAssertEqual(pick.output, "M\tblue\n")

        let filter = try start(["filter", "--accessible", "apple", "banana", "blueberry", "cherry"])
        filter.waitForScreen("Filter (the letters in order; Enter for all):")
        filter.type("zz")
        filter.send("Enter")
        filter.waitForScreen("No item matches \"zz\".")
        filter.type("bb")
        filter.send("Enter")
        filter.waitForScreen("1. blueberry")
        XCTAssertFalse(filter.screen.contains("2. "), "only what matches, ranked: \(filter.screen)")
        filter.send("Enter")
        XCTAssertEqual(filter.exitStatus(), 0, filter.error)
        XCTAssertEqual(filter.output, "blueberry\n")

        let cancelled = try start(["table", "--accessible", "x", "y"])
        cancelled.waitForScreen("[1]:")
        cancelled.send("C-d")
        XCTAssertEqual(cancelled.exitStatus(), 1, "end of input cancels")
    }

    func testAccessibleFormAsksEachShownFieldAndSaysTheDaemonsMessages() throws {
        let spec = FileManager.default.temporaryDirectory.appendingPathComponent("accessible-\(UUID().uuidString).json")
        try #"""
        {"fields": [
          {"name": "name", "kind": "text", "label": "Name", "rules": {"required": true, "minLength": 2}},
          {"name": "size", "kind": "choice", "label": "Size", "options": ["S", "M", "L"]},
          {"name": "gift", "kind": "switch", "label": "A gift"},
          {"name": "note", "kind": "text", "label": "Gift note", "visibleWhen": {"field": "gift", "equals": true}},
          {"name": "level", "kind": "slider", "label": "Level", "initial": 0.5, "rules": {"min": 0, "max": 1, "step": 0.25}}
        ]}
        """#.write(to: spec, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: spec) }
        let form = try start(["form", "--accessible", spec.path])
        form.waitForScreen("Name:")
        form.type("x")
        form.send("Enter")
        form.waitForScreen("Please use at least 2 characters (you are using 1).")
        form.type("Al")
        form.send("Enter")
        form.waitForScreen("3. L")
        form.type("2")
        form.send("Enter")
        form.waitForScreen("A gift (yes or no) [no]:")
        form.send("Enter")
        form.waitForScreen("Level (a number from 0 to 1 in steps of 0.25) [0.5]:")
        XCTAssertFalse(form.screen.contains("Gift note"), "a hidden field is not asked: \(form.screen)")
        form.type("0.6")
        form.send("Enter")
        form.waitForScreen("Please enter a valid value")
        form.type("0.75")
        form.send("Enter")
        XCTAssertEqual(form.exitStatus(), 0, form.error)
        XCTAssertEqual(form.output, "name=Al\nsize=M\ngift=false\nlevel=0.75\n")

        let json = try start(["form", "--accessible", "--json", spec.path])
        json.waitForScreen("Name:")
        json.type("Bo")
        json.send("Enter")
        // Nothing chosen yet: Enter leaves the optional size unchosen, never the first option.
        json.waitForScreen("or - for none:")
        json.send("Enter")
        json.waitForScreen("A gift (yes or no) [no]:")
        json.type("y")
        json.send("Enter")
        json.waitForScreen("Gift note:")
        json.type("for Al")
        json.send("Enter")
        json.waitForScreen("[0.5]:")
        json.send("Enter")
        XCTAssertEqual(json.exitStatus(), 0, json.error)
        XCTAssertEqual(json.output, #"{"name":"Bo","size":"notSelected","gift":true,"note":"for Al","level":0.5}"# + "\n")
    }

    func testLabelsAreShownAndValuesPrinted() throws {
        let single = try start(["choose", "--label-delimiter", ":", "Apple pie:apple", "Banana split:banana", "plain"])
        single.waitForScreen("› Apple pie")
        XCTAssertFalse(single.screen.contains(":apple"), single.screen)
        single.send("Down", "Enter")
        XCTAssertEqual(single.exitStatus(), 0, single.error)
        XCTAssertEqual(single.output, "banana\n")
        let several = try start(["choose", "--no-limit", "--label-delimiter", "=", "Small=s", "Large=l", "plain"])
        several.waitForScreen("○ Large")
        several.send("Space", "Down", "Down", "Space", "Enter")
        XCTAssertEqual(several.exitStatus(), 0, several.error)
        XCTAssertEqual(several.output, "s\nplain\n", "an item without the delimiter is its own value")
    }

    func testChooseTimesOutWithTheSelectedItem() throws {
        let terminal = try start(["choose", "--timeout", "2", "--selected", "banana", "apple", "banana", "cherry"])
        terminal.waitForScreen("s · then what is chosen now")
        XCTAssertEqual(terminal.exitStatus(), 124, terminal.error)
        XCTAssertEqual(terminal.output, "banana\n", "no key pressed: the item selected then")
        XCTAssertEqual(try run(["choose", "--timeout", "0", "a"]).status, 2)
        XCTAssertEqual(try property(root, managerInterface, "Widgets"), .array(element: .objectPath, []), "the question's widget went with it")
    }

    func testChooseTimesOutWithTheDefaultNotTheCursor() throws {
        let terminal = try start(["choose", "--timeout", "3", "--default", "cherry", "--selected", "banana", "apple", "banana", "cherry"])
        terminal.waitForScreen("s · then \"cherry\"")
        terminal.send("Up")
        XCTAssertEqual(terminal.exitStatus(), 124, terminal.error)
        XCTAssertEqual(terminal.output, "cherry\n", "the cursor moved to apple; the timeout's answer is --default")
        let unknown = try start(["choose", "--timeout", "1", "--default", "durian", "apple"])
        XCTAssertEqual(unknown.exitStatus(), 2)
        XCTAssertTrue(unknown.error.contains("--default 'durian' is not one of the items"), unknown.error)
        let alone = try run(["choose", "--default", "apple", "apple"])
        XCTAssertEqual(alone.status, 2)
        XCTAssertTrue(alone.error.contains("give --timeout"), alone.error)
    }

    private func run(_ arguments: [String]) throws -> CommandResult {
        try runCommand(frontEndExecutable, arguments, environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address, "LANG": "C.UTF-8", "RXWIDGETS_FRONTEND": "tty"])
    }

    /// Every command that asks takes --timeout: the daemon's deadline,
    /// counted down under the screen, the default (or what the question
    /// holds then) printed, exit status 124.
    func testEveryAskingCommandTimesOutWithItsDefault() throws {
        let cases: [(arguments: [String], shows: String, output: String)] = [
            (["pick", "--component", "S,M,L", "--component", "red,blue", "--timeout", "2", "--default", "L,blue"], "then \"L, blue\"", "L\tblue\n"),
            (["confirm", "Deploy?", "--default", "no", "--timeout", "2"], "then \"No\"", ""),
            (["input", "--prompt", "Name:", "--timeout", "2", "--default", "Ada"], "then \"Ada\"", "Ada\n"),
            (["write", "--timeout", "2", "--value", "draft"], "then what is chosen now", "draft\n"),
            (["form", "sign-up", "--timeout", "2"], "then what is chosen now", "username=\npassword=\nrepeatPassword=\n"),
            (["table", "--multiple", "--selected", "b", "--selected", "c", "--timeout", "2", "--title", "Pick rows", "a", "b", "c"], "then what is chosen now", "b\nc\n"),
            (["choose", "--no-limit", "--selected", "b", "--timeout", "2", "a", "b", "c"], "then what is chosen now", "b\n"),
        ]
        for (arguments, shows, output) in cases {
            let terminal = try start(arguments)
            terminal.waitForScreen(shows)
            XCTAssertTrue(terminal.screen.contains("times out in "), "\(arguments): \(terminal.screen)")
            XCTAssertEqual(terminal.exitStatus(), 124, "\(arguments): \(terminal.error)")
            XCTAssertEqual(terminal.output, output, "\(arguments)")
        }
        for (arguments, message) in [(["pick", "--component", "S,M", "--timeout", "2", "--default", "XL"], "--default 'XL' is not one of the items"),
                                     (["form", "sign-up", "--default", "x", "--timeout", "2"], "form has no option '--default'"),
                                     (["input", "--default", "Ada"], "give --timeout SECONDS too")] {
            let refused = try run(arguments)
            XCTAssertEqual(refused.status, 2, "\(arguments)")
            XCTAssertTrue(refused.error.contains(message), "\(arguments): \(refused.error)")
        }
        XCTAssertEqual(try property(root, managerInterface, "Widgets"), .array(element: .objectPath, []), "each question's widget went with it")
    }

    /// On a desktop a question asked with --no-wait stays with the terminal
    /// front end, which makes the prompt and prints its path: the GTK one
    /// would have ignored the option.
    func testNoWaitOnADesktopIsNotHandedToTheGTKFrontEnd() throws {
        let asked = try runCommand(frontEndExecutable, ["choose", "--no-wait", "--name", "later", "a", "b"],
                                   environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address, "LANG": "C.UTF-8", "DISPLAY": ":77"])
        XCTAssertEqual(asked.status, 0, asked.error)
        XCTAssertEqual(asked.output, "\(root)/picker/later\n")
    }

    /// A secret default is neither shown nor lost: the screen counts down
    /// without it, and the timed-out command prints it (read back, not
    /// from the broadcast, which empties secrets).
    func testASecretDefaultIsPrintedNotShown() throws {
        let terminal = try start(["input", "--password", "--timeout", "2", "--default", "s3cret"])
        terminal.waitForScreen("then what is chosen now")
        XCTAssertFalse(terminal.screen.contains("s3cret"), terminal.screen)
        XCTAssertEqual(terminal.exitStatus(), 124, terminal.error)
        XCTAssertEqual(terminal.output, "s3cret\n")
    }

    /// A question with a deadline answered by another front end first (an
    /// agent, `answer`) ends with that answer printed, exit 0.
    func testAQuestionAnsweredElsewherePrintsThatAnswer() throws {
        let terminal = try start(["choose", "--timeout", "30", "--name", "asked", "apple", "banana", "cherry"])
        terminal.waitForScreen("times out in ")
        XCTAssertEqual(try run(["answer", "asked", "cherry"]).status, 0)
        XCTAssertEqual(terminal.exitStatus(), 0, terminal.error)
        XCTAssertEqual(terminal.output, "cherry\n")
        XCTAssertTrue(terminal.error.contains("was answered by uid"), terminal.error)
    }

    func testSelectedStartsPickAndTableOnTheirItems() throws {
        let pick = try start(["pick", "--component", "a,b,c", "--component", "s,m,l", "--selected", "b,l"])
        pick.waitForScreen("› b")
        XCTAssertTrue(pick.waitForScreen("› l"), pick.screen)
        pick.send("Enter")
        XCTAssertEqual(pick.exitStatus(), 0, pick.error)
        XCTAssertEqual(pick.output, "b\tl\n")
        let table = try start(["table", "--selected", "green", "red", "green", "blue"])
        table.waitForScreen("› ● green")
        table.send("Enter")
        XCTAssertEqual(table.exitStatus(), 0, table.error)
        XCTAssertEqual(table.output, "green\n", "the cursor starts on the chosen row, so Enter keeps it")
        let several = try start(["table", "--multiple", "--selected", "red", "--selected", "blue", "red", "green", "blue"])
        several.waitForScreen("● blue")
        several.send("Enter")
        XCTAssertEqual(several.exitStatus(), 0, several.error)
        XCTAssertEqual(several.output, "red\nblue\n")
        let wrong = try start(["pick", "--component", "a,b", "--selected", "z"])
        XCTAssertEqual(wrong.exitStatus(), 2)
    }

    func testWriteTakesSeveralLinesAndCtrlDPrintsThem() throws {
        let terminal = try start(["write", "--header", "Note", "--placeholder", "what happened"])
        terminal.waitForScreen("what happened")
        terminal.type("first")
        terminal.send("Enter")
        terminal.type("second")
        XCTAssertTrue(terminal.waitForScreen("second"), "drawn on its own line:\n\(terminal.screen)")
        XCTAssertTrue(terminal.screen.contains("[first"), terminal.screen)
        terminal.send("C-d")
        XCTAssertEqual(terminal.exitStatus(), 0, terminal.error)
        XCTAssertEqual(terminal.output, "first\nsecond\n")
    }

    func testInputPrintsTheTextTheDaemonAccepted() throws {
        let terminal = try start(["input", "--prompt", "Code", "--placeholder", "three capitals", "--pattern", "[A-Z]{3}", "--char-limit", "3"])
        terminal.waitForScreen("three capitals")
        terminal.type("ab")
        terminal.send("Enter")
        XCTAssertTrue(terminal.waitForScreen("Please match the requested format."), "the daemon's refusal, and the prompt stays:\n\(terminal.screen)")
        terminal.send("BSpace", "BSpace")
        terminal.type("ABCD")
        terminal.send("Enter")
        XCTAssertEqual(terminal.exitStatus(), 0, terminal.error)
        XCTAssertEqual(terminal.output, "ABC\n", "--char-limit 3: the fourth character is not typed")
    }

    func testInputPasswordIsHiddenAndPrinted() throws {
        let terminal = try start(["input", "--password", "--value", "pre"])
        terminal.waitForScreen("•••")
        terminal.type("fix")
        terminal.waitForScreen("••••••")
        XCTAssertFalse(terminal.screen.contains("prefix"), terminal.screen)
        terminal.send("Enter")
        XCTAssertEqual(terminal.exitStatus(), 0, terminal.error)
        XCTAssertEqual(terminal.output, "prefix\n")
    }

    /// `progress` reads zenity's protocol: numbers, `# text`, `step N
    /// STATUS`; the end of input finishes it, and Enter closes it.
    func testProgressDrawsWhatTheScriptSaysAndFinishesAtTheEndOfItsInput() throws {
        let terminal = try start(["progress", "--title", "Copying", "--steps", "Fetch,Build"], input: "10\n# Halfway there\n50\nstep 1 done\nstep 2 running\n")
        XCTAssertTrue(terminal.waitForScreen("Done · enter close"), terminal.screen)
        let screen = terminal.screen
        XCTAssertTrue(screen.contains("Copying") && screen.contains("100%") && screen.contains("Halfway there"), screen)
        XCTAssertTrue(screen.contains("✓ Fetch") && screen.contains("› Build"), screen)
        terminal.send("Enter")
        XCTAssertEqual(terminal.exitStatus(), 0, terminal.error)
        XCTAssertEqual(terminal.output, "")
        let closing = try start(["progress", "--auto-close"], input: "40\n")
        XCTAssertEqual(closing.exitStatus(), 0, "--auto-close ends with the input: \(closing.error)")
    }

    /// A person's Esc while the work runs cancels it: exit status 1, as
    /// zenity's Cancel. (The script writes on until its pipe closes.)
    func testProgressCancelledByThePersonExitsOne() throws {
        let terminal = try TerminalSession(["progress", "--text", "Working"], address: bus.address, pipedFrom: "while printf '30\\n'; do sleep 0.2; done")
        XCTAssertTrue(terminal.waitForScreen("30%"), terminal.screen)
        XCTAssertTrue(terminal.screen.contains("esc cancel"), terminal.screen)
        terminal.send("Escape")
        XCTAssertEqual(terminal.exitStatus(), 1, terminal.error)
        let fixed = try TerminalSession(["progress", "--no-cancel"], address: bus.address, pipedFrom: "while printf '30\\n'; do sleep 0.2; done")
        XCTAssertTrue(fixed.waitForScreen("30%"), fixed.screen)
        fixed.send("Escape")
        XCTAssertNil(fixed.exitStatus(timeout: 1), "--no-cancel: Esc cancels nothing")
        fixed.send("C-c")
        XCTAssertEqual(fixed.exitStatus(), 130, "Ctrl-C still ends it")
    }

    /// zenity's --auto-kill: a person's Cancel sends SIGHUP to the parent
    /// process (the script that started the progress).
    func testAutoKillSendsTheParentSIGHUPOnCancel() throws {
        let terminal = try TerminalSession(["progress", "--auto-kill", "--text", "Working"], address: bus.address, pipedFrom: "while printf '30\\n'; do sleep 0.2; done")
        XCTAssertTrue(terminal.waitForScreen("30%"), terminal.screen)
        let pid = try XCTUnwrap(terminal.pid)
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        let parent = try XCTUnwrap(stat[stat.range(of: ") ", options: .backwards)!.upperBound...].split(separator: " ").dropFirst().first.flatMap { pid_t($0) })
        XCTAssertEqual(kill(parent, 0), 0, "the parent (the test's shell) runs")
        terminal.send("Escape")
        XCTAssertTrue(waitUntil(timeout: 10) { kill(parent, 0) != 0 }, "the parent shell ended")
        // Ended by SIGHUP, it never wrote the status it writes once its command exits.
        XCTAssertNil(terminal.exitStatus(timeout: 1), "SIGHUP ended the parent shell before it could record the exit status")
    }


    func testConfirmAnswersWithItsExitStatus() throws {
        let yes = try start(["confirm", "Proceed?"])
        yes.waitForScreen("Proceed?")
        yes.send("Enter")
        XCTAssertEqual(yes.exitStatus(), 0, "the default is the affirmative: \(yes.error)")
        XCTAssertEqual(yes.output, "")
        let no = try start(["confirm", "Delete?", "--default", "no", "--affirmative", "Delete", "--negative", "Keep"])
        no.waitForScreen("› Keep")
        no.send("Enter")
        XCTAssertEqual(no.exitStatus(), 1)
        let typed = try start(["confirm", "--default", "no"])
        typed.waitForScreen("Are you sure?")
        typed.type("y")
        XCTAssertEqual(typed.exitStatus(), 0, "y answers at once")
    }

    func testAboutYouWithEveryKindOfFieldPrintsJSON() throws {
        let terminal = try start(["form", "about-you", "--json", "--outputs"], columns: 90)
        terminal.waitForScreen("› Birthday")
        terminal.type("2000")
        terminal.waitForScreen("[2000-06-15]")
        terminal.send("Tab", "Right", "Space", "Tab", "Space", "Tab", "Right", "Right", "Tab", "Right", "Right")
        terminal.waitForScreen("− 3 +")
        terminal.waitForScreen("heartHeight  60")
        let screen = terminal.screen
        XCTAssertTrue(screen.contains("(•) Female"), "the option's label; the value printed stays female:\n\(screen)")
        XCTAssertTrue(screen.contains("[x] on"), screen)
        XCTAssertTrue(screen.contains("0.7"), "two tenths of the slider's range up from 0.5:\n\(screen)")
        XCTAssertTrue(screen.contains("birthdayBorder  green"), screen)
        terminal.send("Tab", "Enter")
        XCTAssertEqual(terminal.exitStatus(), 0, terminal.error)
        XCTAssertEqual(terminal.output, #"{"birthday":"2000-06-15","gender":"female","knowSwift":true,"swiftLevel":0.7,"passionToLearn":3}"# + "\n")
    }

    func testAttachFollowsAnotherClientAndTwoAttachesMoveTogether() throws {
        try call(root, managerInterface, "CreatePicker", [.string("fruit"), options([("items", titles([["apple", "banana", "cherry"]]))])])
        let first = try start(["attach", "\(root)/picker/fruit"])
        let second = try start(["attach", "\(root)/picker/fruit"])
        first.waitForScreen("› apple")
        second.waitForScreen("› apple")
        try call("\(root)/picker/fruit", pickerInterface, "SelectRow", [.int32(2), .int32(0)])
        first.waitForScreen("› cherry")
        second.waitForScreen("› cherry")
        first.send("Up")
        second.waitForScreen("› banana")
        first.send("q")
        second.send("q")
        XCTAssertEqual(first.exitStatus(), 0)
        XCTAssertEqual(second.exitStatus(), 0)
        XCTAssertEqual(first.output, "")
        XCTAssertEqual(try property("\(root)/picker/fruit", pickerInterface, "SelectedRows"), .array(element: .int32, [.int32(1)]), "the widget stays, as the gesture left it")
    }

    func testAttachEndsOnceWhenItsWidgetIsDestroyed() throws {
        // The owner's choose ends and its transient picker goes: the attached
        // view says so once and exits 4, not with a stale picker and exit 3.
        let owner = try start(["choose", "apple", "banana"])
        owner.waitForScreen("› apple")
        let widgets = (try property(root, managerInterface, "Widgets")?.arrayElements ?? []).compactMap(\.stringValue)
        let path = try XCTUnwrap(widgets.first { $0.contains("/picker/") }, "\(widgets)")
        let attached = try start(["attach", path])
        attached.waitForScreen("› apple")
        owner.send("Enter")
        XCTAssertEqual(owner.exitStatus(), 0)
        XCTAssertEqual(attached.exitStatus(), 4, attached.screen)
        XCTAssertEqual(attached.error, "rxwidgets: \(path) was destroyed (its owner closed it)\n")
        // A form destroyed by another client ends the same way.
        try call(root, managerInterface, "CreateForm", [.string("gone"), .string("sign-up"), options([])])
        let form = try start(["attach", "\(root)/form/gone"])
        form.waitForScreen("Username")
        try call(root, managerInterface, "Destroy", [.objectPath(ObjectPath("\(root)/form/gone")!)])
        XCTAssertEqual(form.exitStatus(), 4, form.screen)
    }

    func testTwoFrontEndsOnOneTextFieldLoseNoTyping() throws {
        try call(root, managerInterface, "CreateForm", [.string("shared"), .string("sign-up"), options([])])
        let path = "\(root)/form/shared"
        try call(path, formInterface, "SetValue", [.string("username"), .variant(.string("alice"))])
        let first = try start(["attach", path])
        let second = try start(["attach", path])
        first.waitForScreen("[alice")
        second.waitForScreen("[alice")
        first.type("xy")
        XCTAssertTrue(waitUntil(timeout: 10) { (try? self.call(path, formInterface, "GetValue", [.string("username")]).first) == .variant(.string("alicexy")) })
        second.waitForScreen("[alicexy", timeout: 10)
        second.type("z")
        XCTAssertTrue(waitUntil(timeout: 10) { (try? self.call(path, formInterface, "GetValue", [.string("username")]).first) == .variant(.string("alicexyz")) },
                      "the second window edits what the daemon holds, not its own stale copy")
        first.waitForScreen("[alicexyz", timeout: 10)
        first.send("Escape")
        second.send("Escape")
    }

    func testAMalformedPathOrSpecIsAUsageErrorNotADaemonOne() throws {
        let path = try start(["attach", "fruit"])
        XCTAssertEqual(path.exitStatus(), 2, path.error)
        XCTAssertTrue(path.error.contains("'fruit' is not a widget's path"), path.error)
        let spec = bus.directory.appendingPathComponent("bad.json")
        try #"{"fields":[{"name":"a","kind":"sideways"}]}"#.write(to: spec, atomically: true, encoding: .utf8)
        let form = try start(["form", spec.path])
        XCTAssertEqual(form.exitStatus(), 2, form.error)
        XCTAssertTrue(form.error.contains("$.fields[0].kind"), form.error)
    }

    func testAttachToAnUnknownPathExits3NamingIt() throws {
        let terminal = try start(["attach", "\(root)/picker/none"])
        XCTAssertEqual(terminal.exitStatus(), 3)
        XCTAssertTrue(terminal.error.contains("/org/rxwidgets/Widgets1/picker/none"), terminal.error)
        XCTAssertEqual(terminal.error.split(separator: "\n").count, 1, terminal.error)
    }

    func testAResizeRedrawsForTheNewWidth() throws {
        let terminal = try start(["choose", "a", "b"], columns: 80, rows: 10)
        terminal.waitForScreen("esc cancel")
        terminal.resize(columns: 30, rows: 10)
        // Whole fragments are left out, never esc and never half a word.
        terminal.waitForScreen("↑/↓ move · esc cancel")
        terminal.resize(columns: 80, rows: 10)
        terminal.waitForScreen("esc cancel")
        terminal.send("Escape")
        XCTAssertEqual(terminal.exitStatus(), 1)
    }

    func testSIGTERMAndSIGHUPRestoreTheTerminal() throws {
        for (arguments, signal) in [(["choose", "a", "b"], SIGTERM), (["form", "sign-up"], SIGHUP)] {
            let terminal = try start(arguments)
            terminal.waitForScreen("› ")
            kill(try XCTUnwrap(terminal.pid), signal)
            XCTAssertEqual(terminal.exitStatus(), 128 + signal)
            let settings = terminal.terminalSettings
            XCTAssertFalse(settings.before.isEmpty)
            XCTAssertEqual(settings.after, settings.before, "stty -a is as it was after signal \(signal)")
        }
    }

    func testTheDaemonLeavingMidChoiceEndsWith3AndARestoredTerminal() throws {
        let terminal = try start(["choose", "a", "b"], environment: ["RXWIDGETS_DAEMON_WAIT": "1"])
        terminal.waitForScreen("› a")
        XCTAssertEqual(daemon.stop(), 0)
        daemon = nil
        terminal.waitForScreen("rxwidgetsd stopped; waiting for it to come back (ctrl-c quits)")
        XCTAssertEqual(terminal.exitStatus(), 3, "once RXWIDGETS_DAEMON_WAIT passed")
        XCTAssertTrue(terminal.error.contains("left the bus"), terminal.error)
        XCTAssertEqual(terminal.terminalSettings.after, terminal.terminalSettings.before)
    }

    func testAWaitForTheDaemonThatIsNotSecondsIsAUsageError() throws {
        for value in ["soon", "-1", "nan", "86401"] {
            let terminal = try start(["choose", "a", "b"], environment: ["RXWIDGETS_DAEMON_WAIT": value])
            XCTAssertEqual(terminal.exitStatus(), 2, value)
            XCTAssertTrue(terminal.error.contains("RXWIDGETS_DAEMON_WAIT is '\(value)'; expected seconds from 0 to 86400"), terminal.error)
        }
    }

    func testTableWithMultipleSelectionPrintsTheSelectedRows() throws {
        let terminal = try start(["table", "--multiple", "red", "green", "blue"])
        terminal.waitForScreen("› ○ red")
        terminal.send("Space", "Down", "Down", "Space")
        terminal.waitForScreen("● blue")
        terminal.send("Enter")
        XCTAssertEqual(terminal.exitStatus(), 0, terminal.error)
        XCTAssertEqual(terminal.output, "red\nblue\n")
        let none = try start(["table", "--multiple", "red", "green"])
        none.waitForScreen("› ○ red")
        none.send("Enter")
        XCTAssertEqual(none.exitStatus(), 0, none.error)
        XCTAssertEqual(none.output, "", "a multiple choice of no row is a choice")
    }
}

/// `rxwidgets` without a terminal: what scripts and completions rely on.
final class FrontEndCommandTests: DaemonTestCase {
    private func run(_ arguments: [String], address: String? = nil) throws -> CommandResult {
        try runCommand(frontEndExecutable, arguments, environment: ["DBUS_SESSION_BUS_ADDRESS": address ?? bus.address, "LANG": "C.UTF-8"])
    }

    func testListAndWatch() throws {
        XCTAssertEqual(try run(["list"]).output, "")
        try call(root, managerInterface, "CreatePicker", [.string("fruit"), options([("items", titles([["apple", "banana"]]))])])
        try call("\(root)/picker/fruit", pickerInterface, "SelectRow", [.int32(1), .int32(0)])
        XCTAssertEqual(try run(["list"]).output, "\(root)/picker/fruit  picker  2\n")
        XCTAssertEqual(try run(["list", "--json"]).output, #"[{"path":"/org/rxwidgets/Widgets1/picker/fruit","kind":"picker","revision":2}]"# + "\n")

        let directory = bus.directory.appendingPathComponent("watch")
        let watch = Process()
        watch.executableURL = URL(fileURLWithPath: frontEndExecutable)
        watch.arguments = ["watch", "--address", bus.address]
        _ = FileManager.default.createFile(atPath: directory.path, contents: nil)
        watch.standardOutput = try FileHandle(forWritingTo: directory)
        try watch.run()
        let watchJSON = Process()
        let jsonURL = bus.directory.appendingPathComponent("watch-json")
        _ = FileManager.default.createFile(atPath: jsonURL.path, contents: nil)
        watchJSON.executableURL = URL(fileURLWithPath: frontEndExecutable)
        watchJSON.arguments = ["watch", "\(root)/picker/fruit", "--json", "--address=\(bus.address)"]
        watchJSON.standardOutput = try FileHandle(forWritingTo: jsonURL)
        try watchJSON.run()
        XCTAssertTrue(waitUntil(timeout: 10) { (try? self.client.callAndWait(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "ListNames").first?.arrayElements?.count ?? 0) ?? 0 >= 6 }, "both watchers are on the bus")
        MainLoop.shared.run(while: { true }, timeout: .milliseconds(300))
        try call("\(root)/picker/fruit", pickerInterface, "SelectRow", [.int32(0), .int32(0)])
        let read = { (url: URL) in (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
        XCTAssertTrue(waitUntil(timeout: 10) { read(directory).split(separator: "\n").count >= 2 && read(jsonURL).split(separator: "\n").count >= 2 }, "each line is written as its signal arrives:\n\(read(directory))\n\(read(jsonURL))")
        XCTAssertEqual(read(directory), "\(root)/picker/fruit ItemSelected row=0 component=0\n\(root)/picker/fruit ModelSelected models=[\"apple\"]\n")
        XCTAssertEqual(read(jsonURL).split(separator: "\n").first.map(String.init),
                       #"{"path":"/org/rxwidgets/Widgets1/picker/fruit","interface":"org.rxwidgets.Widgets1.Picker","signal":"ItemSelected","args":{"row":0,"component":0}}"#)
        // Widgets appearing and going, when watching them all.
        try call(root, managerInterface, "CreateTable", [.string("t"), options([])])
        try call(root, managerInterface, "Destroy", [.objectPath(ObjectPath("\(root)/table/t")!)])
        XCTAssertTrue(waitUntil(timeout: 10) { read(directory).split(separator: "\n").count >= 4 }, read(directory))
        XCTAssertEqual(read(directory).split(separator: "\n").suffix(2).map(String.init), [
            #"/org/rxwidgets/Widgets1 InterfacesAdded object_path="/org/rxwidgets/Widgets1/table/t" interfaces=["org.rxwidgets.Widgets1.Table"]"#,
            #"/org/rxwidgets/Widgets1 InterfacesRemoved object_path="/org/rxwidgets/Widgets1/table/t" interfaces=["org.rxwidgets.Widgets1.Table"]"#,
        ])
        // A prompt's signals too (a widget's added interface).
        try call(root, managerInterface, "CreatePicker", [.string("asked"), options([("items", titles([["yes", "no"]])), ("prompt", options([("title", .string("Go?"))]))])])
        try call("\(root)/picker/asked", "org.rxwidgets.Widgets1.Prompt", "Finish")
        XCTAssertTrue(waitUntil(timeout: 10) { read(directory).contains("Finished") }, read(directory))
        XCTAssertTrue(read(directory).contains(#"/org/rxwidgets/Widgets1/picker/asked Finished state="answered" answer=["yes"]"#), read(directory))
        watch.terminate()
        watchJSON.terminate()
        watch.waitUntilExit()
        watchJSON.waitUntilExit()
        XCTAssertEqual(watch.terminationStatus, 143)
        let nowhere = try run(["watch", "/no/such/path"])
        XCTAssertEqual(nowhere.status, 2, "no widget there: refused at once, not a wait for ever")
        XCTAssertTrue(nowhere.error.contains("no widget is at '/no/such/path'"), nowhere.error)
    }

    func testTheSessionBusIsFoundAtXDG_RUNTIME_DIRWhenNoAddressIsSet() throws {
        // As sd-bus and libdbus do (ssh, sudo, cron give no DBUS_SESSION_BUS_ADDRESS).
        try call(root, managerInterface, "CreatePicker", [.string("found"), options([])])
        let runtime = bus.directory.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        let socket = try XCTUnwrap(bus.address.split(separator: ",").first?.split(separator: "=", maxSplits: 1).last.map(String.init))
        try FileManager.default.createSymbolicLink(atPath: runtime.appendingPathComponent("bus").path, withDestinationPath: socket)
        let listed = try runCommand(frontEndExecutable, ["list"], environment: ["XDG_RUNTIME_DIR": runtime.path, "LANG": "C.UTF-8", "DBUS_SESSION_BUS_ADDRESS": ""])
        XCTAssertEqual(listed.status, 0, listed.error)
        XCTAssertEqual(listed.output, "\(root)/picker/found  picker  1\n")
    }

    func testExitStatusesWithoutATerminal() throws {
        let usage = try run(["choose", "--hieght", "3"])
        XCTAssertEqual(usage.status, 2)
        XCTAssertTrue(usage.error.contains("choose has no option '--hieght'"), usage.error)
        XCTAssertEqual(try run(["frobnicate"]).status, 2)
        // A question is asked without a terminal (a prompt); operating a widget is not.
        let noTerminal = try run(["attach", "\(root)/picker/none"])
        XCTAssertEqual(noTerminal.status, 2, "runCommand gives it no controlling terminal")
        XCTAssertTrue(noTerminal.error.contains("no terminal"), noTerminal.error)
        XCTAssertEqual(noTerminal.output, "")

        let otherBus = try PrivateBus()
        let noDaemon = try run(["list"], address: otherBus.address)
        XCTAssertEqual(noDaemon.status, 3)
        XCTAssertTrue(noDaemon.error.contains("rxwidgetsd is not running"), noDaemon.error)
        XCTAssertTrue(noDaemon.error.contains("rxwidgetsd &"), "says how to start it: \(noDaemon.error)")
        otherBus.stop()
        let help = try run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.output.hasPrefix("Usage: rxwidgets COMMAND"))
        for words in [["choose", "--help"], ["help", "choose"]] {
            let one = try run(words)
            XCTAssertEqual(one.status, 0)
            XCTAssertTrue(one.output.hasPrefix("Usage: rxwidgets choose [--header TEXT]"), "\(words): \(one.output)")
            XCTAssertFalse(one.output.contains("attach OBJECT_PATH"), "one command's help only")
        }
        XCTAssertEqual(try run(["help", "nope"]).status, 2)
        XCTAssertEqual(try run(["--version"]).output, "rxwidgets 1.0.0\n")
        for (words, message) in [(["validate", "usernameAvailable"], "validate needs a validator's NAME and a COMMAND"),
                                 (["validate", "x", "--timeout", "0", "--", "true"], "--timeout '0' is not a number of seconds from 1 to 3600"),
                                 (["validate", "x", "--form", "/org/rxwidgets/Widgets1/picker/p", "--", "true"], "is not a form's path")] {
            let refused = try run(words)
            XCTAssertEqual(refused.status, 2, "\(words)")
            XCTAssertTrue(refused.error.contains(message), "\(words): \(refused.error)")
        }
        let unknown = try run(["validate", "x", "--form", "/org/rxwidgets/Widgets1/form/nothing", "--", "true"])
        XCTAssertEqual(unknown.status, 3, "a form that is not there: \(unknown.error)")
    }

    func testTheDaemonIsStartedByActivation() throws {
        let services = bus.directory.appendingPathComponent("services")
        try FileManager.default.createDirectory(at: services, withIntermediateDirectories: true)
        try "[D-BUS Service]\nName=org.rxwidgets.Widgets1\nExec=\(daemonExecutable) --no-state\n".write(to: services.appendingPathComponent("org.rxwidgets.Widgets1.service"), atomically: true, encoding: .utf8)
        let activating = try PrivateBus(serviceDirectory: services.path)
        defer { activating.stop() }
        let listed = try run(["list", "--json"], address: activating.address)
        XCTAssertEqual(listed.status, 0, listed.error)
        XCTAssertEqual(listed.output, "[]\n")
    }

    func testCompletionsParseInTheirShells() throws {
        for shell in ["bash", "zsh", "fish"] {
            let script = try run(["completions", shell])
            XCTAssertEqual(script.status, 0)
            XCTAssertTrue(script.output.contains("attach"), shell)
            let file = bus.directory.appendingPathComponent("completion.\(shell)")
            try script.output.write(to: file, atomically: true, encoding: .utf8)
            if shell == "bash" {
                let checked = try runCommand("/bin/bash", ["-n", file.path])
                XCTAssertEqual(checked.status, 0, checked.error)
                // Templates, JSON files, and the directories on the way to them.
                let here = bus.directory.appendingPathComponent("complete")
                try FileManager.default.createDirectory(at: here.appendingPathComponent("specs"), withIntermediateDirectories: true)
                try "{}".write(to: here.appendingPathComponent("survey.json"), atomically: true, encoding: .utf8)
                try "x".write(to: here.appendingPathComponent("script.sh"), atomically: true, encoding: .utf8)
                let completed = try runCommand("/bin/bash", ["-c", "cd \(here.path); source \(file.path); COMP_WORDS=(rxwidgets form s); COMP_CWORD=2; _rxwidgets; echo ${COMPREPLY[@]}"])
                XCTAssertEqual(completed.output, "sign-up survey.json specs\n", completed.error)
            }
        }
        let daemonScript = repositoryRoot.appendingPathComponent("completions/rxwidgetsd.bash").path
        let daemonDirectory = URL(fileURLWithPath: daemonExecutable).deletingLastPathComponent().path
        let daemonCompleted = try runCommand("/bin/bash", ["-c", "PATH=\(daemonDirectory):$PATH; source \(daemonScript); COMP_WORDS=(rxwidgetsd --no-s); COMP_CWORD=1; _rxwidgetsd; echo ${COMPREPLY[@]}"])
        XCTAssertEqual(daemonCompleted.output, "--no-state\n", "rxwidgetsd's options come from its --help: \(daemonCompleted.error)")
    }
}

/// What reaches a terminal from a widget is inert: no title, model or value
/// can send a control or reorder the text around it (a bidi override).
final class TerminalOutputTests: DaemonTestCase {
    /// Runs `rxwidgets ARGUMENTS` on a pseudo-terminal (`script`) for `seconds`,
    /// while `during` runs; returns the raw bytes it wrote to the terminal.
    private func rawTerminalOutput(_ arguments: [String], seconds: Double, during: () throws -> Void) throws -> [UInt8] {
        let typescript = bus.directory.appendingPathComponent("typescript-\(UUID().uuidString)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        let command = ([frontEndExecutable] + arguments + ["--address", bus.address]).map { "'\($0)'" }.joined(separator: " ")
        process.arguments = ["-q", "-e", "-c", command, typescript.path]
        process.environment = ["LANG": "C.UTF-8", "TERM": "xterm", "PATH": "/usr/bin:/bin"]
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/dev/null"))
        try process.run()
        Thread.sleep(forTimeInterval: 1)
        try during()
        Thread.sleep(forTimeInterval: seconds)
        process.terminate()
        process.waitUntilExit()
        return [UInt8](try Data(contentsOf: typescript))
    }

    private let hostile = "a\u{202E}evil\u{0085}b\u{009B}31mc\u{1B}[2Jd"

    private func containsRaw(_ bytes: [UInt8], _ scalar: Unicode.Scalar) -> Bool {
        let needle = Array(String(scalar).utf8)
        return bytes.indices.contains { index in bytes[index...].starts(with: needle) }
    }

    func testWatchEscapesControlsAndBidiOverrides() throws {
        try call(root, managerInterface, "CreatePicker", [.string("p"), options([("items", titles([["plain", hostile]]))])])
        let bytes = try rawTerminalOutput(["watch"], seconds: 1) {
            try call("\(root)/picker/p", pickerInterface, "SelectRow", [.int32(1), .int32(0)])
        }
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(text.contains("ModelSelected"), text)
        for scalar: Unicode.Scalar in ["\u{202E}", "\u{0085}", "\u{009B}", "\u{1B}"] {
            XCTAssertFalse(containsRaw(bytes, scalar), "U+\(String(scalar.value, radix: 16)) reached the terminal raw: \(text)")
        }
        XCTAssertTrue(text.contains("\\u202e"), text)
    }

    func testAttachDrawsControlsAndBidiOverridesInert() throws {
        try call(root, managerInterface, "CreatePicker", [.string("p"), options([("items", titles([[hostile, "plain"]]))])])
        let bytes = try rawTerminalOutput(["attach", "\(root)/picker/p"], seconds: 1) {}
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(text.contains("plain"), text)
        for scalar: Unicode.Scalar in ["\u{202E}", "\u{0085}", "\u{009B}"] {
            XCTAssertFalse(containsRaw(bytes, scalar), "U+\(String(scalar.value, radix: 16)) reached the terminal raw")
        }
    }
}
