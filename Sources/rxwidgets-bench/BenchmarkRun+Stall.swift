import BusTestSupport
import DBus
import RxCoreEssentials

extension BenchmarkRun {
    /// What another client waits while one binds a million rows (five
    /// binds of new data): a second connection pings the daemon the whole
    /// time, and for a second after each bind's reply (when its state file is
    /// written) — with a state directory, with `--no-state`, and the C
    /// reference server doing the same (the floor: the ping waits in the
    /// bus's stream behind the bind's message, which libdbus validates whole).
    func measurePingDuringBinds() {
        let count = quick ? 100_000 : 1_000_000
        var servers = [("state-on", daemonPath, true), ("state-off", daemonPath, false)]
        if let referencePath {
            servers.append(("C reference", referencePath, false))
        }
        for (label, path, keepsState) in servers {
            log("ping during binds of \(count) rows, \(label)")
            let directory = bus.directory.appendingPathComponent("bench-state-\(keepsState)").path
            let (server, _) = startDaemon(path, stateDirectory: keepsState ? directory : nil)
            let name = nameOwner
            let picker = createPicker("bulk")
            let other: Connection
            do {
                other = try Connection(bus: .address(bus.address))
            } catch {
                fail("cannot connect a second client: \(error)")
            }
            var pings = Latencies()
            var binds = Latencies()
            for round in 0..<5 {
                let request = message(picker, Widgets1.picker, "SetItems", [pickerItems((0..<count).map { "round \(round) item \($0)" })])
                var answered = false
                let start = now()
                client.call(request, timeoutMilliseconds: 300_000) { _ in
                    answered = true
                    binds.record(now() - start)
                }
                var quietUntil: UInt64?
                while quietUntil.map({ now() < $0 }) ?? true {
                    let ping = pingMessage(to: name)
                    let sent = now()
                    _ = try? other.callAndWait(ping, timeoutMilliseconds: 60_000)
                    pings.record(now() - sent)
                    if answered, quietUntil == nil {
                        quietUntil = now() + 1_000_000_000
                    }
                }
            }
            other.close()
            stopDaemon(server)
            let worst = Double(pings.samples.max() ?? 0) / 1_000_000
            rows.append(Row(name: "ping-during-bind \(label)", n: pings.samples.count, p50: pings.p50, p99: pings.p99, callsPerSecond: nil, ratio: nil,
                            note: String(format: "a second client's Peer.Ping while SetItems of %d new rows runs, 5 times, and 1 s after each: worst %.1f ms; the bind's call p50 %.1f ms", count, worst, binds.p50 / 1_000)))
        }
    }
}
