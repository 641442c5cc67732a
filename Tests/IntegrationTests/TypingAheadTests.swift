import Foundation
import XCTest

/// Keys sent in one burst (one tmux `send-keys`, as a fast typist or a
/// paste gives them) print what the same keys give one at a time: each key
/// is applied to the state the keys before it led to (docs/behaviour.md,
/// "Typing ahead").
final class TypingAheadTests: DaemonTestCase {
    private func start(_ arguments: [String]) throws -> TerminalSession {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: frontEndExecutable), "build the front end first (make test does): \(frontEndExecutable) is missing")
        return try TerminalSession(arguments, address: bus.address, columns: 80, rows: 24)
    }

    func testChooseWithALimitOfTwoPrintsTwoWhenFiveAreChosenInABurst() throws {
        for run in 1...3 {
            let terminal = try start(["choose", "--limit", "2", "a", "b", "c", "d", "e"])
            terminal.waitForScreen("› ○ a")
            terminal.send("Space", "Down", "Space", "Down", "Space", "Down", "Space", "Down", "Space", "Down", "Enter")
            XCTAssertEqual(terminal.exitStatus(), 0, "run \(run): \(terminal.error)")
            XCTAssertEqual(terminal.output, "a\nb\n", "run \(run): the limit holds however fast the keys come")
        }
    }

    func testFilterWithALimitOfTwoHoldsItInABurst() throws {
        let terminal = try start(["filter", "--limit", "2", "red", "green", "blue", "grey"])
        terminal.waitForScreen("red")
        terminal.send("Tab", "Down", "Tab", "Down", "Tab", "Down", "Tab", "Enter")
        XCTAssertEqual(terminal.exitStatus(), 0, terminal.error)
        XCTAssertEqual(terminal.output, "red\ngreen\n")
    }

    func testSignUpTypedInOneBurstSubmits() throws {
        let terminal = try start(["form", "sign-up"])
        terminal.waitForScreen("› Username")
        terminal.send("abcde", "Tab", "secret", "Tab", "secret", "Tab", "Enter")
        XCTAssertEqual(terminal.exitStatus(), 0, "\(terminal.error)\n\(terminal.screen)")
        XCTAssertEqual(terminal.output, "username=abcde\npassword=secret\nrepeatPassword=secret\n")
    }

    func testAFilteredChoiceTypedInOneBurstPrintsTheRowTheQueryShows() throws {
        let terminal = try start(["choose", "apple", "banana", "cherry", "date"])
        terminal.waitForScreen("› apple")
        terminal.send("/", "che", "Enter", "Enter")
        XCTAssertEqual(terminal.exitStatus(), 0, terminal.error)
        XCTAssertEqual(terminal.output, "cherry\n")
    }

    func testASwitchToggledTwiceInABurstIsBackWhereItWas() throws {
        let spec = bus.directory.appendingPathComponent("switch.json")
        try #"{"fields":[{"name":"news","kind":"switch","initial":false}]}"#.write(to: spec, atomically: true, encoding: .utf8)
        let terminal = try start(["form", spec.path])
        terminal.waitForScreen("[ ] off")
        terminal.send("Space", "Space", "Space", "Tab", "Enter")
        XCTAssertEqual(terminal.exitStatus(), 0, terminal.error)
        XCTAssertEqual(terminal.output, "news=true\n", "three toggles from off: on")
    }

    /// fzf's mouse: a click chooses a row, a click on it again is Enter,
    /// the wheel moves; --no-mouse leaves the mouse to the terminal.
    func testAClickChoosesARowAndASecondClickIsEnter() throws {
        let terminal = try start(["choose", "apple", "banana", "cherry"])
        terminal.waitForScreen("› apple")
        terminal.type("\u{1B}[<0;5;3M\u{1B}[<0;5;3m")
        terminal.waitForScreen("› cherry")
        terminal.type("\u{1B}[<64;5;2M")
        terminal.waitForScreen("› banana")
        terminal.type("\u{1B}[<0;5;2M\u{1B}[<0;5;2m")
        XCTAssertEqual(terminal.exitStatus(), 0, terminal.error)
        XCTAssertEqual(terminal.output, "banana\n")

        let several = try start(["choose", "--no-limit", "a", "b", "c"])
        several.waitForScreen("› ○ a")
        several.type("\u{1B}[<0;5;2M\u{1B}[<0;5;2m\u{1B}[<0;5;2M")
        several.waitForScreen("› ● b")
        several.send("Enter")
        XCTAssertEqual(several.exitStatus(), 0, several.error)
        XCTAssertEqual(several.output, "b\n", "a click moves the cursor, a second chooses")

        let keyboardOnly = try start(["choose", "--no-mouse", "apple", "banana", "cherry"])
        keyboardOnly.waitForScreen("› apple")
        keyboardOnly.type("\u{1B}[<0;5;3M")
        keyboardOnly.send("Enter")
        XCTAssertEqual(keyboardOnly.exitStatus(), 0, keyboardOnly.error)
        XCTAssertEqual(keyboardOnly.output, "apple\n", "the report is no key without the mouse taken")
    }
}
