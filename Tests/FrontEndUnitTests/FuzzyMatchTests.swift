@testable import rxwidgets
import RxWidgetsCommandLine
import XCTest

final class FuzzyMatchTests: XCTestCase {
    func testLettersInOrderMatchCaseIgnored() {
        XCTAssertNotNil(FuzzyMatch.score("BlueBerry", query: "bry"))
        XCTAssertNil(FuzzyMatch.score("banana", query: "bry"))
        XCTAssertNil(FuzzyMatch.score("yrb", query: "bry"), "in order only")
        XCTAssertEqual(FuzzyMatch.score("anything", query: ""), 0)
    }

    func testConsecutiveLettersAndWordStartsRankFirst() {
        let texts = ["fabric", "brie", "a bri cheese", "bxrxi"].enumerated().map { ($0.offset, $0.element) }
        XCTAssertEqual(FuzzyMatch.ranked(texts, query: "bri"), [1, 2, 0, 3], "brie and 'a bri' start words with the run; brie is shorter")
    }
}

final class ArgumentsTests: XCTestCase {
    func testAComponentsTitlesTakeEscapedCommasAndBackslashes() {
        XCTAssertEqual(Arguments.titles(#"a\,b,c\\,d"#), ["a,b", #"c\"#, "d"])
        XCTAssertEqual(Arguments.titles("x,,y"), ["x", "", "y"])
        XCTAssertEqual(Arguments.titles(#"end\"#), [#"end\"#], "a lone trailing backslash is kept")
    }

    func testNameIsCheckedAndChooseTakesIndexAndLimits() throws {
        XCTAssertEqual(try Arguments(["choose", "--name", "fruit", "a"]).widgetName, "fruit")
        XCTAssertThrowsError(try Arguments(["choose", "--name", "no good", "a"]))
        XCTAssertThrowsError(try Arguments(["choose", "--limit", "2", "--no-limit", "a"]))
        XCTAssertEqual(try Arguments(["choose", "--index", "--limit", "3", "a"]).command, .choose(header: nil, height: nil, selected: nil, limit: 3, index: true, timeout: nil, labelDelimiter: nil, items: ["a"]))
    }
}

final class GtkArgumentsTests: XCTestCase {
    func testTheGtkFrontEndTakesWindowOptionsAndOnlyTheCommandsThatShowAWidget() throws {
        let arguments = try Arguments(["choose", "--title", "Fruit", "--width", "300", "a"], frontEnd: .gtk)
        XCTAssertEqual(arguments.window, WindowOptions(title: "Fruit", width: 300))
        XCTAssertThrowsError(try Arguments(["choose", "--title", "Fruit", "a"]), "the terminal has no window to title")
        XCTAssertThrowsError(try Arguments(["filter", "a"], frontEnd: .gtk)) { error in
            XCTAssertTrue("\(error)".hasPrefix("unknown command 'filter'; the commands are choose, pick"), "\(error)")
        }
        XCTAssertThrowsError(try Arguments(["choose", "--accessible", "a"], frontEnd: .gtk), "windows are accessible through AT-SPI")
        XCTAssertThrowsError(try Arguments(["form", "sign-up", "--width", "50"], frontEnd: .gtk))
    }

    func testCompletionsNameTheProgramTheyComplete() {
        let bash = Completions.script(for: "bash", frontEnd: .gtk)
        XCTAssertTrue(bash.contains("complete -o filenames -F _rxwidgets_gtk rxwidgets-gtk"), bash)
        XCTAssertTrue(bash.contains("choose) words=\"--header --height --selected"), bash)
        XCTAssertTrue(bash.contains("--title --width"), bash)
        XCTAssertFalse(bash.contains("filter)"), "no command it does not take")
        XCTAssertTrue(Completions.script(for: "fish", frontEnd: .gtk).contains("complete -c rxwidgets-gtk -n '__fish_seen_subcommand_from form' -l title -r"))
        XCTAssertTrue(Completions.script(for: "zsh", frontEnd: .gtk).hasPrefix("#compdef rxwidgets-gtk"))
        XCTAssertFalse(Completions.script(for: "bash").contains("--width"), "the terminal's have no window options (--title is progress's own)")
    }
}
