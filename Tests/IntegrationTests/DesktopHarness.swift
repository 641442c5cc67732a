import BusTestSupport
import Foundation
import Glibc
import RxCoreEssentials
import XCTest

/// The GTK front end built by `swift build`.
let gtkFrontEndExecutable = repositoryRoot.appendingPathComponent(".build/debug/rxwidgets-gtk").path

/// Where the GTK tests put their screenshots.
let screenshotDirectory = repositoryRoot.appendingPathComponent(".build/gtk-screenshots")

/// A desktop of the test's own: an X server (Xvfb) on a free display and the
/// accessibility bus (`at-spi-bus-launcher`) announced on the test's private
/// session bus, so that GTK windows shown there can be read and driven as
/// a screen reader does, and keys sent as a keyboard does (`xdotool`).
final class Desktop {
    let display: String
    private let server = Process()
    private let accessibility = Process()
    private let bus: PrivateBus

    init(bus: PrivateBus) throws {
        self.bus = bus
        // Xvfb picks a free display and writes its number once it accepts
        // clients; -noreset, or the server resets when its last client
        // leaves (a probe, a finished window) and refuses whoever comes then.
        let ready = Pipe()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        server.arguments = ["-displayfd", "1", "-noreset", "-screen", "0", "1024x768x24", "-nolisten", "tcp"]
        server.standardOutput = ready
        server.standardError = FileHandle.nullDevice
        try server.run()
        var number = Data()
        while !number.contains(UInt8(ascii: "\n")) {
            let chunk = ready.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            number += chunk
        }
        display = ":" + String(decoding: number, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        // A client must get in before the desktop counts as up.
        let deadline = Date().addingTimeInterval(10)
        var probe = try runCommand("/usr/bin/xdotool", ["getdisplaygeometry"], environment: ["DISPLAY": display])
        while probe.status != 0, Date() < deadline {
            usleep(50_000)
            probe = try runCommand("/usr/bin/xdotool", ["getdisplaygeometry"], environment: ["DISPLAY": display])
        }
        XCTAssertEqual(probe.status, 0, "Xvfb on \(display) takes no client: \(probe.error)")
        accessibility.executableURL = URL(fileURLWithPath: "/usr/libexec/at-spi-bus-launcher")
        accessibility.arguments = ["--launch-immediately"]
        accessibility.environment = environment
        accessibility.standardOutput = FileHandle.nullDevice
        accessibility.standardError = FileHandle.nullDevice
        try accessibility.run()
    }

    deinit {
        stop()
    }

    func stop() {
        for process in [accessibility, server] where process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// What a program on this desktop runs with.
    var environment: [String: String] {
        ["DISPLAY": display, "DBUS_SESSION_BUS_ADDRESS": bus.address, "GDK_BACKEND": "x11", "GSETTINGS_BACKEND": "memory",
         "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "HOME": bus.directory.path, "XDG_RUNTIME_DIR": bus.directory.path]
    }

    /// Presses `keys` (xdotool's names: Down, Return, Escape, ctrl+space…) in the focused window.
    func press(_ keys: String...) {
        _ = try? runCommand("/usr/bin/xdotool", ["key", "--delay", "60"] + keys, environment: environment)
    }

    /// Presses `keys` with no delay between them, as a fast typist or a paste gives them.
    func burst(_ keys: String...) {
        _ = try? runCommand("/usr/bin/xdotool", ["key", "--delay", "0"] + keys, environment: environment)
    }

    /// Types `text` with no delay between the keys.
    func typeBurst(_ text: String) {
        _ = try? runCommand("/usr/bin/xdotool", ["type", "--delay", "0", text], environment: environment)
    }

    /// Types `text` as key presses.
    func type(_ text: String) {
        _ = try? runCommand("/usr/bin/xdotool", ["type", "--delay", "40", text], environment: environment)
    }

    /// The window of process `pid` (the whole screen when it has none) as a
    /// Whether the process `pid` shows a window: for windows GTK makes
    /// itself (the file chooser), which the accessibility tree may not list.
    func showsWindow(of pid: Int32) -> Bool {
        let windows = try? runCommand("/usr/bin/xdotool", ["search", "--onlyvisible", "--pid", "\(pid)"], environment: environment)
        return windows.map { $0.status == 0 && !$0.output.isEmpty } ?? false
    }

    /// Whether a window titled `title` is shown (by any process).
    func showsWindow(titled title: String) -> Bool {
        let windows = try? runCommand("/usr/bin/xdotool", ["search", "--onlyvisible", "--name", "^\(title)$"], environment: environment)
        return windows.map { $0.status == 0 && !$0.output.isEmpty } ?? false
    }

    /// PNG at `path`; the number of colours in it (a blank one has one).
    @discardableResult
    func screenshot(of pid: Int32, to path: URL) throws -> Int {
        try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        let windows = try runCommand("/usr/bin/xdotool", ["search", "--onlyvisible", "--pid", "\(pid)"], environment: environment)
        let window = windows.output.split(separator: "\n").last.map(String.init) ?? "root"
        let shot = try runCommand("/usr/bin/import", ["-display", display, "-window", window, path.path], environment: environment)
        XCTAssertEqual(shot.status, 0, shot.error)
        let colours = try runCommand("/usr/bin/identify", ["-format", "%k", path.path], environment: environment)
        return Int(colours.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }
}

/// One node of a window's accessibility tree, as `Tests/desktop/atspi.py` reports it.
struct AccessibleNode: Decodable {
    let role: String
    let name: String
    let description: String
    let states: [String]
    let text: String?
    let value: Double?
    let children: [String]
}

/// `rxwidgets-gtk ARGUMENTS` on a desktop: its standard output, standard
/// error and exit status, and its window read and driven through AT-SPI.
final class GtkSession {
    private let process = Process()
    private let desktop: Desktop
    private let directory: URL
    private let outputURL: URL
    private let errorURL: URL
    private static let driver = repositoryRoot.appendingPathComponent("Tests/desktop/atspi.py").path

    /// `executable`: rxwidgets-gtk, or rxwidgets choosing it; `environment` is added to the desktop's.
    init(_ arguments: [String], desktop: Desktop, input: String? = nil, executable: String = gtkFrontEndExecutable, environment: [String: String] = [:]) throws {
        self.desktop = desktop
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("rxwidgets-gtk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        outputURL = directory.appendingPathComponent("out")
        errorURL = directory.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = desktop.environment.merging(environment) { $1 }
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        if let input {
            let pipe = Pipe()
            process.standardInput = pipe
            try process.run()
            pipe.fileHandleForWriting.write(Data(input.utf8))
            try pipe.fileHandleForWriting.close()
        } else {
            process.standardInput = FileHandle.nullDevice
            try process.run()
        }
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }

    var pid: Int32 { process.processIdentifier }

    /// Sends it `signal`, as a session ending or a person's kill would.
    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// The exit status once it has exited (nil if it did not within `timeout` seconds).
    func exitStatus(timeout: TimeInterval = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline {
            usleep(20_000)
        }
        return process.isRunning ? nil : process.terminationStatus
    }

    var output: String { (try? String(contentsOf: outputURL, encoding: .utf8)) ?? "" }
    var error: String { (try? String(contentsOf: errorURL, encoding: .utf8)) ?? "" }

    /// Waits up to `timeout` seconds for a node of `role` named `name` ("*": any) in the window.
    func find(_ role: String, _ name: String, timeout: TimeInterval = 10) -> AccessibleNode? {
        guard let result = try? runCommand("/usr/bin/python3", [GtkSession.driver, "find", "rxwidgets-gtk", role, name, "\(timeout)"],
                                           environment: desktop.environment, timeout: .seconds(Int(timeout) + 20)),
              result.status == 0 else { return nil }
        return try? JSONDecoder().decode(AccessibleNode.self, from: Data(result.output.utf8))
    }

    /// Waits until the node of `role` named `name` satisfies `condition`; the last one seen.
    @discardableResult
    func waitFor(_ role: String, _ name: String, timeout: TimeInterval = 10, _ condition: (AccessibleNode) -> Bool,
                 file: StaticString = #filePath, line: UInt = #line) -> AccessibleNode? {
        let deadline = Date().addingTimeInterval(timeout)
        var last: AccessibleNode?
        repeat {
            last = find(role, name, timeout: max(1, deadline.timeIntervalSinceNow))
            if let last, condition(last) { return last }
            usleep(50_000)
        } while Date() < deadline
        XCTFail("\(role) \(quoted(name)) never became as expected; last seen: \(String(describing: last))\n\(tree)\n"
                + "rxwidgets-gtk \(process.isRunning ? "runs" : "exited \(process.terminationStatus)"); its standard error:\n\(error)", file: file, line: line)
        return last
    }

    /// Waits up to `timeout` seconds for no node of `role` named `name` to be left; whether none is.
    func waitUntilGone(_ role: String, _ name: String, timeout: TimeInterval = 5) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if find(role, name, timeout: 0.2) == nil { return true }
            usleep(50_000)
        } while Date() < deadline
        return false
    }

    /// Performs the action named `action` of the node (click, toggle, window.close…).
    func act(_ role: String, _ name: String, _ action: String, file: StaticString = #filePath, line: UInt = #line) {
        let result = try? runCommand("/usr/bin/python3", [GtkSession.driver, "act", "rxwidgets-gtk", role, name, action], environment: desktop.environment)
        XCTAssertEqual(result?.status, 0, result?.error ?? "the AT-SPI driver did not run", file: file, line: line)
    }

    /// Clicks the pointer at the middle of the node: for what offers no
    /// action to AT-SPI (GTK 4.8's column headers are fillers).
    func click(_ role: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let result = try? runCommand("/usr/bin/python3", [GtkSession.driver, "click", "rxwidgets-gtk", role, name], environment: desktop.environment)
        XCTAssertEqual(result?.status, 0, result?.error ?? "the AT-SPI driver did not run", file: file, line: line)
    }

    /// Gives the node the keyboard focus.
    func focus(_ role: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let result = try? runCommand("/usr/bin/python3", [GtkSession.driver, "focus", "rxwidgets-gtk", role, name], environment: desktop.environment)
        XCTAssertEqual(result?.status, 0, result?.error ?? "the AT-SPI driver did not run", file: file, line: line)
    }

    /// Sets the node's value (AT-SPI's Value: a slider, a spin button).
    func setValue(_ role: String, _ name: String, _ value: Double, file: StaticString = #filePath, line: UInt = #line) {
        let result = try? runCommand("/usr/bin/python3", [GtkSession.driver, "set-value", "rxwidgets-gtk", role, name, "\(value)"], environment: desktop.environment)
        XCTAssertEqual(result?.status, 0, result?.error ?? "the AT-SPI driver did not run", file: file, line: line)
    }

    /// Starts watching, through AT-SPI, for the node to have `state`: what
    /// a screen reader would notice, timed on the monotonic clock.
    func watchState(_ role: String, _ name: String, _ state: String, seconds: Int = 5) throws -> StateWatch {
        try StateWatch(arguments: [GtkSession.driver, "wait-state", "rxwidgets-gtk", role, name, state, "\(seconds)"], environment: desktop.environment)
    }

    /// The whole accessibility tree, for failure messages.
    var tree: String {
        (try? runCommand("/usr/bin/python3", [GtkSession.driver, "tree", "rxwidgets-gtk"], environment: desktop.environment).output) ?? ""
    }
}

/// A running `atspi.py wait-state`: it says "ready" once it has found its
/// node, then the monotonic second at which the node first had the state.
final class StateWatch {
    private let process = Process()
    private let output = Pipe()
    private var lines: [String] = []
    private var buffer = Data()

    init(arguments: [String], environment: [String: String]) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        if process.isRunning {
            process.terminate()
        }
    }

    private func nextLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer = Data(buffer[buffer.index(after: newline)...])
                return line
            }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { return nil }
            buffer += chunk
        }
    }

    /// Whether the node was found.
    func waitUntilReady() -> Bool {
        nextLine() == "ready"
    }

    /// When the node had the state (seconds on CLOCK_MONOTONIC), or nil if it never did.
    func observedAt() -> Double? {
        nextLine().flatMap(Double.init)
    }
}

/// Now on CLOCK_MONOTONIC, in seconds: the clock `StateWatch` reports on.
func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// A test of the GTK front end: a private bus, the daemon, and a desktop
/// (Xvfb, an accessibility bus) for the windows, set up and torn down
/// around each test.
class DesktopTestCase: DaemonTestCase {
    var desktop: Desktop!

    override func setUpWithError() throws {
        try super.setUpWithError()
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: gtkFrontEndExecutable), "build the GTK front end first (make test does): \(gtkFrontEndExecutable) is missing")
        desktop = try Desktop(bus: bus)
    }

    override func tearDown() {
        desktop?.stop()
        super.tearDown()
    }

    /// `rxwidgets-gtk` with `arguments` on this test's bus.
    func start(_ arguments: [String], input: String? = nil, environment: [String: String] = [:]) throws -> GtkSession {
        try GtkSession(arguments + ["--address", bus.address], desktop: desktop, input: input, environment: environment)
    }

    /// A screenshot of the session's window in .build/gtk-screenshots/NAME.png, which must not be blank.
    func screenshot(_ name: String, of session: GtkSession) throws {
        let colours = try desktop.screenshot(of: session.pid, to: screenshotDirectory.appendingPathComponent("\(name).png"))
        XCTAssertGreaterThan(colours, 16, "the screenshot of \(name) is not blank")
    }

    /// A folder holding empty `files`, removed after the test.
    func temporaryFolder(files: [String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rxwidgets-files-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for file in files {
            _ = FileManager.default.createFile(atPath: folder.appendingPathComponent(file).path, contents: Data())
        }
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder.path
    }
}
