extension BenchmarkRun {
    /// With `--reference`, the Picker and Form work the C reference server does, on
    /// it and on the daemon in turn: the side-by-side table for bench/README.md.
    func compareWithReference() {
        guard let referencePath else { return }
        let repetitions = quick ? 1 : 3
        var reference: [ServerFigures] = []
        var daemonFigures: [ServerFigures] = []
        for repetition in 1...repetitions {
            log("against the C reference, repetition \(repetition) of \(repetitions)")
            reference.append(measureServer(referencePath))
            daemonFigures.append(measureServer(daemonPath))
        }
        print(ServerFigures.comparison(reference: ServerFigures.median(reference), daemon: ServerFigures.median(daemonFigures), repetitions: repetitions))
    }

    /// The figures of one server doing the Picker and Form work the C reference does.
    func measureServer(_ path: String) -> ServerFigures {
        let (server, startup) = startDaemon(path)
        let stats = server.stats
        var figures = ServerFigures()
        figures.startup = Double(startup) / 1_000
        figures.startRSS = stats.rssMiB
        let picker = createPicker("compare", titles: rowTitles(100))
        let select = { [self] (index: Int) in message(picker, Widgets1.picker, "SelectRow", [.int32(Int32(index % 2)), .int32(0)]) }
        let sequentialCount = scaled(10_000)
        var ticks = stats.cpuTicks
        let latencies = sequential(sequentialCount, select)
        figures.selectCPU = ProcessStats.microseconds(ticks: stats.cpuTicks - ticks) / Double(sequentialCount)
        figures.selectP50 = latencies.p50
        let pipelinedCount = scaled(50_000)
        ticks = stats.cpuTicks
        figures.pipelinedRate = pipelined(pipelinedCount, window: 100, select)
        figures.pipelinedCPU = ProcessStats.microseconds(ticks: stats.cpuTicks - ticks) / Double(pipelinedCount)
        let bulkCount = quick ? 100_000 : 1_000_000
        let bulk = createPicker("comparebulk")
        let request = message(bulk, Widgets1.picker, "SetItems", [pickerItems(itemTitles(bulkCount))])
        ticks = stats.cpuTicks
        figures.setItemsCall = timed { _ = try? client.callAndWait(request, timeoutMilliseconds: 300_000) } / 1_000
        figures.setItemsCPU = ProcessStats.microseconds(ticks: stats.cpuTicks - ticks) / 1_000
        figures.setItemsPeakRSS = stats.peakRSSMiB
        let form = createForm("compareform", spec: plainSpec)
        let formCount = quick ? 4 : 10
        let values = ["a", "b"].map { allFields("f", String(repeating: $0, count: 65_536)) }
        ticks = stats.cpuTicks
        figures.formSetValuesCall = sequential(formCount) { [self] index in message(form, Widgets1.form, "SetValues", [values[index % 2], .uint64(0)]) }.p50 / 1_000
        figures.formSetValuesCPU = ProcessStats.microseconds(ticks: stats.cpuTicks - ticks) / Double(formCount) / 1_000
        stopDaemon(server)
        return figures
    }
}
