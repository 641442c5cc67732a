import RxWidgetsClient
import XCTest

/// The README's client example is this file's code, compiled with nothing
/// imported but RxWidgetsClient, and run against the daemon.
final class ClientExampleTests: DaemonTestCase {

    /// The example, as the README shows it (`print` is the test's).
    private func example() throws {
        // README: begin
        let client = try WidgetsClient()          // DBUS_STARTER_ADDRESS, else DBUS_SESSION_BUS_ADDRESS
        let picker = try client.createPicker("fruit", items: [["apple", "banana", "cherry"]], transient: true, replace: true)
        let bag = DisposeBag()
        picker.rx.itemSelected
            .subscribe(onNext: { print("row \($0.row) of component \($0.component)") })
            .disposed(by: bag)
        picker.rx.selectedRows                     // the current value first, then every change
            .subscribe(onNext: { print("selected", $0) })
            .disposed(by: bag)
        try picker.selectRow(2, inComponent: 0)    // returns after the new SelectedRows and ItemSelected were delivered
        print(try picker.titles(component: 0, first: 0, count: 100))
        try picker.setFilter("an")                 // the daemon searches, ranked as fzf ranks; every front end shows the same list
        print(try picker.matches(in: 0, first: 0, count: 10).map(\.title))
        MainLoop.shared.run()                      // a program that waits for a person serves until MainLoop.shared.stop()
        // README: end
    }

    /// The README's remote validator, given the client; returns what it serves.
    private func validatorExample(_ client: WidgetsClient) throws -> (RemoteForm, Disposable) {
        // README validator: begin
        let form = try client.createForm("signup", spec: "github-signup", replace: true)
        let taken: Set<String> = ["octocat"]
        let serving = try client.serveValidator("usernameAvailable", on: form) { field, value in
            .just(taken.contains(value.stringValue ?? "") ? .invalid("That name is taken.") : .valid)
        }
        // README validator: end
        return (form, serving)
    }

    /// The README's data source, given the client; returns the picker and what it serves.
    private func dataSourceExample(_ client: WidgetsClient) throws -> (RemotePicker, Disposable) {
        // README data source: begin
        let numbers = try client.createPicker("numbers", transient: true, replace: true)
        let serving = try client.servePickerDataSource(on: numbers, rowCounts: { [10_000_000] }) { component, rows in
            rows.map { "number \($0)" }       // asked a page at a time, as readers need rows
        }
        try numbers.selectRow(9_999_999, inComponent: 0)   // ModelSelected carries "number 9999999"
        // README data source: end
        return (numbers, serving)
    }

    /// The lines between `// NAME: begin` and `// NAME: end` in this file, unindented.
    private func block(_ name: String, indent: Int) throws -> String {
        let lines = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8).components(separatedBy: "\n")
        let begin = try XCTUnwrap(lines.firstIndex { $0.hasSuffix("// \(name): begin") })
        let end = try XCTUnwrap(lines.firstIndex { $0.hasSuffix("// \(name): end") })
        return lines[(begin + 1)..<end].map { String($0.dropFirst(indent)) }.joined(separator: "\n")
    }

    func testTheReadmeShowsTheExamplesCompiledHere() throws {
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        XCTAssertTrue(readme.contains("```swift\nimport RxWidgetsClient\n\n" + (try block("README", indent: 8)) + "\n```"), "README.md's client example is, line for line, the code this file compiles")
        XCTAssertTrue(readme.contains("```swift\n" + (try block("README validator", indent: 8)) + "\n```"), "README.md's validator example is the code this file compiles")
        XCTAssertTrue(readme.contains("```swift\n" + (try block("README data source", indent: 8)) + "\n```"), "README.md's data source example is the code this file compiles")
    }

    func testTheValidatorExampleAnswersTheDaemon() throws {
        let client = try WidgetsClient(address: bus.address)
        let (form, serving) = try validatorExample(client)
        defer { serving.dispose() }
        try form.setValue(.string("octocat"), for: "username")
        XCTAssertTrue(waitUntil(timeout: 5) { form.validity["username"]?.reason == .remote })
        XCTAssertEqual(form.validity["username"]?.message, "That name is taken.")
    }

    func testTheDataSourceExampleServesTenMillionRows() throws {
        let client = try WidgetsClient(address: bus.address)
        var models: [[DBusValue]] = []
        let (numbers, serving) = try dataSourceExample(client)
        defer { serving.dispose() }
        let bag = DisposeBag()
        numbers.rx.modelSelected.subscribe(onNext: { models.append($0) }).disposed(by: bag)
        try numbers.selectRow(5, inComponent: 0)
        XCTAssertEqual(models, [[.string("number 5")]])
        XCTAssertEqual(numbers.rowCounts, [10_000_000])
        XCTAssertEqual(numbers.selectedRows, [5])
        XCTAssertEqual(try numbers.titles(component: 0, first: 9_999_998, count: 5), ["number 9999998", "number 9999999"])
    }

    /// Run after the README's tour, which made a picker named fruit that
    /// outlives its maker: the example replaces it.
    func testTheExampleRuns() throws {
        try call(root, managerInterface, "CreatePicker", [.string("fruit"), options([("items", titles([["apple"], ["small", "large"]]))])])
        setenv("DBUS_SESSION_BUS_ADDRESS", bus.address, 1)
        unsetenv("DBUS_STARTER_ADDRESS")
        let stop = MainLoop.shared.addTimer(after: 200_000_000) { MainLoop.shared.stop() }
        defer { stop.dispose() }
        try example()
        XCTAssertEqual(printedLines.lines, ["selected [0]", "selected [2]", "row 2 of component 0", "[\"apple\", \"banana\", \"cherry\"]", "[\"banana\"]"])
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
