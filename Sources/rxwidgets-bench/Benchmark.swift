import Foundation
import Glibc

func log(_ text: String) {
    FileHandle.standardError.write(Data("bench: \(text)\n".utf8))
}

func fail(_ text: String) -> Never {
    log(text)
    exit(1)
}

/// Runs every case, or with `--only NAME[,NAME…]` the named ones (for
/// iterating on one figure; ratios to cases not run are then missing), and
/// prints the table.
func runBenchmark() {
    if CommandLine.arguments.dropFirst().first == "--floor-server" {
        serveFloor(CommandLine.arguments)
    }
    let before: [(String, (BenchmarkRun) -> () -> Void)] = [
        ("reference", BenchmarkRun.compareWithReference),
        ("startup", BenchmarkRun.measureStartup),
        ("ping-during-bind", BenchmarkRun.measurePingDuringBinds),
        ("binds-8", BenchmarkRun.measureReadsDuringEightBinds),
        ("restore", BenchmarkRun.measureRestore),
        ("managed-objects", BenchmarkRun.measureManagedObjects),
    ]
    let measured: [(String, (BenchmarkRun) -> () -> Void)] = [
        ("ping", BenchmarkRun.measurePing),
        ("select", BenchmarkRun.measureSelect),
        ("form-set", BenchmarkRun.measureFormSet),
        ("form-conditions", BenchmarkRun.measureFormConditions),
        ("set-items", BenchmarkRun.measureSetItems),
        ("render", BenchmarkRun.measureRendering),
        ("load-items", BenchmarkRun.measureLoadItems),
        ("remote-page", BenchmarkRun.measureRemotePages),
        ("table-diff", BenchmarkRun.measureTableDiff),
        ("worst-forms", BenchmarkRun.measureWorstForms),
        ("full-form", BenchmarkRun.measureFullForm),
        ("backlog", BenchmarkRun.measureBacklog),
        ("worst-table-set", BenchmarkRun.measureWorstTableSets),
        ("idle", BenchmarkRun.measureIdle),
    ]
    // Checked before the run starts its bus, which a failure would leave running.
    let usage = "usage: rxwidgets-bench [DAEMON] [--quick] [--only CASE[,CASE…]] [--reference C-SERVER] [--python-reference PY-SERVER]"
    let options = Set(["--quick", "--only", "--reference", "--python-reference"])
    if CommandLine.arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
        print(usage)
        exit(0)
    }
    if let unknown = CommandLine.arguments.dropFirst().first(where: { $0.hasPrefix("-") && !options.contains($0) }) {
        fail("no option \"\(unknown)\"; \(usage)")
    }
    let only = BenchmarkRun.onlyCases(in: CommandLine.arguments)
    let known = Set((before + measured).map(\.0))
    if let unknown = only?.first(where: { !known.contains($0) }) {
        fail("--only: no case \"\(unknown)\"; the cases are \((before + measured).map(\.0).joined(separator: ", "))")
    }
    let run = BenchmarkRun(arguments: CommandLine.arguments)
    let chosen = { (name: String) in only?.contains(name) ?? true }
    for (name, measure) in before where chosen(name) { measure(run)() }
    if measured.contains(where: { chosen($0.0) }) {
        run.startMeasuredDaemon()
        for (name, measure) in measured where chosen(name) { measure(run)() }
    }
    if chosen("startup") { run.reportStartup() }
    run.shutDown()
    run.printTable()
}
