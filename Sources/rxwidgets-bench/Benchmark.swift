import Foundation
import Glibc

func log(_ text: String) {
    FileHandle.standardError.write(Data("bench: \(text)\n".utf8))
}

func fail(_ text: String) -> Never {
    log(text)
    exit(1)
}

/// Runs every case and prints the table.
func runBenchmark() {
    let run = BenchmarkRun(arguments: CommandLine.arguments)
    run.compareWithReference()
    run.measureStartup()
    run.measurePingDuringBinds()
    run.startMeasuredDaemon()
    run.measurePing()
    run.measureSelect()
    run.measureFormSet()
    run.measureFormConditions()
    run.measureSetItems()
    run.measureRendering()
    run.measureLoadItems()
    run.measureTableDiff()
    run.measureWorstForms()
    run.measureWorstTableSets()
    run.measureIdle()
    run.reportStartup()
    run.shutDown()
    run.printTable()
}
