import DBus
import Foundation

extension BenchmarkRun {
    /// `GetManagedObjects` over 300 widgets (100 pickers of 4 × 1,000 rows,
    /// 100 tables of 1,000 rows, 100 forms of 20 fields of 4,000
    /// characters), on a daemon of its own: the first answer is written
    /// whole, an unchanged one is sent as kept, and after one widget's change
    /// only that widget is written again. Any uid may call it in a loop.
    func measureManagedObjects() {
        let count = quick ? 10 : 100
        let calls = quick ? 5 : 20
        log("GetManagedObjects over \(count * 3) widgets")
        let (server, _) = startDaemon(daemonPath)
        let rows = rowTitles(1_000)
        let text = String(repeating: "v", count: 4_000)
        let fields = (0..<20).map { #"{"name":"f\#($0)","kind":"text"}"# }.joined(separator: ",")
        for index in 0..<count {
            call(Widgets1.root, Widgets1.manager, "CreatePicker",
                 [.string("p\(index)"), options([("items", .array(element: .array(.string), Array(repeating: strings(rows), count: 4)))])])
            createTable("t\(index)", titles: rows)
            let form = createForm("f\(index)", spec: #"{"fields":[\#(fields)]}"#)
            call(form, Widgets1.form, "SetValues", [options((0..<20).map { ("f\($0)", .string(text)) }), .uint64(0)])
        }
        let managedObjects = { self.message(Widgets1.root, "org.freedesktop.DBus.ObjectManager", "GetManagedObjects") }
        let check = { (reply: Message) in
            let objects = (try? reply.arguments())?.first?.dictionaryEntries?.count ?? 0
            if objects != count * 3 { fail("GetManagedObjects answered \(objects) objects, expected \(count * 3)") }
        }
        let stats = server.stats
        let measure = { (name: String, note: String, n: Int, before: (Int) -> Void) in
            var latencies = Latencies()
            var ticks: UInt64 = 0
            for index in 0..<n {
                before(index)
                let ticksBefore = stats.cpuTicks
                latencies.samples += self.sequential(1, { _ in managedObjects() }, check: check).samples
                ticks += stats.cpuTicks - ticksBefore
            }
            let cpu = ProcessStats.microseconds(ticks: ticks) / Double(n) / 1_000
            self.rows.append(Row(name: name, n: n, p50: latencies.p50, p99: latencies.p99, callsPerSecond: nil, ratio: nil,
                                 note: String(format: "%@; daemon CPU %.1f ms per call", note as NSString, cpu)))
        }
        measure("managed-objects written", "GetManagedObjects over \(count * 3) widgets, the first call (every object written)", 1) { _ in }
        measure("managed-objects kept", "the same again, unchanged (the kept answer sent)", calls) { _ in }
        measure("managed-objects one-changed", "after a SelectRow on one of the pickers (that picker written again)", calls) { index in
            self.call("\(Widgets1.root)/picker/p\(index % count)", Widgets1.picker, "SelectRow", [.int32(Int32(1 + index % 999)), .int32(0)])
        }
        stopDaemon(server)
    }
}
