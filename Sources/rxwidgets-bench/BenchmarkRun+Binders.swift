import DBus

extension BenchmarkRun {
    /// What another client waits while eight clients each bind a million
    /// rows to pickers of their own, all at once (twice): a ninth reads its
    /// own small picker's `Revision` the whole time — the shipped daemon
    /// (with a state directory) and the C reference server doing the same.
    /// The floor is the daemon's one stream from the bus: a read sent after
    /// the binds waits behind their ~28 MB messages, which any server reads
    /// and validates in order, so the ratio to the C reference is the figure.
    func measureReadsDuringEightBinds() {
        let count = quick ? 100_000 : 1_000_000
        let binders = 8
        var servers = [("daemon", daemonPath, true)]
        if let referencePath {
            servers.append(("C reference", referencePath, false))
        }
        var worst: [String: Double] = [:]
        for (label, path, keepsState) in servers {
            log("a read during \(binders) binds of \(count) rows each, \(label)")
            let directory = bus.directory.appendingPathComponent("bench-binders-\(keepsState)").path
            let (server, _) = startDaemon(path, stateDirectory: keepsState ? directory : nil)
            let small = createPicker("small", titles: ["a", "b", "c"])
            let connections: [Connection]
            do {
                connections = try (0...binders).map { _ in try Connection(bus: .address(bus.address)) }
            } catch {
                fail("cannot connect the binding clients: \(error)")
            }
            let pickers = (0..<binders).map { createPicker("bulk\($0)") }
            let reader = connections[binders]
            var reads = Latencies()
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
                    if answered == binders, quietUntil == nil {
                        quietUntil = now() + 1_000_000_000
                    }
                }
            }
            connections.forEach { $0.close() }
            stopDaemon(server)
            let worstRead = Double(reads.samples.max() ?? 0) / 1_000_000
            worst[label] = worstRead
            let ratio = label == "daemon" ? nil : worst["daemon"].map { $0 / worstRead }
            rows.append(Row(name: "read-during-\(binders)-binds \(label)", n: reads.samples.count, p50: reads.p50, p99: reads.p99, callsPerSecond: nil, ratio: ratio,
                            note: String(format: "another client's Get(Revision) of its own picker while %d clients each bind %d new rows, twice, and 1 s after: worst %.1f ms; the binds' p50 %.1f ms",
                                         binders, count, worstRead, binds.p50 / 1_000) + (ratio.map { String(format: "; daemon/C worst %.2f×", $0) } ?? "")))
        }
    }
}
