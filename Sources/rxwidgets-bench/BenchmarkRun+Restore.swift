import DBus
import Foundation
import Glibc

extension BenchmarkRun {
    /// What a restart costs with widgets kept: 1,000 widgets (pickers and
    /// tables of 10 rows and sign-up forms, a third each), then one picker at
    /// the row limit (2,000,000 rows), each written at SIGTERM into a state
    /// directory of its own and restored before the name is taken again.
    func measureRestore() {
        let widgetCount = quick ? 100 : 1_000
        let rowCount = quick ? 100_000 : 2_000_000
        log("restore of \(widgetCount) widgets")
        let widgetsDirectory = freshDirectory("bench-restore-widgets")
        let (keeping, _) = startDaemon(daemonPath, stateDirectory: widgetsDirectory)
        for index in 0..<widgetCount {
            switch index % 3 {
            case 0: createPicker("p\(index)", titles: rowTitles(10))
            case 1: createTable("t\(index)", titles: rowTitles(10))
            default: createForm("f\(index)", spec: "sign-up")
            }
        }
        stopDaemon(keeping)
        recordRestore("restore \(widgetCount) widgets", widgetsDirectory, expecting: widgetCount) {
            let managed = call(Widgets1.root, "org.freedesktop.DBus.ObjectManager", "GetManagedObjects").first?.arrayElements?.count ?? 0
            return (managed, "\(managed) widgets back")
        }

        log("restore of a \(rowCount)-row picker")
        let rowsDirectory = freshDirectory("bench-restore-rows")
        let (binding, _) = startDaemon(daemonPath, stateDirectory: rowsDirectory)
        let picker = createPicker("rows")
        let rowsFile = memfd(holding: rowTitles(rowCount))
        call(picker, Widgets1.picker, "LoadItems", [.unixFD(rowsFile), options([])])
        close(rowsFile)
        stopDaemon(binding)
        recordRestore("restore \(rowCount) rows", rowsDirectory, expecting: rowCount) {
            let counts = call(picker, "org.freedesktop.DBus.Properties", "Get", [.string(Widgets1.picker), .string("RowCounts")]).first
            let restored = counts?.variantValue?.arrayElements?.first.flatMap { try? Int32(dbusValue: $0) }.map(Int.init) ?? 0
            return (restored, "\(restored) rows back")
        }
    }

    private func freshDirectory(_ name: String) -> String {
        let path = bus.directory.appendingPathComponent(name).path
        try? FileManager.default.removeItem(atPath: path)
        return path
    }

    /// Starts the daemon on `directory`, checks with `restored` that what
    /// was kept came back (`expected` of it), and records exec to name and
    /// the RSS there.
    private func recordRestore(_ name: String, _ directory: String, expecting expected: Int, _ restored: () -> (Int, String)) {
        let (server, startup) = startDaemon(daemonPath, stateDirectory: directory)
        let rss = server.stats.rssMiB
        let (count, what) = restored()
        guard count == expected else { fail("\(name): \(what), expected \(expected)") }
        stopDaemon(server)
        rows.append(Row(name: name, n: 1, p50: Double(startup) / 1_000, p99: nil, callsPerSecond: nil, ratio: nil,
                        note: String(format: "exec to name with them restored (%@); RSS %.1f MiB at the name", what as NSString, rss)))
    }
}
