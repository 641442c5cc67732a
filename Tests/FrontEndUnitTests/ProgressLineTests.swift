import RxWidgetsCommandLine
import XCTest

/// zenity's progress protocol a line at a time: what each line asks, and
/// every malformed one ignored, as zenity ignores it.
final class ProgressLineTests: XCTestCase {
    func testEachKindOfLine() {
        XCTAssertEqual(ProgressLine.parse("42", steps: 0), .percentage(42))
        XCTAssertEqual(ProgressLine.parse("  7.5  ", steps: 0), .percentage(7.5))
        XCTAssertEqual(ProgressLine.parse("150", steps: 0), .percentage(100), "clamped to 100")
        XCTAssertEqual(ProgressLine.parse("-3", steps: 0), .percentage(0), "clamped to 0")
        XCTAssertEqual(ProgressLine.parse("# Copying photos…", steps: 0), .text("Copying photos…"))
        XCTAssertEqual(ProgressLine.parse("#", steps: 0), .text(""), "an empty text clears it")
        XCTAssertEqual(ProgressLine.parse("step 2 done", steps: 3), .step(index: 1, status: "done"))
        XCTAssertEqual(ProgressLine.parse("pulsate", steps: 0), .pulse)
    }

    func testMalformedLinesAreIgnored() {
        for line in ["", "   ", "abc", "12abc", "nan", "inf", "-inf", "1e999", "step", "step 1", "step 0 done", "step 4 done", "step -1 done",
                     "step 1 finished", "step one done", "step 1 done extra", "STEP 1 done", "pulsating", "\u{0}", String(repeating: "9", count: 400) + "x"] {
            XCTAssertNil(ProgressLine.parse(line, steps: 3), "\(line.prefix(40)) is ignored")
        }
        XCTAssertNil(ProgressLine.parse("step 1 done", steps: 0), "no steps: no step line")
    }
}
