import BusTestSupport
import DBus
import RxCoreEssentials

/// The names the daemon serves under.
enum Widgets1 {
    static let busName = "org.rxwidgets.Widgets1"
    static let root = "/org/rxwidgets/Widgets1"
    static let manager = "org.rxwidgets.Widgets1.Manager"
    static let picker = "org.rxwidgets.Widgets1.Picker"
    static let form = "org.rxwidgets.Widgets1.Form"
    static let table = "org.rxwidgets.Widgets1.Table"
}

/// One run of the benchmark: the command line, a private bus with a client
/// on it, the daemon the cases measure and the rows they add. The cases are
/// methods in the extensions, one file per concern; `runBenchmark` calls
/// them in the table's order, and later cases rely on what earlier ones
/// created or measured.
final class BenchmarkRun {
    let daemonPath: String
    let referencePath: String?
    /// The same work on dbus-fast (bench/reference/picker-server.py), a third column beside the C reference.
    let pythonReferencePath: String?
    /// Fewer calls and smaller payloads: a check that every case still runs.
    let quick: Bool
    let bus: PrivateBus
    let client: Connection
    /// The unique name that owns `Widgets1.busName`, or "" while none does.
    private(set) var nameOwner = ""
    private var ownerWatch: Disposable?
    private var measured: MeasuredDaemon?
    var rows: [Row] = []
    /// Measured before the daemon the other cases use takes the name, and
    /// reported as the last row.
    var startups = Latencies()
    /// The floor that the ratios of select and form-set are relative to, µs.
    var pingP50 = 0.0
    /// Daemon CPU per sequential SelectRow, µs, which form-set compares with.
    var selectCPU = 0.0
    /// Servers started so far: each logs to a file of its own.
    private var startedDaemons = 0

    init(arguments: [String]) {
        let optionValues = Set(["--only", "--reference", "--python-reference"].compactMap { arguments.firstIndex(of: $0).map { $0 + 1 } })
        daemonPath = arguments.indices.dropFirst().first { !arguments[$0].hasPrefix("--") && !optionValues.contains($0) }.map { arguments[$0] } ?? ".build/release/rxwidgetsd"
        quick = arguments.contains("--quick")
        referencePath = BenchmarkRun.value(of: "--reference", in: arguments)
        pythonReferencePath = BenchmarkRun.value(of: "--python-reference", in: arguments)
        do {
            bus = try PrivateBus()
        } catch {
            fail("cannot start dbus-daemon: \(error)")
        }
        do {
            client = try Connection(bus: .address(bus.address))
            try client.addMatch("type='signal',sender='org.freedesktop.DBus',member='NameOwnerChanged'")
        } catch {
            fail("cannot connect to the private bus: \(error)")
        }
        ownerWatch = client.onSignal { [weak self] message in
            guard let self, message.isSignal(interface: "org.freedesktop.DBus", member: "NameOwnerChanged"),
                  let values = try? message.arguments(), values.count == 3, values[0].stringValue == Widgets1.busName else { return }
            nameOwner = values[2].stringValue ?? ""
        }
    }

    /// The argument after `option`, or nil without it.
    static func value(of option: String, in arguments: [String]) -> String? {
        arguments.firstIndex(of: option).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
    }

    /// The case names `--only` lists in `arguments`, or nil without it.
    static func onlyCases(in arguments: [String]) -> Set<String>? {
        value(of: "--only", in: arguments).map { Set($0.split(separator: ",").map(String.init)) }
    }

    func scaled(_ n: Int) -> Int { quick ? max(n / 20, 10) : n }

    /// Forms the worst-case cases create; idle counts them among the widgets.
    var formCreates: Int { quick ? 3 : 10 }

    /// The daemon the cases after startup measure.
    var daemon: MeasuredDaemon {
        guard let measured else { fail("a case ran before the measured daemon started") }
        return measured
    }

    // MARK: Daemons

    /// Starts the server at `path` and returns it with the nanoseconds from
    /// exec to its name on the bus.
    func startDaemon(_ path: String, mode: [String] = [], stateDirectory: String? = nil) -> (RunningDaemon, UInt64) {
        let start = now()
        let daemon: RunningDaemon
        do {
            startedDaemons += 1
            let logPath = bus.directory.appendingPathComponent("server-\(startedDaemons).log").path
            daemon = try RunningDaemon(path: path, mode: mode, address: bus.address, stateDirectory: stateDirectory, logPath: logPath)
        } catch {
            fail("cannot start \(path): \(error)")
        }
        guard MainLoop.shared.run(while: { nameOwner.isEmpty }, timeout: .seconds(10)) else {
            fail("\(path) did not take \(Widgets1.busName)")
        }
        return (daemon, now() - start)
    }

    func stopDaemon(_ daemon: RunningDaemon) {
        daemon.stop()
        MainLoop.shared.run(while: { !nameOwner.isEmpty }, timeout: .seconds(10))
    }

    /// Starts the daemon every later case runs against; only one server at
    /// a time can own the name, so this waits until startup is measured.
    func startMeasuredDaemon() {
        let (running, _) = startDaemon(daemonPath)
        measured = MeasuredDaemon(running: running, name: nameOwner, startRSS: running.stats.rssMiB)
    }

    // MARK: End

    func shutDown() {
        if let measured { stopDaemon(measured.running) }
        ownerWatch?.dispose()
        client.close()
        bus.stop()
    }

    func printTable() {
        print("| case | n | p50_us | p99_us | calls_per_s | ratio | notes |")
        print("|---|---|---|---|---|---|---|")
        for row in rows {
            print(row.markdown)
        }
    }
}
