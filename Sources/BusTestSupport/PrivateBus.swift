import Foundation
import RxCoreEssentials
import Synchronization

/// A private `dbus-daemon` for tests: started with its own configuration in a
/// temporary directory, stopped (and the directory removed) by `stop()` or
/// when released.
public final class PrivateBus {
    /// The address clients connect to.
    public let address: String
    /// The temporary directory holding the configuration and socket.
    public let directory: URL
    private let process: Process
    /// The bus's process id: a test stops it (`SIGSTOP`) to see what a
    /// connection does while the bus reads nothing.
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Starts a bus; `serviceDirectory` enables activation of the `.service`
    /// files there; `extraConfiguration` is inserted into `<busconfig>`.
    /// `type` is the bus's `<type>` (nil for none: then the services it starts
    /// learn its address only from `DBUS_STARTER_ADDRESS`); `environment`
    /// overrides variables of the bus process and so of what it starts.
    public convenience init(serviceDirectory: String? = nil, extraConfiguration: String = "", type: String? = "session", environment: [String: String] = [:]) throws {
        let services = serviceDirectory.map { "<servicedir>\($0)</servicedir>" } ?? ""
        try self.init(environment: environment) { directory in """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          \(type.map { "<type>\($0)</type>" } ?? "")
          <listen>unix:dir=\(directory.path)</listen>
          <auth>EXTERNAL</auth>
          \(services)
          <policy context="default">
            <allow user="*"/>
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
          <limit name="max_message_size">1000000000</limit>
          <limit name="max_incoming_bytes">1000000000</limit>
          <limit name="max_outgoing_bytes">1000000000</limit>
          <limit name="reply_timeout">300000</limit>
          <limit name="max_replies_per_connection">50000</limit>
          <limit name="max_match_rules_per_connection">50000</limit>
          <limit name="max_connections_per_user">100000</limit>
          <limit name="max_pending_service_starts">10000</limit>
          <limit name="max_names_per_connection">50000</limit>
          \(extraConfiguration)
        </busconfig>
        """
        }
    }

    /// Starts a bus with the machine's system bus configuration
    /// (`/usr/share/dbus-1/system.conf`: its policy, limits and policy
    /// directories) listening in its own directory instead of the system
    /// socket, not switching user, forking or activating, and with the
    /// policy files `policies` included: what a service's shipped policy
    /// admits there, it admits on the real system bus.
    public convenience init(systemConfigurationIncluding policies: [String]) throws {
        var system = try String(contentsOfFile: "/usr/share/dbus-1/system.conf", encoding: .utf8)
        for element in ["user", "pidfile", "servicehelper", "listen"] {
            system = system.replacingOccurrences(of: "<\(element)>[^<]*</\(element)>", with: "", options: .regularExpression)
        }
        for element in ["fork", "syslog", "standard_system_servicedirs"] {
            system = system.replacingOccurrences(of: "<\(element)/>", with: "")
        }
        // A relative directory is read from the configuration's own.
        system = system.replacingOccurrences(of: "<includedir>system.d</includedir>", with: "<includedir>/usr/share/dbus-1/system.d</includedir>")
        try self.init(environment: [:]) { directory in
            system.replacingOccurrences(of: "</busconfig>", with: """
              <listen>unix:dir=\(directory.path)</listen>
              \(policies.map { "<include>\($0)</include>" }.joined(separator: "\n"))
            </busconfig>
            """)
        }
    }

    private init(environment: [String: String], configuration: (URL) -> String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("rxwidgets-bus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let configuration = configuration(directory)
        let configURL = directory.appendingPathComponent("bus.conf")
        try configuration.write(to: configURL, atomically: true, encoding: .utf8)
        let output = Pipe()
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        process.arguments = ["--config-file=\(configURL.path)", "--nofork", "--print-address"]
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line.append(byte)
        }
        address = String(decoding: line, as: UTF8.self)
        guard !address.isEmpty else {
            process.terminate()
            throw BusError.noAddress
        }
    }

    /// The bus could not be started.
    public enum BusError: Error {
        /// dbus-daemon printed no address.
        case noAddress
    }

    /// Stops the bus: its clients see it go away.
    public func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }

    deinit {
        stop()
    }
}

/// What a finished command printed.
public struct CommandResult {
    /// The exit status.
    public let status: Int32
    /// Standard output.
    public let output: String
    /// Standard error.
    public let error: String
}

/// Runs a command while the main loop keeps running (so a server in this
/// process can answer it) and returns what it printed. Output goes through
/// files, so a chatty command never blocks on a full pipe.
public func runCommand(_ executable: String, _ arguments: [String], environment: [String: String] = [:], timeout: RxTimeInterval = .seconds(30)) throws -> CommandResult {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rxwidgets-cmd-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let outURL = directory.appendingPathComponent("out")
    let errURL = directory.appendingPathComponent("err")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env.merge(environment) { $1 }
    process.environment = env
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    process.standardInput = FileHandle.nullDevice
    let finished = FinishFlag()
    process.terminationHandler = { _ in
        finished.set()
        MainLoop.shared.post {}
    }
    try process.run()
    let done = MainLoop.shared.run(while: { !finished.isSet }, timeout: timeout)
    if !done {
        process.terminate()
        process.waitUntilExit()
    }
    let output = (try? String(contentsOf: outURL, encoding: .utf8)) ?? ""
    let error = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
    return CommandResult(status: done ? process.terminationStatus : -1, output: output, error: error)
}

/// A flag set by a process's termination handler on another thread.
final class FinishFlag: Sendable {
    private let flag = Mutex(false)

    var isSet: Bool {
        flag.withLock { $0 }
    }

    func set() {
        flag.withLock { $0 = true }
    }
}
