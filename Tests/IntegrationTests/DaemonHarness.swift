import BusTestSupport
import DBus
import Foundation
import RxCoreEssentials
import XCTest

let busName = "org.rxwidgets.Widgets1"
let root = "/org/rxwidgets/Widgets1"
let managerInterface = "org.rxwidgets.Widgets1.Manager"
let pickerInterface = "org.rxwidgets.Widgets1.Picker"
let tableInterface = "org.rxwidgets.Widgets1.Table"
let formInterface = "org.rxwidgets.Widgets1.Form"
let errorPrefix = "org.rxwidgets.Widgets1.Error."

/// The repository's root, found from this file.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The daemon built by `swift build`.
/// The daemon the tests start: the debug build, or the one `RXWIDGETS_TEST_DAEMON`
/// names (`make test` runs the daemon's tests again on the shipped build).
let daemonExecutable = ProcessInfo.processInfo.environment["RXWIDGETS_TEST_DAEMON"].flatMap { $0.isEmpty ? nil : $0 }
    ?? repositoryRoot.appendingPathComponent(".build/debug/rxwidgetsd").path

/// A running `rxwidgetsd` on a private bus.
final class Daemon {
    let process = Process()
    let logURL: URL

    /// `addressSpaceLimit` runs the daemon under `prlimit --as`: an
    /// allocation past it fails inside the daemon (it aborts), never on the
    /// machine running the tests.
    init(bus: PrivateBus, arguments: [String] = [], addressArgument: String? = nil, addressSpaceLimit: Int? = nil) throws {
        logURL = bus.directory.appendingPathComponent("daemon-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: logURL.path, contents: nil)
        // A test keeps widgets only where it says (--state-dir); no test
        // reads or writes the user's own state directory.
        let state = arguments.contains { $0.hasPrefix("--state-dir") } ? [] : ["--no-state"]
        let daemonArguments = (addressArgument.map { [$0] } ?? ["--address", bus.address]) + ["--today", "2024-06-15"] + state + arguments
        if let addressSpaceLimit {
            // prlimit execs the daemon: the process's pid is the daemon's.
            process.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
            process.arguments = ["--as=\(addressSpaceLimit)", daemonExecutable] + daemonArguments
        } else {
            process.executableURL = URL(fileURLWithPath: daemonExecutable)
            process.arguments = daemonArguments
        }
        // The daemon words forms without a locale in its own: English here,
        // whatever language the machine running the tests speaks.
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C"
        environment.removeValue(forKey: "LANGUAGE")
        process.environment = environment
        process.standardError = try FileHandle(forWritingTo: logURL)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
    }

    /// What the daemon logged.
    var log: String {
        (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
    }

    /// Sends SIGTERM and waits; returns the exit status.
    @discardableResult
    func stop() -> Int32 {
        if process.isRunning {
            process.terminate()
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}

/// Waits until `name` has an owner on the bus; false after `timeout`.
func waitForName(_ name: String, on connection: Connection, timeout: RxTimeInterval = .seconds(10)) -> Bool {
    var owned = false
    var deadlinePassed = false
    let timer = MainLoop.shared.addTimer(after: timeout.rxNanoseconds) { deadlinePassed = true }
    defer { timer.dispose() }
    while !owned && !deadlinePassed {
        let reply = try? connection.callAndWait(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "NameHasOwner", [.string(name)])
        owned = reply?.first == .boolean(true)
        if !owned {
            MainLoop.shared.run(while: { true }, timeout: .milliseconds(20))
        }
    }
    return owned
}

/// A private bus with the daemon on it and a client that records, in order,
/// every signal the daemon sends and every reply it gets.
class DaemonTestCase: XCTestCase {
    /// A form spec written to NAME.json in this test's bus directory, for a `form` command to read.
    func specFile(_ text: String, named name: String) throws -> URL {
        let file = bus.directory.appendingPathComponent("\(name).json")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    var bus: PrivateBus!
    var daemon: Daemon!
    var client: Connection!
    var events: [String] = []
    private var signalWatch: Disposable?

    /// Extra command-line options for the daemon.
    var daemonArguments: [String] { [] }
    /// The daemon's address space limit (`Daemon.init`), or none.
    var daemonAddressSpaceLimit: Int? { nil }
    /// Extra `<busconfig>` elements for the private bus (its limits).
    var busConfiguration: String { "" }

    override func setUpWithError() throws {
        try super.setUpWithError()
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: daemonExecutable), "build the daemon first (make test does): \(daemonExecutable) is missing")
        bus = try PrivateBus(extraConfiguration: busConfiguration)
        daemon = try Daemon(bus: bus, arguments: daemonArguments, addressSpaceLimit: daemonAddressSpaceLimit)
        client = try Connection(bus: .address(bus.address))
        XCTAssertTrue(waitForName(busName, on: client), "the daemon took its name; log:\n\(daemon.log)")
        try client.addMatch("type='signal',sender='\(busName)'")
        signalWatch = client.onSignal { [unowned self] message in
            guard message.sender != "org.freedesktop.DBus" else { return }
            events.append(describe(message))
        }
    }

    override func tearDown() {
        signalWatch?.dispose()
        client?.close()
        if let daemon {
            XCTAssertEqual(daemon.stop(), 0, "the daemon exits 0 on SIGTERM; log:\n\(daemon.log)")
        }
        bus?.stop()
        super.tearDown()
    }

    /// Calls the daemon; records "reply" (or the error name) after the signals that came before it.
    @discardableResult
    func call(_ path: String, _ interface: String, _ member: String, _ arguments: [DBusValue] = []) throws -> [DBusValue] {
        do {
            let reply = try client.callAndWait(destination: busName, path: path, interface: interface, member: member, arguments)
            events.append("reply")
            return reply
        } catch let error as DBusError {
            events.append("error \(error.name.replacingOccurrences(of: errorPrefix, with: ""))")
            throw error
        }
    }

    /// The error a call fails with.
    func error(_ path: String, _ interface: String, _ member: String, _ arguments: [DBusValue] = []) -> DBusError? {
        do {
            try call(path, interface, member, arguments)
            return nil
        } catch {
            return error as? DBusError
        }
    }

    /// A property's value.
    func property(_ path: String, _ interface: String, _ name: String) throws -> DBusValue? {
        try client.callAndWait(destination: busName, path: path, interface: "org.freedesktop.DBus.Properties", member: "Get", [.string(interface), .string(name)]).first?.variantValue
    }

    /// The events recorded since the last call of `takeEvents`.
    /// Turns the loop (so the daemon's signals arrive) until `condition` holds, at most `seconds`.
    func waitFor(seconds: Int = 5, _ condition: () -> Bool) -> Bool {
        MainLoop.shared.run(while: { !condition() }, timeout: .seconds(seconds))
    }

    func takeEvents() -> [String] {
        defer { events = [] }
        return events
    }

    /// `a{sv}` from pairs.
    func options(_ pairs: [(String, DBusValue)]) -> DBusValue {
        .dictionary(key: .string, value: .variant, pairs.map { (.string($0.0), .variant($0.1)) })
    }

    /// `aas` from arrays of strings.
    func titles(_ components: [[String]]) -> DBusValue {
        .array(element: .array(.string), components.map { .array(element: .string, $0.map { .string($0) }) })
    }

    /// `av` of strings.
    func models(_ values: [String]) -> DBusValue {
        .array(element: .variant, values.map { .variant(.string($0)) })
    }
}

/// A signal as the tests compare it: its member and the parts that matter.
func describe(_ message: Message) -> String {
    let arguments = (try? message.arguments()) ?? []
    switch message.member ?? "" {
    case "PropertiesChanged":
        let interface = arguments.first?.stringValue?.split(separator: ".").last.map(String.init) ?? ""
        let changed = arguments.count > 1 ? (arguments[1].dictionaryEntries ?? []).compactMap { $0.key.stringValue } : []
        return "PropertiesChanged \(interface) \(changed.joined(separator: ","))"
    case "InterfacesAdded", "InterfacesRemoved":
        return "\(message.member ?? "") \(arguments.first?.stringValue ?? "")"
    default:
        return "\(message.member ?? "")(\(arguments.map(\.description).joined(separator: ", ")))"
    }
}

/// A process's resident size now, in KiB (VmRSS).
func residentKiB(of pid: pid_t) -> Int {
    statusKiB("VmRSS", of: pid)
}

/// The CPU time a process has used so far, user and system, in milliseconds.
func cpuMilliseconds(of pid: pid_t) -> Int {
    cpuMilliseconds(statFile: "/proc/\(pid)/stat")
}

/// The CPU time a process's main thread (its first, the loop) has used so
/// far, user and system, in milliseconds.
func mainThreadMilliseconds(of pid: pid_t) -> Int {
    cpuMilliseconds(statFile: "/proc/\(pid)/task/\(pid)/stat")
}

private func cpuMilliseconds(statFile: String) -> Int {
    guard let stat = try? String(contentsOfFile: statFile, encoding: .utf8),
          let afterName = stat.range(of: ") ", options: .backwards) else { return 0 }
    // Fields 14 and 15 (utime, stime), counted from the state, field 3.
    let fields = stat[afterName.upperBound...].split(separator: " ")
    guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return 0 }
    return (user + system) * 1_000 / Int(sysconf(Int32(_SC_CLK_TCK)))
}

/// The most a process has held resident so far, in KiB (VmHWM).
func peakResidentKiB(of pid: pid_t) -> Int {
    statusKiB("VmHWM", of: pid)
}

private func statusKiB(_ field: String, of pid: pid_t) -> Int {
    let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("\(field):") } ?? ""
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
}
