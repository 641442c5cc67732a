import BusTestSupport
import Foundation
import XCTest

/// The message catalogs (po/*.po) compiled where the programs in .build
/// find them (`.build/locale`), as `make` does: a test that reads German or
/// French runs against the catalogs of this very tree.
enum Catalogs {
    static let directory = repositoryRoot.appendingPathComponent(".build/locale").path

    static func compile() throws {
        let result = try run(["--compile", directory])
        XCTAssertEqual(result.status, 0, "scripts/extract-messages --compile: \(result.output)")
    }

    /// `scripts/extract-messages ARGUMENTS`: its exit status and what it wrote.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = repositoryRoot.appendingPathComponent("scripts/extract-messages")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
}

/// Every message the programs show people is in the template, and the
/// German and French catalogs translate each of them, keeping its {N}
/// placeholders (scripts/extract-messages --check).
final class CatalogCoverageTests: XCTestCase {
    func testTheTemplateIsCurrentAndEveryCatalogTranslatesEveryMessage() throws {
        let result = try Catalogs.run(["--check"])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.contains("2 catalogs (de, fr), 0 problems"), result.output)
    }

    func testMakeInstallsEveryCatalogWhereTheProgramsFindThemAndUninstallRemovesThem() throws {
        let made = try runCommand("/usr/bin/make", ["-n", "-C", repositoryRoot.path, "install", "uninstall", "DESTDIR=/staged", "PREFIX=/usr"])
        XCTAssertEqual(made.status, 0, made.error)
        for language in ["de", "fr"] {
            let installed = "/staged/usr/share/locale/\(language)/LC_MESSAGES/rxwidgets.mo"
            XCTAssertTrue(made.output.contains(".build/locale/\(language)/LC_MESSAGES/rxwidgets.mo \(installed)"), "make install installs \(installed):\n\(made.output)")
            XCTAssertTrue(made.output.split(separator: "\n").contains { $0.hasPrefix("rm -f ") && $0.contains(" \(installed)") }, "make uninstall removes \(installed)")
        }
    }
}
