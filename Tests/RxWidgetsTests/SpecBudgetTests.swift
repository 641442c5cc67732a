import BusTestSupport
import RxWidgets
import XCTest

/// The bounds that keep one form spec from crashing, stalling or bloating
/// the process that serves it (API rule 8 and 9).
final class SpecBudgetTests: XCTestCase {
    private func groups(_ depth: Int) -> String {
        String(repeating: "(", count: depth) + "a" + String(repeating: ")", count: depth)
    }

    func testPatternNestingStopsAtTheLimitWithoutRecursingPastIt() throws {
        XCTAssertNoThrow(try Pattern(groups(Pattern.maximumNesting - 1)))
        XCTAssertNoThrow(try Pattern(groups(Pattern.maximumNesting)))
        for source in [groups(Pattern.maximumNesting + 1), groups(50_000), "a" + String(repeating: "{1}", count: 50_000), String(repeating: "(?:", count: 50_000)] {
            XCTAssertThrowsError(try Pattern(source)) { error in
                XCTAssertTrue((error as? PatternError)?.message.contains("nested more than \(Pattern.maximumNesting) deep") == true, "\(error)")
            }
        }
        XCTAssertNoThrow(try Pattern("a" + String(repeating: "{1}", count: Pattern.maximumNesting - 1)))
        XCTAssertThrowsError(try Pattern("a" + String(repeating: "{1}", count: Pattern.maximumNesting)))
    }

    func testJSONNestingAtTheLimitAndPastIt() {
        let nested = { (depth: Int) in String(repeating: "[", count: depth) + String(repeating: "]", count: depth) }
        XCTAssertNoThrow(try JSONValue.parse(nested(JSONValue.maximumDepth)))
        XCTAssertThrowsError(try JSONValue.parse(nested(JSONValue.maximumDepth + 1)))
        XCTAssertThrowsError(try JSONValue.parse(nested(100_000)))
    }

    func testNULAnywhereInASpecIsRefusedWithItsPath() {
        for (spec, path) in [
            (#"{"fields":[{"name":"a","kind":"text","initial":"\u0000"}]}"#, "$.fields[0].initial"),
            (#"{"fields":[{"name":"c","kind":"choice","options":["x","y\u0000"]}]}"#, "$.fields[0].options[1]"),
            (#"{"fields":[{"name":"a","kind":"text","rules":{"messages":{"tooShort":"a\u0000b"}}}]}"#, "$.fields[0].rules.messages.tooShort"),
            (#"{"fields":[{"name":"a","kind":"text"}],"x\u0000":1}"#, "$ key"),
        ] {
            XCTAssertThrowsError(try FormSpec.parse(json: spec), spec) { error in
                let problems = (error as? FormSpecError)?.problems ?? []
                XCTAssertEqual(problems.map(\.path), [path], "\(error)")
                XCTAssertTrue(problems.first?.message.contains("U+0000") == true, "\(error)")
            }
        }
    }

    func testStringsInsideASpecObeyTheStringLimit() {
        var limits = FormSpecLimits()
        limits.stringLength = 100
        let long = String(repeating: "x", count: 101)
        XCTAssertNoThrow(try FormSpec.parse(json: #"{"fields":[{"name":"a","kind":"text","initial":"\#(String(long.dropLast()))"}]}"#, limits: limits))
        XCTAssertThrowsError(try FormSpec.parse(json: #"{"fields":[{"name":"a","kind":"text","initial":"\#(long)"}]}"#, limits: limits)) { error in
            XCTAssertEqual(error as? FormSpecLimitError, FormSpecLimitError(path: "$.fields[0].initial", message: "a string of 101 characters; the limit is 100"))
        }
    }

    func testFieldButtonAndOutputCounts() {
        let fields = { (count: Int) in #"{"fields":["# + (0..<count).map { #"{"name":"s\#($0)","kind":"switch"}"# }.joined(separator: ",") + "]}" }
        XCTAssertNoThrow(try FormSpec.parse(json: fields(FormSpecLimits().fields)))
        XCTAssertThrowsError(try FormSpec.parse(json: fields(25_000))) { error in
            XCTAssertEqual((error as? FormSpecLimitError)?.path, "$.fields")
        }
        let buttons = #"{"fields":[{"name":"c","kind":"choice","options":["x"]}],"buttons":["# + (0...FormSpecLimits().buttonsAndOutputs).map { #"{"name":"b\#($0)","field":"c","value":"x"}"# }.joined(separator: ",") + "]}"
        XCTAssertThrowsError(try FormSpec.parse(json: buttons)) { error in
            XCTAssertEqual((error as? FormSpecLimitError)?.path, "$.buttons")
        }
    }

    func testPatternInstructionsAreBudgetedPerForm() throws {
        let field = { (index: Int) in #"{"name":"t\#(index)","kind":"text","rules":{"maxLength":4,"pattern":"(?:a{999}){20}"}}"# }
        let one = try FormSpec.parse(json: #"{"fields":[\#(field(0))]}"#)
        XCTAssertEqual(one.fields[0].rules.pattern?.programSize, 19_981)
        XCTAssertThrowsError(try FormSpec.parse(json: #"{"fields":["# + (0..<1_000).map(field).joined(separator: ",") + "]}")) { error in
            XCTAssertEqual((error as? FormSpecLimitError)?.path, "$.fields")
        }
        XCTAssertThrowsError(try FormSpec.parse(json: #"{"fields":["# + (0..<10).map(field).joined(separator: ",") + "]}")) { error in
            let limit = error as? FormSpecLimitError
            XCTAssertEqual(limit?.path, "$.fields[5].rules.pattern")
            XCTAssertTrue(limit?.message.contains("the budget is 100000") == true, "\(error)")
        }
    }

    func testMatchingCostIsBudgetedByTheLongestValue() throws {
        let stars = String(repeating: ".*", count: 6_000)
        XCTAssertThrowsError(try FormSpec.parse(json: #"{"fields":[{"name":"t","kind":"text","rules":{"pattern":"\#(stars)"}}]}"#)) { error in
            let limit = error as? FormSpecLimitError
            XCTAssertEqual(limit?.path, "$.fields[0].rules.pattern")
            XCTAssertTrue(limit?.message.contains("could take 1179713536 steps") == true, "\(error)")
        }
        XCTAssertNoThrow(try FormSpec.parse(json: #"{"fields":[{"name":"t","kind":"text","rules":{"maxLength":100,"pattern":"\#(stars)"}}]}"#))
    }

    func testLengthsCountUnicodeScalarsSoThePatternInputIsBounded() throws {
        let form = Form(spec: try FormSpec.parse(json: #"{"fields":[{"name":"t","kind":"text","rules":{"maxLength":3,"pattern":"a*"}}]}"#))
        _ = try form.setValue(.text("a" + String(repeating: "\u{301}", count: 10)), for: "t")
        XCTAssertEqual(form.validity["t"]?.reason, .tooLong)
    }

    func testQuotedValuesAreCutWithTheirLength() {
        XCTAssertEqual(quoted("short"), "'short'")
        XCTAssertEqual(quoted("y\u{0}"), "'y\\0'", "a NUL cannot travel in a D-Bus string")
        let long = quoted(String(repeating: "n", count: 900_000))
        XCTAssertEqual(long, "'" + String(repeating: "n", count: 200) + "…' (900000 characters)")
    }

    func testProblemListsAreCut() {
        let spec = #"{"fields":[{"name":"c","kind":"choice","options":["# + (0..<500).map(String.init).joined(separator: ",") + "]}]}"
        XCTAssertThrowsError(try FormSpec.parse(json: spec)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasSuffix("; and 480 more problems"), String(text.suffix(80)))
            XCTAssertLessThan(text.count, 4_000)
        }
    }

    /// Random patterns from a small grammar: each either compiles within the
    /// bounds or is refused with a `PatternError`, and a compiled one matches
    /// a value in at most about `programSize × length` steps (checked by
    /// running it: a stall would hang the test, which XCTest reports).
    func testGeneratedPatternsCompileWithinBoundsOrAreRefused() {
        var random = SeededGenerator(for: "testGeneratedPatternsCompileWithinBoundsOrAreRefused")
        func atom(_ depth: Int) -> String {
            switch Int.random(in: 0..<9, using: &random) {
            case 0 where depth < 150: return "(" + pattern(depth + 1) + ")"
            case 1 where depth < 150: return "(?:" + pattern(depth + 1) + ")"
            case 2: return "[a-c\\d]"
            case 3: return "."
            case 4: return "\\w"
            case 5: return "[^x]"
            default: return String(["a", "b", "c", "é", "-"].randomElement(using: &random)!)
            }
        }
        func quantifier() -> String {
            ["", "", "*", "+", "?", "{2}", "{1,3}", "{0,}", "{999}", "*?"].randomElement(using: &random)!
        }
        func pattern(_ depth: Int) -> String {
            var text = ""
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                text += atom(depth) + quantifier()
                if Int.random(in: 0..<6, using: &random) == 0 { text += "|" }
            }
            return text
        }
        var compiled = 0
        for _ in 0..<200 {
            let source = pattern(Int.random(in: 0...160, using: &random))
            do {
                let compiledPattern = try Pattern(source)
                XCTAssertLessThanOrEqual(compiledPattern.programSize, Pattern.maximumProgramSize)
                _ = compiledPattern.matches(String(repeating: "ab", count: Int.random(in: 0...60, using: &random)))
                compiled += 1
            } catch {
                XCTAssertTrue(error is PatternError, "\(source): \(error)")
            }
        }
        XCTAssertGreaterThan(compiled, 0, "the grammar produces patterns that compile")
    }
}
