import DBus
import RxCoreEssentials

extension BenchmarkRun {
    /// Exec to name acquired, over repeated starts of the daemon.
    func measureStartup() {
        log("startup: exec to name acquired, 20 times")
        for _ in 0..<(quick ? 5 : 20) {
            let (daemon, elapsed) = startDaemon(daemonPath)
            startups.record(elapsed)
            stopDaemon(daemon)
        }
    }

    /// Peer.Ping round trips: the floor the other cases are compared with.
    func measurePing() {
        log("ping")
        let pingCount = scaled(20_000)
        let name = daemon.name
        let ping = sequential(pingCount) { _ in pingMessage(to: name) }
        pingP50 = ping.p50
        rows.append(Row(name: "ping", n: pingCount, p50: ping.p50, p99: ping.p99, callsPerSecond: 1e6 / ping.p50, ratio: 1, note: "Peer.Ping, the floor"))
    }

    /// Daemon CPU while idle, and RSS at start against RSS with 1,000 widgets.
    func measureIdle() {
        log("idle")
        let stats = daemon.stats
        // The last bind's old rows are freed after its reply is sent, on the
        // discarding thread (two million rows take it a tenth of a second and
        // more): idleness is measured once the daemon has used no CPU for half
        // a second, at most ten seconds after a round trip.
        call(Widgets1.root, "org.freedesktop.DBus.Peer", "Ping")
        let settleBy = now() + 10_000_000_000
        var before = stats.cpuTicks
        repeat {
            MainLoop.shared.run(while: { true }, timeout: .milliseconds(500))
            let after = stats.cpuTicks
            if after == before { break }
            before = after
        } while now() < settleBy
        let idleTicks = stats.cpuTicks
        let idleSeconds = quick ? 2 : 10
        MainLoop.shared.run(while: { true }, timeout: .seconds(idleSeconds))
        let idleUsed = stats.cpuTicks - idleTicks
        // Up to 1,000 with the widgets the earlier cases left, however many those are.
        let existing = call(Widgets1.root, "org.freedesktop.DBus.Properties", "Get", [.string(Widgets1.manager), .string("Widgets")]).first?.variantValue?.arrayElements?.count ?? 0
        for index in 0..<max(0, 1_000 - existing) {
            client.call(message(Widgets1.root, Widgets1.manager, "CreatePicker", [.string("w\(index)"), options([("items", pickerItems(["a", "b", "c"]))])])) { _ in }
        }
        call(Widgets1.root, "org.freedesktop.DBus.Peer", "Ping")
        let thousandRSS = stats.rssMiB
        rows.append(Row(name: "idle", n: idleSeconds, p50: nil, p99: nil, callsPerSecond: nil, ratio: nil,
                        note: String(format: "%d CPU ticks in %d idle seconds; RSS %.1f MiB at start, %.1f MiB with 1,000 widgets", idleUsed, idleSeconds, daemon.startRSS, thousandRSS)))
    }

    /// The startup times `measureStartup` took, as the table's last row.
    func reportStartup() {
        rows.append(Row(name: "startup", n: startups.samples.count, p50: startups.p50, p99: startups.p99, callsPerSecond: nil, ratio: nil, note: "exec to name acquired"))
    }
}
