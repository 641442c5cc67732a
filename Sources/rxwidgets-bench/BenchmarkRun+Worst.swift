import DBus
import Foundation

extension BenchmarkRun {
    /// The form calls at every budget: creating a form from the largest
    /// spec, setting all its fields so that every pattern runs, and a spec
    /// refused only at its last byte.
    func measureWorstForms() {
        log("worst-case calls")
        let stats = daemon.stats
        let rssBeforeForms = stats.rssMiB
        let ticksBeforeCreate = stats.cpuTicks
        let creates = sequential(formCreates) { index in
            message(Widgets1.root, Widgets1.manager, "CreateForm", [.string("worst\(index)"), .string(worstSpec), options([])])
        }
        let createCPU = ProcessStats.microseconds(ticks: stats.cpuTicks - ticksBeforeCreate) / Double(formCreates) / 1_000
        let perSpecMiB = (stats.rssMiB - rssBeforeForms) / Double(formCreates)
        rows.append(Row(name: "worst-create-form", n: formCreates, p50: creates.p50, p99: creates.p99, callsPerSecond: nil, ratio: nil,
                        note: String(format: "%d-byte spec at every budget (256 fields, 99,328 pattern instructions, 8.3M matching steps); daemon CPU %.1f ms per call; %.1f MiB RSS per form", worstSpec.utf8.count, createCPU, perSpecMiB)))
        let worstForm = "\(Widgets1.root)/form/worst0"
        let setCount = quick ? 4 : 20
        let ticksBeforeSet = stats.cpuTicks
        let sets = sequential(setCount) { index in
            message(worstForm, Widgets1.form, "SetValues", [allFields("t", String(repeating: index % 2 == 0 ? "a" : "b", count: 84)), .uint64(0)])
        }
        let setCPU = ProcessStats.microseconds(ticks: stats.cpuTicks - ticksBeforeSet) / Double(setCount) / 1_000
        rows.append(Row(name: "worst-set-values", n: setCount, p50: sets.p50, p99: sets.p99, callsPerSecond: nil, ratio: nil,
                        note: String(format: "SetValues of all 256 fields with 84 characters on that form: every pattern runs, 8.3M steps; daemon CPU %.1f ms per call", setCPU)))
        let ticksBeforeLate = stats.cpuTicks
        let lates = sequential(setCount, refused: "org.rxwidgets.Widgets1.Error.InvalidSpec") { _ in
            message(Widgets1.root, Widgets1.manager, "CreateForm", [.string("late"), .string(lateErrorSpec), options([])])
        }
        let lateCPU = ProcessStats.microseconds(ticks: stats.cpuTicks - ticksBeforeLate) / Double(setCount) / 1_000
        rows.append(Row(name: "worst-bad-spec", n: setCount, p50: lates.p50, p99: lates.p99, callsPerSecond: nil, ratio: nil,
                        note: String(format: "a %d-byte spec refused at its last byte; daemon CPU %.1f ms per call", lateErrorSpec.utf8.count, lateCPU)))
    }

    /// Table.SetItems with 1% of the rows changed, at the most rows the
    /// default --max-diff-rows still diffs and far past it.
    func measureWorstTableSets() {
        let stats = daemon.stats
        let table = createTable("bigdiff")
        for count in [25_000, 2_000_000] where !quick || count < 1_000_000 {
            let models = (0..<count).map { DBusValue.variant(.string("row \($0)")) }
            var changedModels = models
            for index in stride(from: 0, to: count, by: 100) {
                changedModels[index] = .variant(.string("changed \(index)"))
            }
            call(table, Widgets1.table, "SetItems", [.array(element: .variant, models)])
            let ticksBeforeDiff = stats.cpuTicks
            let bigDiffs = sequential(4) { index in
                message(table, Widgets1.table, "SetItems", [.array(element: .variant, index % 2 == 0 ? changedModels : models)])
            }
            let diffCPU = ProcessStats.microseconds(ticks: stats.cpuTicks - ticksBeforeDiff) / 4 / 1_000
            let what = count * 2 <= 50_000 ? "diffed: the most rows the default --max-diff-rows diffs" : "past --max-diff-rows: Reloaded, no diff"
            rows.append(Row(name: "worst-table-set \(count)", n: 4, p50: bigDiffs.p50, p99: bigDiffs.p99, callsPerSecond: nil, ratio: nil,
                            note: String(format: "Table.SetItems of %d rows over %d, 1%% changed, %@; daemon CPU %.0f ms per call; peak RSS %.1f MiB", count, count, what as NSString, diffCPU, stats.peakRSSMiB)))
        }
    }
}
