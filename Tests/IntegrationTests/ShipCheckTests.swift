import BusTestSupport
import Foundation
import XCTest

/// scripts/check-ship, which `make test` runs on the shipped binaries, is
/// checked itself: a refusal it cannot make guards nothing.
final class ShipCheckTests: XCTestCase {
    /// A binary holding ICU's data (34 MB, which a Foundation type in the
    /// daemon's code brings) is refused, however much `nm` prints after that
    /// symbol: with `grep -q` under pipefail, `nm` died of SIGPIPE and the
    /// check passed whatever the binary held.
    func testABinaryHoldingICUsDataIsRefused() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rxwidgets-ship-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // The symbols listed after icudt76_dat fill far more than a pipe holds.
        let filler = (0..<5_000).map { "int zz_filler_\($0)(void) { return \($0); }" }.joined(separator: "\n")
        let source = directory.appendingPathComponent("icu.c")
        try "const char icudt76_dat[16] = {1};\n\(filler)\nint main(void) { return icudt76_dat[0] - 1; }\n".write(to: source, atomically: true, encoding: .utf8)
        let binary = directory.appendingPathComponent("icu").path
        let compiled = try runCommand("/usr/bin/gcc", ["-O0", "-o", binary, source.path], timeout: .seconds(120))
        XCTAssertEqual(compiled.status, 0, compiled.error)
        let checked = try runCommand(repositoryRoot.appendingPathComponent("scripts/check-ship").path, [binary], timeout: .seconds(60))
        XCTAssertEqual(checked.status, 1, checked.output + checked.error)
        XCTAssertTrue(checked.error.contains("links ICU's data"), checked.error)
    }
}
