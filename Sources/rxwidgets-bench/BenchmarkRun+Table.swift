import DBus

extension BenchmarkRun {
    /// Table.SetItems of 10,000 rows alternating with a copy of them 1%
    /// changed, and how many index paths ItemsChanged lists.
    func measureTableDiff() {
        log("table-diff")
        let table = createTable("diff")
        try? client.addMatch("type='signal',sender='\(daemon.name)',path='\(table)',member='ItemsChanged'")
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
        call(table, Widgets1.table, "SetItems", [.array(element: .variant, base)])
        let diffCount = quick ? 5 : 40
        let diffs = sequential(diffCount) { index in
            message(table, Widgets1.table, "SetItems", [.array(element: .variant, index % 2 == 0 ? changed : base)])
        }
        rows.append(Row(name: "table-diff", n: diffCount, p50: diffs.p50, p99: diffs.p99, callsPerSecond: 1e6 / diffs.p50, ratio: nil,
                        note: "10,000 rows, 1% changed; ItemsChanged lists \(changedRows) index paths"))
        diffWatch.dispose()
    }
}
