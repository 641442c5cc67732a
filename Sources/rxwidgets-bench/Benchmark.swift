import BusTestSupport
import CLinux
import DBus
import Foundation
import Glibc
import RxCoreEssentials

func log(_ text: String) {
    FileHandle.standardError.write(Data("bench: \(text)\n".utf8))
}

func fail(_ text: String) -> Never {
    log(text)
    exit(1)
}

final class RunningDaemon {
    let process = Process()
    var pid: Int32 { process.processIdentifier }
    var stats: ProcessStats { ProcessStats(pid: pid) }

    init(path: String, address: String) throws {
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["--address", address, "--today", "2024-06-15", "--no-state"]
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}

/// Runs every case and prints the table.
func runBenchmark() {
    let busName = "org.rxwidgets.Widgets1"
    let root = "/org/rxwidgets/Widgets1"
    let arguments = CommandLine.arguments
    let daemonPath = arguments.dropFirst().first { !$0.hasPrefix("--") } ?? ".build/release/rxwidgetsd"
    let quick = arguments.contains("--quick")
    func scaled(_ n: Int) -> Int { quick ? max(n / 20, 10) : n }
    let referencePath = arguments.firstIndex(of: "--reference").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }

    let bus: PrivateBus
    do {
        bus = try PrivateBus()
    } catch {
        fail("cannot start dbus-daemon: \(error)")
    }
    let client: Connection
    do {
        client = try Connection(bus: .address(bus.address))
        try client.addMatch("type='signal',sender='org.freedesktop.DBus',member='NameOwnerChanged'")
    } catch {
        fail("cannot connect to the private bus: \(error)")
    }

    // MARK: Daemon

    var nameOwner = ""
    let ownerWatch = client.onSignal { message in
        guard message.isSignal(interface: "org.freedesktop.DBus", member: "NameOwnerChanged"),
              let values = try? message.arguments(), values.count == 3, values[0].stringValue == busName else { return }
        nameOwner = values[2].stringValue ?? ""
    }

    /// Starts a server (the daemon unless `path` says otherwise) and returns
    /// it with the nanoseconds from exec to its name on the bus.
    func startDaemon(_ path: String = daemonPath) -> (RunningDaemon, UInt64) {
        let start = now()
        let daemon: RunningDaemon
        do {
            daemon = try RunningDaemon(path: path, address: bus.address)
        } catch {
            fail("cannot start \(path): \(error)")
        }
        guard MainLoop.shared.run(while: { nameOwner.isEmpty }, timeout: .seconds(10)) else {
            fail("\(path) did not take \(busName)")
        }
        return (daemon, now() - start)
    }

    func stopDaemon(_ daemon: RunningDaemon) {
        daemon.stop()
        MainLoop.shared.run(while: { !nameOwner.isEmpty }, timeout: .seconds(10))
    }

    // MARK: Calls

    func message(_ path: String, _ interface: String, _ member: String, _ values: [DBusValue] = []) -> Message {
        do {
            let message = try Message.methodCall(destination: busName, path: path, interface: interface, member: member)
            try message.append(values)
            return message
        } catch {
            fail("cannot build \(member): \(error)")
        }
    }

    @discardableResult
    func call(_ path: String, _ interface: String, _ member: String, _ values: [DBusValue] = [], timeout: Int32 = 120_000) -> [DBusValue] {
        do {
            return try client.callAndWait(message(path, interface, member, values), timeoutMilliseconds: timeout).arguments()
        } catch {
            fail("\(member) failed: \(error)")
        }
    }

    /// Sequential round trips of `make(i)`; `check` runs on each reply. With
    /// `refused`, each call must fail with that error instead.
    func sequential(_ n: Int, refused: String? = nil, _ make: (Int) -> Message, check: (Message) -> Void = { _ in }) -> Latencies {
        var latencies = Latencies()
        latencies.samples.reserveCapacity(n)
        for index in 0..<n {
            let request = make(index)
            let start = now()
            do {
                let reply = try client.callAndWait(request)
                latencies.record(now() - start)
                if let refused {
                    fail("call \(index) was not refused with \(refused)")
                }
                check(reply)
            } catch let error as DBusError where error.name == refused {
                latencies.record(now() - start)
            } catch {
                fail("call \(index) failed: \(error)")
            }
        }
        return latencies
    }

    /// `n` calls with `window` in flight; returns calls per second.
    func pipelined(_ n: Int, window: Int, _ make: @escaping (Int) -> Message) -> Double {
        var sent = 0
        var answered = 0
        var failures = 0
        func send() {
            let index = sent
            sent += 1
            client.call(make(index)) { result in
                answered += 1
                if case .failure = result { failures += 1 }
                if sent < n { send() }
            }
        }
        let start = now()
        for _ in 0..<min(window, n) { send() }
        MainLoop.shared.run(while: { answered < n }, timeout: .seconds(600))
        let seconds = Double(now() - start) / 1e9
        if failures > 0 { log("\(failures) of \(n) pipelined calls failed") }
        return Double(n) / seconds
    }

    /// Microseconds `body` takes.
    func timed(_ body: () -> Void) -> Double {
        let start = now()
        body()
        return Double(now() - start) / 1_000
    }

    func options(_ pairs: [(String, DBusValue)]) -> DBusValue {
        .dictionary(key: .string, value: .variant, pairs.map { (.string($0.0), .variant($0.1)) })
    }

    func strings(_ values: [String]) -> DBusValue {
        .array(element: .string, values.map { .string($0) })
    }

    // MARK: Against the C reference

    /// The figures of one server doing the Picker work the C reference does.
    func measureServer(_ path: String) -> ServerFigures {
        let (server, startup) = startDaemon(path)
        let stats = server.stats
        var figures = ServerFigures()
        figures.startup = Double(startup) / 1_000
        figures.startRSS = stats.rssMiB
        call(root, "org.rxwidgets.Widgets1.Manager", "CreatePicker", [.string("compare"), options([("items", .array(element: .array(.string), [strings((0..<100).map { "row \($0)" })]))])])
        let picker = "\(root)/picker/compare"
        let select = { (index: Int) in message(picker, "org.rxwidgets.Widgets1.Picker", "SelectRow", [.int32(Int32(index % 2)), .int32(0)]) }
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
        call(root, "org.rxwidgets.Widgets1.Manager", "CreatePicker", [.string("comparebulk"), options([])])
        let request = message("\(root)/picker/comparebulk", "org.rxwidgets.Widgets1.Picker", "SetItems", [.array(element: .array(.string), [strings((0..<bulkCount).map { "item \($0)" })])])
        ticks = stats.cpuTicks
        figures.setItemsCall = timed { _ = try? client.callAndWait(request, timeoutMilliseconds: 300_000) } / 1_000
        figures.setItemsCPU = ProcessStats.microseconds(ticks: stats.cpuTicks - ticks) / 1_000
        figures.setItemsPeakRSS = stats.peakRSSMiB
        stopDaemon(server)
        return figures
    }

    if let referencePath {
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

    // MARK: Cases

    var rows: [Row] = []

    log("startup: exec to name acquired, 20 times")
    var startups = Latencies()
    for _ in 0..<(quick ? 5 : 20) {
        let (daemon, elapsed) = startDaemon()
        startups.record(elapsed)
        stopDaemon(daemon)
    }

    let (daemon, _) = startDaemon()
    let stats = daemon.stats
    let startRSS = stats.rssMiB
    let daemonName = nameOwner

    log("ping")
    let pingCount = scaled(20_000)
    let ping = sequential(pingCount) { _ in
        (try? Message.methodCall(destination: daemonName, path: "/", interface: "org.freedesktop.DBus.Peer", member: "Ping")) ?? message("/", "x.y", "Z")
    }
    rows.append(Row(name: "ping", n: pingCount, p50: ping.p50, p99: ping.p99, callsPerSecond: 1e6 / ping.p50, ratio: 1, note: "Peer.Ping, the floor"))

    log("select")
    call(root, "org.rxwidgets.Widgets1.Manager", "CreatePicker", [.string("bench"), options([("items", .array(element: .array(.string), [strings((0..<100).map { "row \($0)" })]))])])
    let picker = "\(root)/picker/bench"
    try? client.addMatch("type='signal',sender='\(daemonName)',path='\(picker)'")
    var itemSelected = 0
    var modelSelected = 0
    let selectWatch = client.onSignal { message in
        if message.member == "ItemSelected" { itemSelected += 1 }
        if message.member == "ModelSelected" { modelSelected += 1 }
    }
    let selectCount = scaled(20_000)
    var missing = 0
    let cpuBefore = stats.cpuTicks
    let select = sequential(selectCount, { index in
        message(picker, "org.rxwidgets.Widgets1.Picker", "SelectRow", [.int32(Int32(index % 2)), .int32(0)])
    }, check: { _ in
        if itemSelected != modelSelected { missing += 1 }
    })
    let selectCPU = ProcessStats.microseconds(ticks: stats.cpuTicks - cpuBefore) / Double(selectCount)
    if itemSelected != selectCount || modelSelected != selectCount || missing != 0 {
        log("select: \(itemSelected) ItemSelected and \(modelSelected) ModelSelected for \(selectCount) calls")
    }
    rows.append(Row(name: "select", n: selectCount, p50: select.p50, p99: select.p99, callsPerSecond: 1e6 / select.p50, ratio: select.p50 / ping.p50,
                    note: String(format: "%d+%d signals before the replies; daemon CPU %.0f µs per select", itemSelected, modelSelected, selectCPU)))

    log("pipelined")
    let pipelinedCount = scaled(100_000)
    let pingThroughput = pipelined(pipelinedCount, window: 100) { _ in
        (try? Message.methodCall(destination: daemonName, path: "/", interface: "org.freedesktop.DBus.Peer", member: "Ping")) ?? message("/", "x.y", "Z")
    }
    rows.append(Row(name: "ping-pipelined", n: pipelinedCount, p50: nil, p99: nil, callsPerSecond: pingThroughput, ratio: 1, note: "100 in flight"))
    let selectThroughput = pipelined(pipelinedCount, window: 100) { index in
        message(picker, "org.rxwidgets.Widgets1.Picker", "SelectRow", [.int32(Int32(index % 2)), .int32(0)])
    }
    rows.append(Row(name: "select-pipelined", n: pipelinedCount, p50: nil, p99: nil, callsPerSecond: selectThroughput, ratio: selectThroughput / pingThroughput, note: "100 in flight"))
    selectWatch.dispose()

    log("form-set")
    call(root, "org.rxwidgets.Widgets1.Manager", "CreateForm", [.string("bench"), .string("sign-up"), options([])])
    let form = "\(root)/form/bench"
    let formCount = scaled(20_000)
    let ticksBeforeForm = stats.cpuTicks
    let formSet = sequential(formCount) { index in
        message(form, "org.rxwidgets.Widgets1.Form", "SetValue", [.string("username"), .variant(.string(index % 2 == 0 ? "abcdef" : "ab"))])
    }
    let formCPU = ProcessStats.microseconds(ticks: stats.cpuTicks - ticksBeforeForm) / Double(formCount)
    rows.append(Row(name: "form-set", n: formCount, p50: formSet.p50, p99: formSet.p99, callsPerSecond: 1e6 / formSet.p50, ratio: formSet.p50 / ping.p50,
                    note: String(format: "valid ↔ tooShort: ValueChanged, ValidationChanged, PropertiesChanged each time; daemon CPU %.0f µs per call, %.2f × a select's", formCPU, formCPU / selectCPU)))

    log("form-conditions")
    var conditionCPU: [Double] = []
    for (name, spec) in [("plain", plainSpec), ("conditional", conditionalSpec)] {
        call(root, "org.rxwidgets.Widgets1.Manager", "CreateForm", [.string(name), .string(spec), options([])])
        let count = scaled(5_000)
        let ticks = stats.cpuTicks
        let result = sequential(count) { index in
            message("\(root)/form/\(name)", "org.rxwidgets.Widgets1.Form", "SetValue", [.string("f0"), .variant(.string(index % 2 == 0 ? "hide" : "show"))])
        }
        conditionCPU.append(ProcessStats.microseconds(ticks: stats.cpuTicks - ticks) / Double(count))
        rows.append(Row(name: "form-set-\(name)", n: count, p50: result.p50, p99: result.p99, callsPerSecond: 1e6 / result.p50, ratio: conditionCPU.count == 2 ? conditionCPU[1] / conditionCPU[0] : nil,
                        note: name == "plain" ? String(format: "SetValue of f0 on a 256-field form; daemon CPU %.0f µs per call", conditionCPU[0])
                            : String(format: "the same with 100 fields visibleWhen f0 (100 FieldStateChanged a call); daemon CPU %.0f µs per call; ratio = conditional / plain CPU", conditionCPU[1])))
    }

    log("set-items")
    call(root, "org.rxwidgets.Widgets1.Manager", "CreatePicker", [.string("bulk"), options([])])
    for count in [1_000, 100_000, 1_000_000, 2_000_000] where !quick || count <= 100_000 {
        let items = DBusValue.array(element: .array(.string), [strings((0..<count).map { "item \($0)" })])
        let request = message("\(root)/picker/bulk", "org.rxwidgets.Widgets1.Picker", "SetItems", [items])
        let start = now()
        _ = try? client.callAndWait(request, timeoutMilliseconds: 300_000)
        let elapsed = Double(now() - start) / 1_000
        rows.append(Row(name: "set-items \(count)", n: 1, p50: elapsed, p99: nil, callsPerSecond: nil, ratio: nil,
                        note: String(format: "daemon peak RSS %.1f MiB after", stats.peakRSSMiB)))
    }
    call("\(root)/picker/bulk", "org.rxwidgets.Widgets1.Picker", "SetItems", [.array(element: .array(.string), [])])

    log("render")
    let pickerRows = 1_000
    call(root, "org.rxwidgets.Widgets1.Manager", "CreatePicker", [.string("render"), options([("items", .array(element: .array(.string), [strings((0..<pickerRows).map { "row \($0)" })]))])])
    let renderPicker = "\(root)/picker/render"
    let pickerPaged = timed { for first in stride(from: 0, to: pickerRows, by: 1_000) { call(renderPicker, "org.rxwidgets.Widgets1.Picker", "Titles", [.int32(0), .int32(Int32(first)), .int32(1_000)]) } }
    let pickerPerRow = timed { for row in 0..<pickerRows { call(renderPicker, "org.rxwidgets.Widgets1.Picker", "TitleForRow", [.int32(Int32(row)), .int32(0)]) } }
    rows.append(Row(name: "render-picker 1000", n: 1, p50: pickerPaged, p99: nil, callsPerSecond: nil, ratio: pickerPaged / pickerPerRow,
                    note: String(format: "Titles in pages of 1,000 vs %.0f µs for 1,000 TitleForRow calls; ratio = paged / per row", pickerPerRow)))
    let tableRows = 10_000
    call(root, "org.rxwidgets.Widgets1.Manager", "CreateTable", [.string("render"), options([("items", strings((0..<tableRows).map { "row \($0)" }))])])
    let renderTable = "\(root)/table/render"
    let tablePaged = timed { for first in stride(from: 0, to: tableRows, by: 1_000) { call(renderTable, "org.rxwidgets.Widgets1.Table", "Cells", [.int32(0), .int32(Int32(first)), .int32(1_000)]) } }
    let tablePerRow = timed { for row in 0..<tableRows { call(renderTable, "org.rxwidgets.Widgets1.Table", "CellForRow", [.int32(0), .int32(Int32(row))]) } }
    rows.append(Row(name: "render-table 10000", n: 1, p50: tablePaged, p99: nil, callsPerSecond: nil, ratio: tablePaged / tablePerRow,
                    note: String(format: "Cells in pages of 1,000 vs %.0f µs for 10,000 CellForRow calls; ratio = paged / per row", tablePerRow)))

    log("load-items")
    let loadCount = quick ? 100_000 : 1_000_000
    let loadText = (0..<loadCount).map { "item \($0)" }.joined(separator: "\n")
    let memfd = clinux_memfd("rxwidgets-bench")
    if memfd < 0 { fail("memfd_create failed") }
    _ = loadText.utf8CString.withUnsafeBufferPointer { write(memfd, $0.baseAddress, $0.count - 1) }
    call(root, "org.rxwidgets.Widgets1.Manager", "CreatePicker", [.string("load"), options([])])
    let loadPicker = "\(root)/picker/load"
    let loaded = timed { call(loadPicker, "org.rxwidgets.Widgets1.Picker", "LoadItems", [.unixFD(memfd), options([])]) }
    close(memfd)
    let setItemsSame = timed { call(loadPicker, "org.rxwidgets.Widgets1.Picker", "SetItems", [.array(element: .array(.string), [strings((0..<loadCount).map { "item \($0)" })])]) }
    rows.append(Row(name: "load-items \(loadCount)", n: 1, p50: loaded, p99: nil, callsPerSecond: nil, ratio: setItemsSame / loaded,
                    note: String(format: "LoadItems from a memfd vs %.0f µs for SetItems of the same rows; ratio = SetItems / LoadItems", setItemsSame)))

    log("table-diff")
    call(root, "org.rxwidgets.Widgets1.Manager", "CreateTable", [.string("diff"), options([])])
    let table = "\(root)/table/diff"
    try? client.addMatch("type='signal',sender='\(daemonName)',path='\(table)',member='ItemsChanged'")
    var changedRows = 0
    let diffWatch = client.onSignal { message in
        guard message.member == "ItemsChanged", let values = try? message.arguments() else { return }
        changedRows = values.reduce(0) { $0 + ($1.arrayElements?.count ?? 0) }
    }
    let base = (0..<10_000).map { DBusValue.variant(.string("row \($0)")) }
    var changed = base
    for index in stride(from: 0, to: 10_000, by: 100) {
        changed[index] = .variant(.string("changed \(index)"))
    }
    call(table, "org.rxwidgets.Widgets1.Table", "SetItems", [.array(element: .variant, base)])
    let diffCount = quick ? 5 : 40
    let diffs = sequential(diffCount) { index in
        message(table, "org.rxwidgets.Widgets1.Table", "SetItems", [.array(element: .variant, index % 2 == 0 ? changed : base)])
    }
    rows.append(Row(name: "table-diff", n: diffCount, p50: diffs.p50, p99: diffs.p99, callsPerSecond: 1e6 / diffs.p50, ratio: nil,
                    note: "10,000 rows, 1% changed; ItemsChanged lists \(changedRows) index paths"))
    diffWatch.dispose()

    log("worst-case calls")
    let manager = "org.rxwidgets.Widgets1.Manager"
    let formCreates = quick ? 3 : 10
    let rssBeforeForms = stats.rssMiB
    let ticksBeforeCreate = stats.cpuTicks
    let creates = sequential(formCreates) { index in
        message(root, manager, "CreateForm", [.string("worst\(index)"), .string(worstSpec), options([])])
    }
    let createCPU = ProcessStats.microseconds(ticks: stats.cpuTicks - ticksBeforeCreate) / Double(formCreates) / 1_000
    let perSpecMiB = (stats.rssMiB - rssBeforeForms) / Double(formCreates)
    rows.append(Row(name: "worst-create-form", n: formCreates, p50: creates.p50, p99: creates.p99, callsPerSecond: nil, ratio: nil,
                    note: String(format: "%d-byte spec at every budget (256 fields, 99,328 pattern instructions, 8.3M matching steps); daemon CPU %.1f ms per call; %.1f MiB RSS per form", worstSpec.utf8.count, createCPU, perSpecMiB)))
    let worstForm = "\(root)/form/worst0"
    let allFields = { (text: String) in
        DBusValue.dictionary(key: .string, value: .variant, (0..<256).map { (.string("t\($0)"), .variant(.string(text))) })
    }
    let setCount = quick ? 4 : 20
    let ticksBeforeSet = stats.cpuTicks
    let sets = sequential(setCount) { index in
        message(worstForm, "org.rxwidgets.Widgets1.Form", "SetValues", [allFields(String(repeating: index % 2 == 0 ? "a" : "b", count: 84)), .uint64(0)])
    }
    let setCPU = ProcessStats.microseconds(ticks: stats.cpuTicks - ticksBeforeSet) / Double(setCount) / 1_000
    rows.append(Row(name: "worst-set-values", n: setCount, p50: sets.p50, p99: sets.p99, callsPerSecond: nil, ratio: nil,
                    note: String(format: "SetValues of all 256 fields with 84 characters on that form: every pattern runs, 8.3M steps; daemon CPU %.1f ms per call", setCPU)))
    let ticksBeforeLate = stats.cpuTicks
    let lates = sequential(setCount, refused: "org.rxwidgets.Widgets1.Error.InvalidSpec") { _ in message(root, manager, "CreateForm", [.string("late"), .string(lateErrorSpec), options([])]) }
    let lateCPU = ProcessStats.microseconds(ticks: stats.cpuTicks - ticksBeforeLate) / Double(setCount) / 1_000
    rows.append(Row(name: "worst-bad-spec", n: setCount, p50: lates.p50, p99: lates.p99, callsPerSecond: nil, ratio: nil,
                    note: String(format: "a %d-byte spec refused at its last byte; daemon CPU %.1f ms per call", lateErrorSpec.utf8.count, lateCPU)))
    call(root, manager, "CreateTable", [.string("bigdiff"), options([])])
    for count in [25_000, 2_000_000] where !quick || count < 1_000_000 {
        let models = (0..<count).map { DBusValue.variant(.string("row \($0)")) }
        var changedModels = models
        for index in stride(from: 0, to: count, by: 100) {
            changedModels[index] = .variant(.string("changed \(index)"))
        }
        call("\(root)/table/bigdiff", "org.rxwidgets.Widgets1.Table", "SetItems", [.array(element: .variant, models)])
        let ticksBeforeDiff = stats.cpuTicks
        let bigDiffs = sequential(4) { index in
            message("\(root)/table/bigdiff", "org.rxwidgets.Widgets1.Table", "SetItems", [.array(element: .variant, index % 2 == 0 ? changedModels : models)])
        }
        let diffCPU = ProcessStats.microseconds(ticks: stats.cpuTicks - ticksBeforeDiff) / 4 / 1_000
        let what = count * 2 <= 50_000 ? "diffed: the most rows the default --max-diff-rows diffs" : "past --max-diff-rows: Reloaded, no diff"
        rows.append(Row(name: "worst-table-set \(count)", n: 4, p50: bigDiffs.p50, p99: bigDiffs.p99, callsPerSecond: nil, ratio: nil,
                        note: String(format: "Table.SetItems of %d rows over %d, 1%% changed, %@; daemon CPU %.0f ms per call; peak RSS %.1f MiB", count, count, what as NSString, diffCPU, stats.peakRSSMiB)))
    }

    log("idle")
    // The last bind's old rows are freed after its reply is sent; a round
    // trip makes sure that turn is over before idleness is measured.
    _ = call(root, "org.freedesktop.DBus.Peer", "Ping")
    let idleTicks = stats.cpuTicks
    let idleSeconds = quick ? 2 : 10
    MainLoop.shared.run(while: { true }, timeout: .seconds(idleSeconds))
    let idleUsed = stats.cpuTicks - idleTicks
    let existing = 8 + formCreates
    for index in 0..<(1_000 - existing) {
        client.call(message(root, "org.rxwidgets.Widgets1.Manager", "CreatePicker", [.string("w\(index)"), options([("items", .array(element: .array(.string), [strings(["a", "b", "c"])]))])])) { _ in }
    }
    _ = call(root, "org.freedesktop.DBus.Peer", "Ping")
    let thousandRSS = stats.rssMiB
    rows.append(Row(name: "idle", n: idleSeconds, p50: nil, p99: nil, callsPerSecond: nil, ratio: nil,
                    note: String(format: "%d CPU ticks in %d idle seconds; RSS %.1f MiB at start, %.1f MiB with 1,000 widgets", idleUsed, idleSeconds, startRSS, thousandRSS)))
    rows.append(Row(name: "startup", n: startups.samples.count, p50: startups.p50, p99: startups.p99, callsPerSecond: nil, ratio: nil, note: "exec to name acquired"))

    stopDaemon(daemon)
    ownerWatch.dispose()
    client.close()
    bus.stop()

    print("| case | n | p50_us | p99_us | calls_per_s | ratio | notes |")
    print("|---|---|---|---|---|---|---|")
    for row in rows {
        print(row.markdown)
    }
}
