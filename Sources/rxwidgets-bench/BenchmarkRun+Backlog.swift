import DBus
import Foundation
import RxCoreEssentials

extension BenchmarkRun {
    /// What other clients wait while one keeps seconds of calls queued: the
    /// first client pipelines `SetValues` on a form at every budget (each
    /// runs every pattern, ~80 ms); meanwhile a second client's `Peer.Ping`
    /// and `Get(Revision)` of that form go round, and new clients make
    /// their first call (`CreatePicker`, whose uid must be asked of the bus).
    func measureBacklog() {
        let backlog = quick ? 20 : 100
        log("calls of other clients behind a backlog of \(backlog) worst SetValues")
        let form = createForm("backlog", spec: worstSpec)
        var backlogAnswered = 0
        let started = now()
        for index in 0..<backlog {
            client.call(message(form, Widgets1.form, "SetValues", [allFields("t", String(repeating: index % 2 == 0 ? "a" : "b", count: 84)), .uint64(0)]), timeoutMilliseconds: 600_000) { _ in
                backlogAnswered += 1
            }
        }
        MainLoop.shared.run(while: { backlogAnswered == 0 }, timeout: .seconds(60))
        let other: Connection
        do {
            other = try Connection(bus: .address(bus.address))
        } catch {
            fail("cannot connect a second client: \(error)")
        }
        let name = nameOwner
        var pings = Latencies()
        var reads = Latencies()
        var firstCalls = Latencies()
        var refusedFirstCalls = 0
        var round = 0
        while backlogAnswered < backlog {
            let ping = pingMessage(to: name)
            var sent = now()
            _ = try? other.callAndWait(ping, timeoutMilliseconds: 600_000)
            pings.record(now() - sent)
            let read = (try? Message.methodCall(destination: name, path: form, interface: "org.freedesktop.DBus.Properties", member: "Get")) ?? message("/", "x.y", "Z")
            try? read.append([.string(Widgets1.form), .string("Revision")])
            sent = now()
            _ = try? other.callAndWait(read, timeoutMilliseconds: 600_000)
            reads.record(now() - sent)
            if round % 5 == 0, let newcomer = try? Connection(bus: .address(bus.address)) {
                let create = message(Widgets1.root, Widgets1.manager, "CreatePicker", [.string("newcomer\(round)"), options([])])
                sent = now()
                do {
                    _ = try newcomer.callAndWait(create, timeoutMilliseconds: 600_000)
                } catch {
                    refusedFirstCalls += 1
                }
                firstCalls.record(now() - sent)
                newcomer.close()
            }
            round += 1
        }
        let backlogSeconds = Double(now() - started) / 1_000_000_000
        other.close()
        let worst = { (latencies: Latencies) in Double(latencies.samples.max() ?? 0) / 1_000_000 }
        let context = String(format: "while one client's %d pipelined worst SetValues run (%.1f s)", backlog, backlogSeconds)
        rows.append(Row(name: "backlog ping", n: pings.samples.count, p50: pings.p50, p99: pings.p99, callsPerSecond: nil, ratio: nil,
                        note: String(format: "another client's Peer.Ping %@: worst %.1f ms", context as NSString, worst(pings))))
        rows.append(Row(name: "backlog read", n: reads.samples.count, p50: reads.p50, p99: reads.p99, callsPerSecond: nil, ratio: nil,
                        note: String(format: "another client's Get(Revision) of that form %@: worst %.1f ms", context as NSString, worst(reads))))
        rows.append(Row(name: "backlog first call", n: firstCalls.samples.count, p50: firstCalls.p50, p99: firstCalls.p99, callsPerSecond: nil, ratio: nil,
                        note: String(format: "a new client's first CreatePicker (its uid asked of the bus) %@: worst %.1f ms, %d refused", context as NSString, worst(firstCalls), refusedFirstCalls)))
    }
}
