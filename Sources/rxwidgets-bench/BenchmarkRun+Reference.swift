import Foundation
import RxCoreEssentials

extension BenchmarkRun {
    /// With `--reference`, the Picker and Form work the C reference server
    /// does, on it, on the Python reference (`--python-reference`) and on
    /// the daemon in turn, three times, interleaved: the side-by-side table
    /// for bench/README.md. The daemon runs as it is shipped, with a state
    /// directory; its bind is measured again with `--no-state`.
    func compareWithReference() {
        guard let referencePath else { return }
        let repetitions = quick ? 1 : 3
        var reference: [ServerFigures] = []
        var python: [ServerFigures] = []
        var daemonFigures: [ServerFigures] = []
        for repetition in 1...repetitions {
            log("against the references, repetition \(repetition) of \(repetitions)")
            reference.append(measureServer(referencePath))
            if let pythonReferencePath {
                python.append(measureServer(pythonReferencePath))
            }
            let stateDirectory = bus.directory.appendingPathComponent("compare-state-\(repetition)").path
            var figures = measureServer(daemonPath, stateDirectory: stateDirectory)
            figures.setItemsNoStateCall = measureBind(daemonPath, stateDirectory: nil).call
            daemonFigures.append(figures)
        }
        print(ServerFigures.comparison(reference: ServerFigures.median(reference), python: python.isEmpty ? nil : ServerFigures.median(python),
                                       daemon: ServerFigures.median(daemonFigures), repetitions: repetitions))
    }

    /// The figures of one server doing the Picker and Form work the C reference does.
    func measureServer(_ path: String, stateDirectory: String? = nil) -> ServerFigures {
        let (server, startup) = startDaemon(path, stateDirectory: stateDirectory)
        let stats = server.stats
        var figures = ServerFigures()
        figures.startup = Double(startup) / 1_000
        figures.startRSS = stats.rssMiB
        let pingCount = scaled(20_000)
        let uniqueName = nameOwner
        var ticks = stats.cpuTicks
        _ = sequential(pingCount) { [self] _ in pingMessage(to: uniqueName) }
        figures.pingCPU = ProcessStats.microseconds(ticks: stats.cpuTicks - ticks) / Double(pingCount)
        let picker = createPicker("compare", titles: rowTitles(100))
        let select = { [self] (index: Int) in message(picker, Widgets1.picker, "SelectRow", [.int32(Int32(index % 2)), .int32(0)]) }
        let sequentialCount = scaled(10_000)
        ticks = stats.cpuTicks
        let latencies = sequential(sequentialCount, select)
        figures.selectCPU = ProcessStats.microseconds(ticks: stats.cpuTicks - ticks) / Double(sequentialCount)
        figures.selectP50 = latencies.p50
        let pipelinedCount = scaled(50_000)
        ticks = stats.cpuTicks
        figures.pipelinedRate = pipelined(pipelinedCount, window: 100, select)
        figures.pipelinedCPU = ProcessStats.microseconds(ticks: stats.cpuTicks - ticks) / Double(pipelinedCount)
        let bind = bindOnce(stats)
        figures.setItemsCall = bind.call
        figures.setItemsNoStateCall = bind.call
        figures.setItemsCPU = bind.cpu
        figures.setItemsPeakRSS = bind.peakRSS
        let form = createForm("compareform", spec: plainSpec)
        let formCount = quick ? 4 : 10
        let values = ["a", "b"].map { allFields("f", String(repeating: $0, count: 65_536)) }
        ticks = stats.cpuTicks
        figures.formSetValuesCall = sequential(formCount) { [self] index in message(form, Widgets1.form, "SetValues", [values[index % 2], .uint64(0)]) }.p50 / 1_000
        figures.formSetValuesCPU = ProcessStats.microseconds(ticks: stats.cpuTicks - ticks) / Double(formCount) / 1_000
        stopDaemon(server)
        return figures
    }

    /// One bind of a server started for it alone.
    func measureBind(_ path: String, stateDirectory: String?) -> BindFigures {
        let (server, _) = startDaemon(path, stateDirectory: stateDirectory)
        let figures = bindOnce(server.stats)
        stopDaemon(server)
        return figures
    }

    /// `SetItems` of 1,000,000 new strings on a new picker: the call, the
    /// server's CPU during it, and its peak RSS a second and a half after
    /// the reply, when a daemon with a state directory has written the
    /// picker's file.
    private func bindOnce(_ stats: ProcessStats) -> BindFigures {
        let bulkCount = quick ? 100_000 : 1_000_000
        let bulk = createPicker("comparebulk")
        let request = message(bulk, Widgets1.picker, "SetItems", [pickerItems(itemTitles(bulkCount))])
        let ticks = stats.cpuTicks
        let call = timed { _ = try? client.callAndWait(request, timeoutMilliseconds: 300_000) } / 1_000
        let callTicks = stats.cpuTicks - ticks
        let settled = now() + 1_500_000_000
        MainLoop.shared.run(while: { now() < settled }, timeout: .seconds(2))
        return BindFigures(call: call, cpu: ProcessStats.microseconds(ticks: callTicks) / 1_000, peakRSS: stats.peakRSSMiB)
    }
}

/// One `SetItems` of a million rows: the call and the server CPU in it, ms; peak RSS after, MiB.
struct BindFigures {
    let call: Double
    let cpu: Double
    let peakRSS: Double
}
