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
    let run = BenchmarkRun(arguments: CommandLine.arguments)
    let before: [(String, () -> Void)] = [
        ("reference", run.compareWithReference),
        ("startup", run.measureStartup),
        ("ping-during-bind", run.measurePingDuringBinds),
        ("restore", run.measureRestore),
    ]
    let measured: [(String, () -> Void)] = [
        ("ping", run.measurePing),
        ("select", run.measureSelect),
        ("form-set", run.measureFormSet),
        ("form-conditions", run.measureFormConditions),
        ("set-items", run.measureSetItems),
        ("render", run.measureRendering),
        ("load-items", run.measureLoadItems),
        ("remote-page", run.measureRemotePages),
        ("table-diff", run.measureTableDiff),
        ("worst-forms", run.measureWorstForms),
        ("full-form", run.measureFullForm),
        ("backlog", run.measureBacklog),
        ("worst-table-set", run.measureWorstTableSets),
        ("idle", run.measureIdle),
    ]
    let known = Set((before + measured).map(\.0))
    if let unknown = run.only?.first(where: { !known.contains($0) }) {
        fail("--only: no case \"\(unknown)\"; the cases are \((before + measured).map(\.0).joined(separator: ", "))")
    }
    let chosen = { (name: String) in run.only?.contains(name) ?? true }
    for (name, measure) in before where chosen(name) { measure() }
    if measured.contains(where: { chosen($0.0) }) {
        run.startMeasuredDaemon()
        for (name, measure) in measured where chosen(name) { measure() }
    }
    if chosen("startup") { run.reportStartup() }
    run.shutDown()
    run.printTable()
}
