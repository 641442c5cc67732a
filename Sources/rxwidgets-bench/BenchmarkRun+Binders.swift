import Foundation
import DBus

extension BenchmarkRun {
    /// What another client waits while eight clients each bind a million
    /// rows to pickers of their own, all at once (twice): a ninth reads its
    /// own small picker's `Revision` the whole time, each read followed by
    /// the bus's own `GetId` (answered by the bus, which reads and checks
    /// every bind's ~28 MB message first, so its wait is the bus's share) —
    /// the shipped daemon (with a state directory) and the C reference
    /// server doing the same. The floor is the daemon's one stream from the
    /// bus: a read sent after the binds waits behind their messages, which
    /// any server reads in order, so the ratio to the C reference is the figure.
    func measureReadsDuringEightBinds() {
        let count = quick ? 100_000 : 1_000_000
        let binders = 8
        var servers = [("daemon", daemonPath, [String](), true)]
        if let referencePath {
            servers.append(("C reference", referencePath, [], false))
        }
        let bench = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        servers.append(("floor", bench, ["--floor-server"], false))
        var worst: [String: Double] = [:]
        for (label, path, mode, keepsState) in servers {
            log("a read during \(binders) binds of \(count) rows each, \(label)")
            let directory = bus.directory.appendingPathComponent("bench-binders-\(keepsState)").path
            let (server, _) = startDaemon(path, mode: mode, stateDirectory: keepsState ? directory : nil)
            // The floor server answers every call UnknownMethod: it has no pickers to create.
            let isFloor = label == "floor"
            let small = isFloor ? "\(Widgets1.root)/picker/small" : createPicker("small", titles: ["a", "b", "c"])
            let connections: [Connection]
            do {
                connections = try (0...binders).map { _ in try Connection(bus: .address(bus.address)) }
            } catch {
                fail("cannot connect the binding clients: \(error)")
            }
            let pickers = (0..<binders).map { isFloor ? "\(Widgets1.root)/picker/bulk\($0)" : createPicker("bulk\($0)") }
            let reader = connections[binders]
            var reads = Latencies()
            var busReads = Latencies()
            var binds = Latencies()
            for round in 0..<2 {
                var answered = 0
                let start = now()
                for (index, picker) in pickers.enumerated() {
                    let titles = (0..<count).map { "round \(round) binder \(index) item \($0)" }
                    connections[index].call(message(picker, Widgets1.picker, "SetItems", [pickerItems(titles)]), timeoutMilliseconds: 300_000) { _ in
                        answered += 1
                        binds.record(now() - start)
                    }
                }
                var quietUntil: UInt64?
                while quietUntil.map({ now() < $0 }) ?? true {
                    let read = message(small, "org.freedesktop.DBus.Properties", "Get", [.string(Widgets1.picker), .string("Revision")])
                    let sent = now()
                    _ = try? reader.callAndWait(read, timeoutMilliseconds: 60_000)
                    reads.record(now() - sent)
                    let asked = now()
                    _ = try? reader.callAndWait(busIdMessage(), timeoutMilliseconds: 60_000)
                    busReads.record(now() - asked)
                    if answered == binders, quietUntil == nil {
                        quietUntil = now() + 1_000_000_000
                    }
                }
            }
            connections.forEach { $0.close() }
            stopDaemon(server)
            let worstRead = Double(reads.samples.max() ?? 0) / 1_000_000
            let worstBus = Double(busReads.samples.max() ?? 0) / 1_000_000
            worst[label] = worstRead
            let ratio = label == "daemon" ? nil : worst["daemon"].map { $0 / worstRead }
            let ratioNote = ratio.map { String(format: isFloor ? "; daemon/floor worst %.2f×" : "; daemon/C worst %.2f×", $0) } ?? ""
            let loop = server.longestTurnMilliseconds.map { String(format: "; the daemon's longest loop turn %.1f ms", $0) } ?? ""
            rows.append(Row(name: "read-during-\(binders)-binds \(label)", n: reads.samples.count, p50: reads.p50, p99: reads.p99, callsPerSecond: nil, ratio: ratio,
                            note: String(format: "another client's Get(Revision) of its own picker while %d clients each bind %d new rows, twice, and 1 s after: worst %.1f ms (the bus's GetId beside it: worst %.1f ms, p99 %.1f ms); the binds' p50 %.1f ms",
                                         binders, count, worstRead, worstBus, busReads.p99 / 1_000, binds.p50 / 1_000) + loop + ratioNote))
        }
    }
}
