import Foundation
@testable import RxWidgetsCommandLine
import XCTest

/// Every option a command takes (`Arguments.options`, which parsing and the
/// completions use) is in its `--help` and in the man page: a new option
/// cannot be left out of either.
final class UsageTests: XCTestCase {
    private let manPage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("man/rxwidgets.1")

    func testEachCommandsHelpGivesItsWholeSynopsisAndEveryOption() throws {
        let man = try String(contentsOf: manPage, encoding: .utf8).replacingOccurrences(of: "\\-", with: "-")
        for command in Arguments.commands where command != "help" {
            let help = Arguments.usage(of: command)
            XCTAssertTrue(help.hasPrefix("Usage: rxwidgets \(command)"), "\(command): \(help)")
            for option in Arguments.options[command, default: []] {
                XCTAssertTrue(help.contains(option), "\(command) --help leaves out \(option):\n\(help)")
                XCTAssertTrue(man.contains(option), "the man page leaves out \(command)'s \(option)")
            }
        }
        let input = Arguments.usage(of: "input")
        for line in ["[--password] [--char-limit N] [--pattern REGEX]", "one line of text, checked by the daemon"] {
            XCTAssertTrue(input.contains(line), "input --help gives its second synopsis line and what it does: \(input)")
        }
        XCTAssertFalse(input.contains("  write "), "one command's help only")
    }

    /// Questions kept or not waited for are the terminal front end's: the
    /// GTK one refuses the options rather than ignore them, and the
    /// terminal one does not hand such a command over to it.
    func testTheGTKFrontEndRefusesKeepAndNoWait() {
        for words in [["choose", "--keep", "q", "a"], ["confirm", "--no-wait", "Sure?"]] {
            XCTAssertThrowsError(try Arguments(words, frontEnd: .gtk), "\(words)") { error in
                XCTAssertTrue("\(error)".contains("has no option '\(words[1])'"), "\(error)")
            }
            XCTAssertNoThrow(try Arguments(words, frontEnd: .terminal))
        }
        XCTAssertFalse(FrontEnd.gtk.options(of: "form").contains("--keep"))
    }
}
