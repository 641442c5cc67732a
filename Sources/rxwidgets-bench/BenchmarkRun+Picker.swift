import DBus
import Glibc

extension BenchmarkRun {
    /// SelectRow one call at a time, with its two signals before each reply,
    /// then Peer.Ping and SelectRow with 100 calls in flight.
    func measureSelect() {
        log("select")
        let stats = daemon.stats
        let daemonName = daemon.name
        let picker = createPicker("bench", titles: rowTitles(100))
        try? client.addMatch("type='signal',sender='\(daemonName)',path='\(picker)'")
        var itemSelected = 0
        var modelSelected = 0
        let selectWatch = client.onSignal { message in
            if message.member == "ItemSelected" { itemSelected += 1 }
            if message.member == "ModelSelected" { modelSelected += 1 }
        }
        let selectRow = { [self] (index: Int) in message(picker, Widgets1.picker, "SelectRow", [.int32(Int32(index % 2)), .int32(0)]) }
        let selectCount = scaled(20_000)
        var missing = 0
        let cpuBefore = stats.cpuTicks
        let select = sequential(selectCount, selectRow, check: { _ in
            if itemSelected != modelSelected { missing += 1 }
        })
        selectCPU = ProcessStats.microseconds(ticks: stats.cpuTicks - cpuBefore) / Double(selectCount)
        if itemSelected != selectCount || modelSelected != selectCount || missing != 0 {
            log("select: \(itemSelected) ItemSelected and \(modelSelected) ModelSelected for \(selectCount) calls")
        }
        rows.append(Row(name: "select", n: selectCount, p50: select.p50, p99: select.p99, callsPerSecond: 1e6 / select.p50, ratio: select.p50 / pingP50,
                        note: String(format: "%d+%d signals before the replies; daemon CPU %.0f µs per select", itemSelected, modelSelected, selectCPU)))

        log("pipelined")
        let pipelinedCount = scaled(100_000)
        let pingThroughput = pipelined(pipelinedCount, window: 100) { [self] _ in pingMessage(to: daemonName) }
        rows.append(Row(name: "ping-pipelined", n: pipelinedCount, p50: nil, p99: nil, callsPerSecond: pingThroughput, ratio: 1, note: "100 in flight"))
        let selectThroughput = pipelined(pipelinedCount, window: 100, selectRow)
        rows.append(Row(name: "select-pipelined", n: pipelinedCount, p50: nil, p99: nil, callsPerSecond: selectThroughput, ratio: selectThroughput / pingThroughput, note: "100 in flight"))
        selectWatch.dispose()
    }

    /// Picker.SetItems of up to 2,000,000 rows, and the daemon's peak RSS after each.
    func measureSetItems() {
        log("set-items")
        let stats = daemon.stats
        let bulk = createPicker("bulk")
        for count in [1_000, 100_000, 1_000_000, 2_000_000] where !quick || count <= 100_000 {
            let request = message(bulk, Widgets1.picker, "SetItems", [pickerItems(itemTitles(count))])
            let start = now()
            _ = try? client.callAndWait(request, timeoutMilliseconds: 300_000)
            let elapsed = Double(now() - start) / 1_000
            rows.append(Row(name: "set-items \(count)", n: 1, p50: elapsed, p99: nil, callsPerSecond: nil, ratio: nil,
                            note: String(format: "daemon peak RSS %.1f MiB after", stats.peakRSSMiB)))
        }
        call(bulk, Widgets1.picker, "SetItems", [.array(element: .array(.string), [])])
    }

    /// Picker.LoadItems from a memfd against SetItems of the same rows.
    func measureLoadItems() {
        log("load-items")
        let loadCount = quick ? 100_000 : 1_000_000
        let rowsFile = memfd(holding: itemTitles(loadCount))
        let loadPicker = createPicker("load")
        let loaded = timed { call(loadPicker, Widgets1.picker, "LoadItems", [.unixFD(rowsFile), options([])]) }
        close(rowsFile)
        let setItemsSame = timed { call(loadPicker, Widgets1.picker, "SetItems", [pickerItems(itemTitles(loadCount))]) }
        rows.append(Row(name: "load-items \(loadCount)", n: 1, p50: loaded, p99: nil, callsPerSecond: nil, ratio: setItemsSame / loaded,
                        note: String(format: "LoadItems from a memfd vs %.0f µs for SetItems of the same rows; ratio = SetItems / LoadItems", setItemsSame)))
    }
}
