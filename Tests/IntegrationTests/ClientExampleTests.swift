import RxWidgetsClient
import XCTest

/// The README's client example is this file's code, compiled with nothing
/// imported but RxWidgetsClient, and run against the daemon.
final class ClientExampleTests: DaemonTestCase {

    /// The example, as the README shows it (`print` is the test's).
    private func example() throws {
        // README: begin
        let client = try WidgetsClient()          // DBUS_STARTER_ADDRESS, else DBUS_SESSION_BUS_ADDRESS
        let picker = try client.createPicker("fruit", items: [["apple", "banana", "cherry"]], transient: true)
        let bag = DisposeBag()
        picker.rx.itemSelected
            .subscribe(onNext: { print("row \($0.row) of component \($0.component)") })
            .disposed(by: bag)
        picker.rx.selectedRows                     // the current value first, then every change
            .subscribe(onNext: { print("selected", $0) })
            .disposed(by: bag)
        try picker.selectRow(2, inComponent: 0)    // returns after the new SelectedRows and ItemSelected were delivered
        print(try picker.titles(component: 0, first: 0, count: 100))
        MainLoop.shared.run()                      // a program that waits for a person serves until MainLoop.shared.stop()
        // README: end
    }

    func testTheReadmeShowsTheExampleCompiledHere() throws {
        let here = URL(fileURLWithPath: #filePath)
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = try String(contentsOf: here, encoding: .utf8).components(separatedBy: "\n")
        let begin = try XCTUnwrap(lines.firstIndex { $0.hasSuffix("// README: begin") })
        let end = try XCTUnwrap(lines.firstIndex { $0.hasSuffix("// README: end") })
        let example = lines[(begin + 1)..<end].map { String($0.dropFirst(8)) }.joined(separator: "\n")
        XCTAssertTrue(readme.contains("```swift\nimport RxWidgetsClient\n\n" + example + "\n```"), "README.md's client example is, line for line, the code this file compiles")
    }

    func testTheExampleRuns() throws {
        setenv("DBUS_SESSION_BUS_ADDRESS", bus.address, 1)
        unsetenv("DBUS_STARTER_ADDRESS")
        let stop = MainLoop.shared.addTimer(after: 200_000_000) { MainLoop.shared.stop() }
        defer { stop.dispose() }
        try example()
        XCTAssertEqual(printedLines.lines, ["selected [0]", "selected [2]", "row 2 of component 0", "[\"apple\", \"banana\", \"cherry\"]"])
    }
}

/// What the example prints, kept for the test: `print` in this file is this one.
private func print(_ items: Any...) {
    printedLines.append(items.map { "\($0)" }.joined(separator: " "))
}

private let printedLines = PrintedLines()

/// `@unchecked Sendable`: a global the example's closures reach; the lock
/// keeps it safe whatever thread they run on (they run on the main loop's).
private final class PrintedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []

    func append(_ line: String) {
        lock.withLock { stored.append(line) }
    }

    var lines: [String] {
        lock.withLock { stored }
    }
}
